import { createHash } from 'node:crypto'
import { request } from 'node:http'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localServiceRoleKey } from '../../support/keys'
import {
	createClientFilesBucket,
	listedVersions,
	startStorageStandIn,
	type StorageStandIn,
} from '../../support/storage'
import { createUser, raw, serviceClient, type TestUser } from '../../support/supabase'
import { uniqueEmail } from '../../support/unique'

// Expected answers come from SUPABASE-CONTRACT.md (supabase/storage's routes, error handler and limits).
let standIn: StorageStandIn
let ana: TestUser
const bucket = 'expedientes'

beforeAll(async () => {
	standIn = await startStorageStandIn()
	await createClientFilesBucket(standIn.supabase, bucket)
	ana = await createUser(standIn.supabase.url, uniqueEmail('storage-ana'))
})
afterAll(() => standIn.stop())

const files = () => ana.client.storage.from(bucket)
const pdf = (text: string) => Buffer.from(`%PDF-1.7 ${text}`)
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex')

async function row(name: string) {
	const { rows } = await standIn.supabase.db.query<{
		owner: string | null
		owner_id: string | null
		metadata: Record<string, unknown>
		user_metadata: Record<string, unknown>
		path_tokens: string[]
		version: string
	}>('select owner, owner_id, metadata, user_metadata, path_tokens, version from storage.objects where name = $1', [
		name,
	])
	return rows[0]
}

/** A refusal as storage-js hands it over, and the body the server sent. */
function refusal(statusCode: string, message: string) {
	return expect.objectContaining({ name: 'StorageApiError', status: 400, statusCode, message })
}

describe('upload and download', () => {
	test('a Buffer goes up raw with its content type, owned by the JWT’s sub, and comes back with its headers', async () => {
		const name = `${ana.id}/informe.pdf`
		const bytes = pdf('informe')
		const upload = await files().upload(name, bytes, { contentType: 'application/pdf', metadata: { origen: 'portal' } })
		expect(upload.error).toBeNull()
		expect(upload.data).toEqual({ path: name, id: expect.any(String), fullPath: `${bucket}/${name}` })

		const stored = await row(name)
		expect(stored).toMatchObject({
			owner: ana.id,
			owner_id: ana.id,
			path_tokens: [ana.id, 'informe.pdf'],
			user_metadata: { origen: 'portal' },
			metadata: {
				eTag: `"${md5(bytes)}"`,
				size: bytes.length,
				mimetype: 'application/pdf',
				cacheControl: 'max-age=3600',
				contentLength: bytes.length,
				httpStatusCode: 200,
			},
		})

		const download = await files().download(name)
		expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(bytes)
		const token = (await ana.client.auth.getSession()).data.session?.access_token
		const response = await raw(standIn.supabase.url, `/storage/v1/object/${bucket}/${name}`, { token })
		expect(response.status).toBe(200)
		expect(Object.fromEntries(response.headers)).toMatchObject({
			'content-type': 'application/pdf',
			'cache-control': 'max-age=3600',
			etag: `"${md5(bytes)}"`,
			'content-length': String(bytes.length),
			'accept-ranges': 'bytes',
			'x-robots-tag': 'none',
		})
		expect(new Date(response.headers.get('last-modified') ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000)
		expect(response.headers.get('content-disposition')).toBeNull()

		const named = await raw(standIn.supabase.url, `/storage/v1/object/${bucket}/${name}?download=informe final.pdf`, {
			token,
		})
		expect(named.headers.get('content-disposition')).toBe(
			"attachment; filename=informe%20final.pdf; filename*=UTF-8''informe%20final.pdf",
		)
		const unnamed = await raw(standIn.supabase.url, `/storage/v1/object/authenticated/${bucket}/${name}?download`, {
			token,
		})
		expect(unnamed.headers.get('content-disposition')).toBe('attachment;')
		const ranged = await raw(standIn.supabase.url, `/storage/v1/object/${bucket}/${name}`, {
			token,
			headers: { Range: 'bytes=0-3' },
		})
		expect(ranged.status).toBe(206)
		expect(await ranged.text()).toBe('%PDF')
		expect(ranged.headers.get('content-range')).toBe(`bytes 0-3/${bytes.length}`)
	})

	test('a Blob goes up as a form: its own type, the cacheControl field, its exact size at the limit', async () => {
		const name = `${ana.id}/foto.png`
		const blob = new Blob([Buffer.alloc(2048, 1)], { type: 'image/png' })
		const upload = await files().upload(name, blob, { cacheControl: '60', contentType: 'application/pdf' })
		expect(upload.error).toBeNull()
		expect((await row(name))?.metadata).toMatchObject({ mimetype: 'image/png', cacheControl: 'max-age=60', size: 2048 })
		expect(await files().exists(name)).toEqual({ data: true, error: null })
		const info = await files().info(name)
		expect(info.data).toMatchObject({ name, size: 2048, contentType: 'image/png', cacheControl: 'max-age=60' })
	})

	test('a key taken is refused without upsert, replaced with it, and the old file goes', async () => {
		const name = `${ana.id}/dos-veces.pdf`
		await files().upload(name, pdf('primero'), { contentType: 'application/pdf' })
		const again = await files().upload(name, pdf('segundo'), { contentType: 'application/pdf' })
		expect(again.error).toEqual(refusal('409', 'The resource already exists'))
		const body = await raw(standIn.supabase.url, `/storage/v1/object/${bucket}/${name}`, {
			method: 'POST',
			token: (await ana.client.auth.getSession()).data.session?.access_token,
			headers: { 'content-type': 'application/pdf' },
			body: pdf('tercero'),
		})
		expect(body.status).toBe(400)
		expect(await body.json()).toEqual({
			statusCode: '409',
			error: 'Duplicate',
			message: 'The resource already exists',
			code: 'KeyAlreadyExists',
		})

		const replaced = await files().upload(name, pdf('segundo'), { contentType: 'application/pdf', upsert: true })
		expect(replaced.error).toBeNull()
		const updated = await files().update(name, pdf('cuarto'), { contentType: 'application/pdf' })
		expect(updated.error).toBeNull()
		expect(await (await files().download(name)).data?.text()).toBe('%PDF-1.7 cuarto')
		expect(await standIn.storedFiles()).toEqual(await listedVersions(standIn.supabase))
	})

	test('uploads of one key at once: one wins each race, and no file is left without its row', async () => {
		const name = `${ana.id}/a-la-vez.pdf`
		const versions = ['uno', 'dos', 'tres', 'cuatro']
		const upserts = await Promise.all(
			versions.map((text) => files().upload(name, pdf(text), { contentType: 'application/pdf', upsert: true })),
		)
		expect(upserts.map((result) => result.error)).toEqual([null, null, null, null])
		const other = `${ana.id}/una-vez.pdf`
		const creates = await Promise.all(
			versions.map((text) => files().upload(other, pdf(text), { contentType: 'application/pdf' })),
		)
		expect(creates.filter((result) => result.error === null)).toHaveLength(1)
		expect(creates.filter((result) => result.error?.message === 'The resource already exists')).toHaveLength(3)
		expect(await standIn.storedFiles()).toEqual(await listedVersions(standIn.supabase))
	})

	test('a missing object and a missing bucket', async () => {
		const missing = await files().download(`${ana.id}/no-existe.pdf`)
		expect(missing.error).toEqual(refusal('404', 'Object not found'))
		const noBucket = await ana.client.storage.from('no-existe').upload(`${ana.id}/a.pdf`, pdf('x'))
		expect(noBucket.error).toEqual(refusal('404', 'Bucket not found'))
		const body = await raw(standIn.supabase.url, `/storage/v1/object/${bucket}/${ana.id}/no-existe.pdf`, {
			key: localServiceRoleKey,
		})
		expect(await body.json()).toEqual({
			statusCode: '404',
			error: 'not_found',
			message: 'Object not found',
			code: 'NoSuchKey',
		})
	})
})

describe('limits', () => {
	const tooLarge = refusal('413', 'The object exceeded the maximum allowed size')

	/**
	 * A POST announcing `length` bytes that sends four: the answer, or undefined when none comes within
	 * `waitMs` (the server is waiting for the rest, as it should for a size it takes).
	 */
	async function announce(path: string, length: number, token: string, waitMs: number) {
		return new Promise<{ status?: number; body: string } | undefined>((resolve, reject) => {
			const sent = request(new URL(`${standIn.supabase.url}/storage/v1/object/${path}`), {
				method: 'POST',
				headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf', 'content-length': length },
			})
			const timer = setTimeout(() => {
				sent.destroy()
				resolve(undefined)
			}, waitMs)
			sent.on('response', (response) => {
				let body = ''
				response.on('data', (chunk: Buffer) => (body += chunk.toString()))
				response.on('end', () => {
					clearTimeout(timer)
					resolve({ status: response.statusCode, body })
					sent.destroy()
				})
			})
			sent.on('error', (error) => (sent.destroyed ? undefined : reject(error)))
			sent.write('%PDF')
		})
	}

	test('a body declared too large is refused before it is sent', async () => {
		const declared = await files().upload(`${ana.id}/grande.pdf`, Buffer.alloc(2049), {
			contentType: 'application/pdf',
		})
		expect(declared.error).toEqual(tooLarge)
		// Ten megabytes announced, a few bytes sent: only a server that answers unread replies at all.
		const token = (await ana.client.auth.getSession()).data.session?.access_token ?? ''
		const answer = await announce(`${bucket}/${ana.id}/enorme.pdf`, 10_000_000, token, 5000)
		expect(answer?.status).toBe(400)
		expect(JSON.parse(answer?.body ?? '')).toMatchObject({
			statusCode: '413',
			code: 'EntityTooLarge',
			error: 'Payload too large',
		})
	})

	test('a bucket of no limit of its own has config.toml’s: 50 MiB', async () => {
		await standIn.supabase.db.query(`insert into storage.buckets (id, name) values ('sin-limite', 'sin-limite')`)
		const over = await announce('sin-limite/grande.pdf', 50 * 1024 * 1024 + 1, localServiceRoleKey, 5000)
		expect(JSON.parse(over?.body ?? '')).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' })
		// Fifty decimal megabytes and one byte are under 50 MiB: the server waits for them.
		expect(await announce('sin-limite/grande.pdf', 50_000_001, localServiceRoleKey, 500)).toBeUndefined()
	})

	test('a body of no declared size is counted as it comes, and nothing of it is kept', async () => {
		const form = await files().upload(`${ana.id}/grande.png`, new Blob([Buffer.alloc(2049)], { type: 'image/png' }))
		expect(form.error).toEqual(tooLarge)
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(500))
				controller.close()
			},
		})
		const streamed = await serviceClient(standIn.supabase.url)
			.storage.from(bucket)
			.upload(`${ana.id}/flujo.pdf`, stream, { contentType: 'application/pdf' })
		expect(streamed.error).toEqual(tooLarge)
		expect(await row(`${ana.id}/grande.png`)).toBeUndefined()
		expect(await row(`${ana.id}/flujo.pdf`)).toBeUndefined()
		expect(await standIn.storedFiles()).toEqual(await listedVersions(standIn.supabase))
	})

	test('types: exact or type/*, parameters included, so storage-js’s default text type needs naming', async () => {
		const html = await files().upload(`${ana.id}/pagina.html`, Buffer.from('<p>hola</p>'), { contentType: 'text/html' })
		expect(html.error).toEqual(refusal('415', 'mime type text/html is not supported'))
		const byDefault = await files().upload(`${ana.id}/nota.txt`, Buffer.from('hola'))
		expect(byDefault.error).toEqual(refusal('415', 'mime type text/plain;charset=UTF-8 is not supported'))
		const named = await files().upload(`${ana.id}/nota.txt`, Buffer.from('hola'), { contentType: 'text/plain' })
		expect(named.error).toBeNull()
		const wildcard = await files().upload(`${ana.id}/foto.webp`, Buffer.from('RIFF'), { contentType: 'image/webp' })
		expect(wildcard.error).toBeNull()
	})

	test('keys: accents and ñ are refused', async () => {
		const name = `${ana.id}/canción-año.pdf`
		const upload = await files().upload(name, pdf('x'), { contentType: 'application/pdf' })
		expect(upload.error).toEqual(refusal('400', `Invalid key: ${name}`))
	})
})

describe('signed URLs', () => {
	test('an HS256 token for the path, good until it expires, opened with no key at all', async () => {
		const name = `${ana.id}/firmado.pdf`
		await files().upload(name, pdf('firmado'), { contentType: 'application/pdf' })
		const signed = await files().createSignedUrl(name, 60, { download: 'copia.pdf' })
		expect(signed.error).toBeNull()
		const url = new URL(signed.data?.signedUrl ?? '')
		expect(url.pathname).toBe(`/storage/v1/object/sign/${bucket}/${name}`)
		const token = url.searchParams.get('token') ?? ''
		expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256' })
		const claims = decodeJwt(token)
		expect(claims).toEqual({
			url: `${bucket}/${name}`,
			scope: 'download',
			iat: expect.any(Number),
			exp: expect.any(Number),
		})
		expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60)

		const opened = await fetch(url)
		expect(opened.status).toBe(200)
		expect(await opened.text()).toBe('%PDF-1.7 firmado')
		expect(opened.headers.get('cache-control')).toBeNull()
		expect(opened.headers.get('expires')).toBe(new Date((claims.exp ?? 0) * 1000).toUTCString())
		expect(opened.headers.get('content-disposition')).toBe("attachment; filename=copia.pdf; filename*=UTF-8''copia.pdf")

		const tampered = await fetch(`${url.origin}${url.pathname}?token=${token.slice(0, -2)}xx`)
		expect(tampered.status).toBe(400)
		expect(await tampered.json()).toEqual({
			statusCode: '400',
			error: 'InvalidJWT',
			message: 'signature verification failed',
			code: 'InvalidJWT',
		})
		const elsewhere = await fetch(`${url.origin}/storage/v1/object/sign/${bucket}/${ana.id}/informe.pdf?token=${token}`)
		expect(await elsewhere.json()).toMatchObject({
			statusCode: '400',
			code: 'InvalidSignature',
			message: 'Invalid signature',
		})
	})

	test('an expired token is refused, and a batch names what the caller cannot see', async () => {
		const name = `${ana.id}/caduca.pdf`
		await files().upload(name, pdf('caduca'), { contentType: 'application/pdf' })
		const signed = await files().createSignedUrl(name, 1)
		await new Promise((resolve) => setTimeout(resolve, 2100))
		const expired = await fetch(signed.data?.signedUrl ?? '')
		expect(expired.status).toBe(400)
		expect(await expired.json()).toEqual({
			statusCode: '400',
			error: 'InvalidJWT',
			message: '"exp" claim timestamp check failed',
			code: 'InvalidJWT',
		})
		const batch = await files().createSignedUrls([name, `${ana.id}/ninguno.pdf`], 60)
		expect(batch.data).toEqual([
			{ error: null, path: name, signedURL: expect.stringContaining('?token='), signedUrl: expect.any(String) },
			{
				error: 'Either the object does not exist or you do not have access to it',
				path: `${ana.id}/ninguno.pdf`,
				signedURL: null,
				signedUrl: null,
			},
		])
		expect((await fetch(batch.data?.[0]?.signedUrl ?? '')).status).toBe(200)
	})
})
