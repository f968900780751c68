import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount, testPassword } from '../support/data'
import { send, sessionCookie, urlencoded } from '../support/hostile-input'
import { jpegStart, pngPhoto } from '../support/images'
import { serviceClient, signedIn } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { portalURL, rawRequest, siteURL, supabaseURL } from '../support/urls'

// Mi Cuenta's photo (issue 68): a file stored in Storage after its content was read, served from our own origin
// to its owner only, as an image and nothing else; the form as a browser without JavaScript sends it.
let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

const account = () => portalURL('/dashboard/cuenta')
const profile = {
	intent: 'profile',
	nombre: 'Lucía',
	apellidos: 'Fotógrafa',
	prefijo_pais: '+34',
	telefono: '612345678',
	preferencia_comunicacion: 'email',
}

/** The profile form as the page sends it: multipart, its fields and the file (an empty part when none is chosen). */
async function postProfile(cookie: string, photo?: { bytes: Buffer; name: string; type: string }) {
	const form = new FormData()
	for (const [name, value] of Object.entries(profile)) form.append(name, value)
	form.append(
		'foto',
		new Blob(photo ? [new Uint8Array(photo.bytes)] : [], { type: photo?.type ?? '' }),
		photo?.name ?? '',
	)
	const request = new Request('http://x/', { method: 'POST', body: form })
	const body = Buffer.from(await request.arrayBuffer())
	return send(account(), { contentType: request.headers.get('Content-Type') ?? '', body }, { cookie })
}

async function photoOf(userId: string) {
	const { data } = await serviceClient().from('usuarios').select('avatar_url').eq('id', userId).single().throwOnError()
	return data.avatar_url
}

async function storedPhotos(userId: string) {
	const { data, error } = await serviceClient().storage.from('avatares').list(userId)
	if (error) throw error
	return data.map((object) => `${userId}/${object.name}`).sort()
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
	rawRequest(url, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } })

/** The status answered to a post that declares `length` bytes and sends only its first line. */
function declaredLength(url: string, cookie: string, length: number) {
	return new Promise<number>((resolve, reject) => {
		const target = new URL(url)
		const req = httpRequest({
			host: '127.0.0.1',
			port: target.port,
			path: target.pathname,
			method: 'POST',
			headers: {
				Host: target.host,
				Origin: target.origin,
				Cookie: cookie,
				'Content-Type': 'multipart/form-data; boundary=x',
				'Content-Length': length,
			},
			timeout: 3_000,
		})
		req.on('response', (res) => {
			resolve(res.statusCode ?? 0)
			req.destroy()
		})
		// Not refused at once: the app waits for the rest of a body it may read.
		req.on('timeout', () => {
			resolve(0)
			req.destroy()
		})
		req.on('error', reject)
		req.write('--x\r\n')
	})
}

async function signedInPerson(label: string) {
	const person = await createAccount(label, 'Lucía Fotógrafa')
	return { ...person, cookie: await sessionCookie(person.email) }
}

describe('the photo uploaded without JavaScript', () => {
	test('is stored, named in the profile and served from our origin on both hosts, to its owner only', async () => {
		const person = await signedInPerson('foto-subida')
		const photo = pngPhoto(64)
		const saved = await postProfile(person.cookie, { bytes: photo, name: 'mi foto ñ.png', type: 'image/png' })
		expect(saved.status).toBe(302)
		const path = await photoOf(person.id)
		expect(path).toMatch(new RegExp(`^/fotos/${person.id}/[0-9a-f-]{36}\\.png$`))
		expect(await storedPhotos(person.id)).toEqual([String(path).slice('/fotos/'.length)])

		for (const url of [portalURL(String(path)), siteURL(String(path))]) {
			const served = await get(url, person.cookie)
			expect(served.status, url).toBe(200)
			expect(served.headers['content-type']).toBe('image/png')
			expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable')
			expect(served.headers['x-content-type-options']).toBe('nosniff')
			expect(served.bytes.equals(photo)).toBe(true)
			const again = await get(url, person.cookie, { 'If-None-Match': String(served.headers.etag) })
			expect(again.status).toBe(304)
		}
		// The page and the header show it from there, never Storage's host.
		const page = await get(account(), person.cookie)
		expect(page.body).toContain(`src="${path}"`)
		expect(page.body).not.toContain(`${supabaseURL()}/storage`)

		const stranger = await signedInPerson('foto-ajena')
		for (const cookie of [undefined, stranger.cookie]) {
			const refused = await get(portalURL(String(path)), cookie)
			expect(refused.status).toBe(404)
			expect(refused.headers['cache-control']).toMatch(/no-store/)
		}
		expect((await get(portalURL(`/fotos/${person.id}/foto.svg`), person.cookie)).status).toBe(404)
		expect((await get(portalURL(`/fotos/${person.id}/../${person.id}`), person.cookie)).status).toBe(404)
	})

	test('a new photo replaces the old, whose file goes; Quitar foto takes it away; other fields keep it', async () => {
		const person = await signedInPerson('foto-cambia')
		await postProfile(person.cookie, { bytes: pngPhoto(32), name: 'uno.png', type: 'image/png' })
		const first = await photoOf(person.id)
		// A JPEG by its content, whatever its name and the browser's word say.
		const second = await postProfile(person.cookie, { bytes: jpegStart, name: 'dos.png', type: 'image/png' })
		expect(second.status).toBe(302)
		const path = String(await photoOf(person.id))
		expect(path).toMatch(/\.jpg$/)
		expect(path).not.toBe(first)
		expect(await storedPhotos(person.id)).toEqual([path.slice('/fotos/'.length)])
		expect((await get(portalURL(String(first)), person.cookie)).status).toBe(404)
		expect((await get(portalURL(path), person.cookie)).headers['content-type']).toBe('image/jpeg')

		// The form sent with no file chosen keeps the photo.
		expect((await postProfile(person.cookie)).status).toBe(302)
		expect(await photoOf(person.id)).toBe(path)

		const removed = await send(account(), urlencoded([['intent', 'photo-remove']]), { cookie: person.cookie })
		expect(removed.status).toBe(302)
		expect(await photoOf(person.id)).toBeNull()
		expect(await storedPhotos(person.id)).toEqual([])
		expect((await get(portalURL(path), person.cookie)).status).toBe(404)
	})

	test('a file that is no JPEG, PNG or WebP by its content, or over 5 MB, is refused beside the field', async () => {
		const person = await signedInPerson('foto-rechazada')
		const cases = [
			{ bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), name: 'foto.png', type: 'image/png' },
			{
				bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
				name: 'a.svg',
				type: 'image/svg+xml',
			},
			{ bytes: Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), name: 'a.gif', type: 'image/gif' },
			{ bytes: Buffer.alloc(0), name: 'vacia.png', type: 'image/png' },
		]
		for (const photo of cases) {
			const refused = await postProfile(person.cookie, photo)
			expect(refused.status, photo.name).toBe(400)
			expect(refused.body).toContain('La foto debe ser una imagen JPG, PNG o WebP.')
		}
		const large = await postProfile(person.cookie, {
			bytes: pngPhoto(8, { padding: 5 * 1024 * 1024 }),
			name: 'grande.png',
			type: 'image/png',
		})
		expect(large.status).toBe(400)
		expect(large.body).toContain('La foto no puede superar los 5 MB.')
		// What was typed with it stays in the form.
		expect(large.body).toContain('value="Fotógrafa"')
		expect(await photoOf(person.id)).toBeNull()
		expect(await storedPhotos(person.id)).toEqual([])

		// Past the form's 8 MB, refused before it is read, as server.js and nginx refuse any body past its route's limit.
		expect(await declaredLength(account(), person.cookie, 9 * 1024 * 1024)).toBe(413)
		expect(await declaredLength(account(), person.cookie, 7 * 1024 * 1024)).not.toBe(413)
		// Every other form keeps its 1 MB.
		const elsewhere = await send(
			portalURL('/dashboard/soporte'),
			{ contentType: 'application/x-www-form-urlencoded', body: `message=${'x'.repeat(2 * 1024 * 1024)}` },
			{ cookie: person.cookie },
		)
		expect(elsewhere.status).toBe(413)
	})
})

describe('the bucket', () => {
	test('each person writes and reads only their own folder, and only the three image types', async () => {
		const owner = await createAccount('foto-cubo')
		const other = await createAccount('foto-cubo-otro')
		const { client } = await signedIn(supabaseURL(), owner.email, testPassword)
		const bucket = client.storage.from('avatares')
		const png = new Uint8Array(pngPhoto(8))
		const own = `${owner.id}/${crypto.randomUUID()}.png`
		expect((await bucket.upload(own, png, { contentType: 'image/png' })).error).toBeNull()
		const theirs = await bucket.upload(`${other.id}/${crypto.randomUUID()}.png`, png, { contentType: 'image/png' })
		expect(theirs.error).not.toBeNull()
		const svg = await bucket.upload(`${owner.id}/${crypto.randomUUID()}.svg`, new Uint8Array(8), {
			contentType: 'image/svg+xml',
		})
		expect(svg.error).not.toBeNull()
		const { client: otherClient } = await signedIn(supabaseURL(), other.email, testPassword)
		expect((await otherClient.storage.from('avatares').download(own)).error).not.toBeNull()
		expect((await bucket.download(own)).error).toBeNull()
	})
})
