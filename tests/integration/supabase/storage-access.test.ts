import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migrate } from '../../../local/supabase/db'
import { seededDatabase } from '../../support/database'
import { localAnonKey, localServiceRoleKey } from '../../support/keys'
import {
	createClientFilesBucket,
	listedVersions,
	startStorageStandIn,
	type StorageStandIn,
} from '../../support/storage'
import { client, createUser, raw, serviceClient, type TestUser } from '../../support/supabase'
import { uniqueEmail } from '../../support/unique'

// Who may do what is the policies' say (RLS on storage.objects), as on hosted Supabase; SUPABASE-CONTRACT.md.
let standIn: StorageStandIn
let ana: TestUser
let beto: TestUser
const bucket = 'carpetas'

beforeAll(async () => {
	standIn = await startStorageStandIn()
	await createClientFilesBucket(standIn.supabase, bucket)
	await standIn.supabase.db.query(
		`insert into storage.buckets (id, name, public) values ('publico', 'publico', true), ('libre', 'libre', false)`,
	)
	ana = await createUser(standIn.supabase.url, uniqueEmail('storage-ana'))
	beto = await createUser(standIn.supabase.url, uniqueEmail('storage-beto'))
})
afterAll(() => standIn.stop())

const pdf = (text: string) => Buffer.from(`%PDF-1.7 ${text}`)
const service = () => serviceClient(standIn.supabase.url).storage
const put = async (user: TestUser, name: string, text = name) => {
	const { error } = await user.client.storage.from(bucket).upload(name, pdf(text), { contentType: 'application/pdf' })
	expect(error).toBeNull()
}
const accessToken = async (user: TestUser) => (await user.client.auth.getSession()).data.session?.access_token

describe('the storage schema', () => {
	test('the tables, helpers and grants the platform gives, with RLS on', async () => {
		const { rows } = await standIn.supabase.db.query<Record<string, unknown>>(`
			select storage.foldername('a/b/c.pdf') as folders, storage.filename('a/b/c.pdf') as file,
			       storage.extension('a/b/c.pdf') as ext, storage.extension('a/sin-punto') as no_dot,
			       (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass) as objects_rls,
			       (select relrowsecurity from pg_class where oid = 'storage.buckets'::regclass) as buckets_rls,
			       has_table_privilege('anon', 'storage.objects', 'select, insert, update, delete') as anon_objects,
			       has_table_privilege('authenticated', 'storage.buckets', 'select') as authenticated_buckets,
			       has_schema_privilege('service_role', 'storage', 'usage') as service_usage`)
		expect(rows[0]).toEqual({
			folders: ['a', 'b'],
			file: 'c.pdf',
			ext: 'pdf',
			no_dot: 'sin-punto',
			objects_rls: true,
			buckets_rls: true,
			anon_objects: true,
			authenticated_buckets: true,
			service_usage: true,
		})
	})

	test('a database kept from before Storage gets the schema at its next start', async () => {
		const kept = await seededDatabase()
		try {
			await kept.query('drop schema storage cascade')
			await migrate(kept)
			const { rows } = await kept.query<{ objects: string | null }>(
				`select to_regclass('storage.objects')::text as objects`,
			)
			expect(rows[0]?.objects).toBe('storage.objects')
		} finally {
			await kept.close()
		}
	})

	test('a DELETE in SQL is refused unless it comes the API’s way', async () => {
		const name = `${ana.id}/sql.pdf`
		await put(ana, name)
		await expect(
			standIn.supabase.db.query('delete from storage.objects where name = $1', [name]),
		).rejects.toMatchObject({
			code: '42501',
			message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
			hint: 'This prevents accidental data loss from orphaned objects.',
		})
		await expect(standIn.supabase.db.query(`delete from storage.buckets where id = 'libre'`)).rejects.toMatchObject({
			code: '42501',
		})
		const kept = await standIn.supabase.db.query('select 1 from storage.objects where name = $1', [name])
		expect(kept.rowCount).toBe(1)
	})
})

describe('each client their own folder', () => {
	test('another user’s folder: no upload, no download, no signing, no listing', async () => {
		const name = `${ana.id}/privado.pdf`
		await put(ana, name)
		const upload = await beto.client.storage.from(bucket).upload(`${ana.id}/intruso.pdf`, pdf('x'), {
			contentType: 'application/pdf',
		})
		expect(upload.error).toMatchObject({
			status: 400,
			statusCode: '403',
			message: 'new row violates row-level security policy',
		})
		const body = await raw(standIn.supabase.url, `/storage/v1/object/${bucket}/${ana.id}/intruso.pdf`, {
			method: 'POST',
			token: await accessToken(beto),
			headers: { 'content-type': 'application/pdf' },
			body: pdf('x'),
		})
		expect(await body.json()).toEqual({
			statusCode: '403',
			error: 'Unauthorized',
			message: 'new row violates row-level security policy',
			code: 'AccessDenied',
		})
		const overwrite = await beto.client.storage.from(bucket).upload(name, pdf('x'), {
			contentType: 'application/pdf',
			upsert: true,
		})
		expect(overwrite.error).toMatchObject({ statusCode: '403' })
		expect((await beto.client.storage.from(bucket).download(name)).error).toMatchObject({ statusCode: '404' })
		expect((await beto.client.storage.from(bucket).createSignedUrl(name, 60)).error).toMatchObject({
			statusCode: '404',
			message: 'Object not found',
		})
		expect((await beto.client.storage.from(bucket).list(ana.id)).data).toEqual([])
		expect(await (await ana.client.storage.from(bucket).download(name)).data?.text()).toBe(`%PDF-1.7 ${name}`)
		expect(await standIn.storedFiles()).toEqual(await listedVersions(standIn.supabase))
	})

	test('the anon key reads nothing of a private bucket; a public one needs no key', async () => {
		const name = `${ana.id}/anonimo.pdf`
		await put(ana, name)
		expect((await client(standIn.supabase.url).storage.from(bucket).download(name)).error).toMatchObject({
			statusCode: '404',
			message: 'Object not found',
		})
		const noJwt = await fetch(`${standIn.supabase.url}/storage/v1/object/${bucket}/${name}`)
		expect(await noJwt.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' })
		await service().from('publico').upload('folleto.pdf', pdf('folleto'), { contentType: 'application/pdf' })
		const open = await fetch(service().from('publico').getPublicUrl('folleto.pdf').data.publicUrl)
		expect(await open.text()).toBe('%PDF-1.7 folleto')
	})

	test('list: one level, folders as rows of nulls, names in lower-case order', async () => {
		for (const name of ['docs/b.pdf', 'docs/a.pdf', 'Zeta.pdf', 'alfa.pdf']) await put(ana, `${ana.id}/lista/${name}`)
		const { data, error } = await ana.client.storage.from(bucket).list(`${ana.id}/lista`)
		expect(error).toBeNull()
		expect(data?.map((entry) => entry.name)).toEqual(['alfa.pdf', 'docs', 'Zeta.pdf'])
		expect(data?.[1]).toEqual({
			name: 'docs',
			id: null,
			updated_at: null,
			created_at: null,
			last_accessed_at: null,
			metadata: null,
		})
		expect(data?.[0]).toEqual({
			name: 'alfa.pdf',
			id: expect.any(String),
			updated_at: expect.stringMatching(/Z$/),
			created_at: expect.any(String),
			last_accessed_at: expect.any(String),
			metadata: expect.objectContaining({ mimetype: 'application/pdf', size: expect.any(Number) }),
		})
		const searched = await ana.client.storage.from(bucket).list(`${ana.id}/lista`, { search: 'z' })
		expect(searched.data?.map((entry) => entry.name)).toEqual(['Zeta.pdf'])
		const page = await ana.client.storage.from(bucket).list(`${ana.id}/lista`, { limit: 1, offset: 1 })
		expect(page.data?.map((entry) => entry.name)).toEqual(['docs'])
		expect((await ana.client.storage.from('no-existe').list('')).data).toEqual([])
	})

	test('remove: what RLS hides is skipped without a word, the rest goes with its file', async () => {
		const mine = `${beto.id}/borrar.pdf`
		const theirs = `${ana.id}/no-borrar.pdf`
		await put(beto, mine)
		await put(ana, theirs)
		const { data, error } = await beto.client.storage.from(bucket).remove([mine, theirs, `${beto.id}/nada.pdf`])
		expect(error).toBeNull()
		expect(data).toEqual([
			expect.objectContaining({
				name: mine,
				bucket_id: bucket,
				owner: beto.id,
				owner_id: beto.id,
				version: expect.any(String),
			}),
		])
		expect((await ana.client.storage.from(bucket).download(theirs)).error).toBeNull()
		expect((await beto.client.storage.from(bucket).download(mine)).error).toMatchObject({ statusCode: '404' })
		expect(await standIn.storedFiles()).toEqual(await listedVersions(standIn.supabase))
		const byService = await service().from(bucket).remove([theirs])
		expect(byService.data).toEqual([expect.objectContaining({ name: theirs })])
	})
})

describe('refusals outside the objects themselves', () => {
	test('no JWT, a bad JWT, an unknown route and one the stand-in lacks', async () => {
		const url = `${standIn.supabase.url}/storage/v1/object/${bucket}/${ana.id}/x.pdf`
		const noHeader = await fetch(url, { method: 'POST', body: pdf('x') })
		expect(noHeader.status).toBe(400)
		expect(await noHeader.json()).toEqual({
			statusCode: '400',
			error: 'Error',
			message: "headers must have required property 'authorization'",
			code: 'InvalidRequest',
		})
		const badJwt = await fetch(url, { method: 'POST', body: pdf('x'), headers: { authorization: 'Bearer nope' } })
		expect(await badJwt.json()).toEqual({
			statusCode: '403',
			error: 'Unauthorized',
			message: 'Invalid Compact JWS',
			code: 'AccessDenied',
		})
		const unknown = await raw(standIn.supabase.url, '/storage/v1/nada')
		expect(unknown.status).toBe(404)
		expect(await unknown.json()).toMatchObject({ statusCode: '404', message: 'Route GET:/nada not found' })
		const move = await service().from(bucket).move(`${ana.id}/a.pdf`, `${ana.id}/b.pdf`)
		expect(move.error).toMatchObject({ status: 501 })
	})

	test('HTML is served as text/plain, never as a page', async () => {
		await service()
			.from('libre')
			.upload('pagina.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' })
		const response = await raw(standIn.supabase.url, '/storage/v1/object/libre/pagina.html', {
			key: localServiceRoleKey,
		})
		expect(response.headers.get('content-type')).toBe('text/plain')
		expect(await response.text()).toBe('<script>alert(1)</script>')
	})

	test('buckets: the service role sees them, others see what RLS lets them', async () => {
		const all = await service().listBuckets()
		expect(all.data?.map((entry) => entry.id).sort()).toEqual([
			'avatares',
			'carpetas',
			'documentos',
			'libre',
			'publico',
		])
		expect(all.data?.find((entry) => entry.id === bucket)).toEqual({
			id: bucket,
			name: bucket,
			owner: '',
			public: false,
			type: 'STANDARD',
			file_size_limit: 2048,
			allowed_mime_types: ['application/pdf', 'image/*', 'text/plain'],
			created_at: expect.any(String),
			updated_at: expect.any(String),
		})
		expect((await client(standIn.supabase.url, localAnonKey).storage.listBuckets()).data).toEqual([])
		expect((await service().getBucket('publico')).data).toMatchObject({ id: 'publico', public: true })
		expect((await service().getBucket('ninguno')).error).toMatchObject({
			statusCode: '404',
			message: 'Bucket not found',
		})
	})

	test('an update changes what its body gives (as `supabase seed buckets` sends it), checked as Storage checks it', async () => {
		const bucketOf = async () =>
			(
				await standIn.supabase.db.query(
					`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'libre'`,
				)
			).rows[0]
		const updated = await service().updateBucket('libre', {
			public: false,
			fileSizeLimit: '1.5MB',
			allowedMimeTypes: ['application/pdf', '', 'text/*'],
		})
		expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
		expect(await bucketOf()).toEqual({
			public: false,
			file_size_limit: 1_500_000,
			allowed_mime_types: ['application/pdf', 'text/*'],
		})
		const put = (body: unknown, token?: string) =>
			raw(standIn.supabase.url, '/storage/v1/bucket/libre', {
				method: 'PUT',
				key: localServiceRoleKey,
				token,
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			})
		// The CLI's body for a bucket config.toml only gives a folder to: its size limit, and nothing else changes.
		expect((await put({ file_size_limit: 2048 })).status).toBe(200)
		expect(await bucketOf()).toMatchObject({ file_size_limit: 2048, allowed_mime_types: ['application/pdf', 'text/*'] })

		const refusal = async (response: Response) => ({ status: response.status, ...(await response.json()) })
		expect(await refusal(await put({}))).toMatchObject({
			status: 400,
			message: 'body must NOT have fewer than 1 properties',
		})
		expect(await refusal(await put({ file_size_limit: 60 * 1024 * 1024 }))).toMatchObject({
			status: 400,
			statusCode: '413',
			code: 'EntityTooLarge',
		})
		expect(await refusal(await put({ allowed_mime_types: ['pdf'] }))).toMatchObject({
			status: 400,
			statusCode: '415',
			message: 'mime type pdf is not supported',
		})
		// No policy lets a client update a bucket: for them it is not there.
		expect(await refusal(await put({ public: true }, await accessToken(ana)))).toMatchObject({
			status: 400,
			statusCode: '404',
			message: 'Bucket not found',
		})
		expect(await bucketOf()).toMatchObject({ public: false, file_size_limit: 2048 })
	})
})
