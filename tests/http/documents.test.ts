import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount } from '../support/data'
import { assistantOnPlan, multipartBody, pdfFile, type FilePart } from '../support/documents'
import { sessionCookie } from '../support/hostile-input'
import { startTestApp, type TestApp } from '../support/test-app'
import { serviceClient } from '../support/supabase'
import { responseOf, type RawResponse } from '../support/urls'

// The upload of a client's documents without JavaScript (a multipart form to the page) and with it (one file a
// request to /subir, answered as JSON): the happy path, every bad input of issue 67, and nothing half-written.
let app: TestApp
let cookie: string
let owner: { id: string; email: string }
let assistant: string

beforeAll(async () => {
	app = await startTestApp()
	owner = await createAccount('docs-http')
	assistant = await assistantOnPlan(app.supabase.url, owner, 'starter')
	cookie = await sessionCookie(owner.email)
})
afterAll(() => app.stop())

const page = (id = assistant) => app.portal(`/dashboard/asistentes/${id}/documentos`)

function send(url: string, body: Buffer, headers: Record<string, string>): Promise<RawResponse> {
	const target = new URL(url)
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: target.port,
				path: target.pathname,
				method: 'POST',
				headers: {
					Host: target.host,
					Origin: target.origin,
					Cookie: cookie,
					'Content-Length': body.byteLength,
					...headers,
				},
			},
			(res) => void responseOf(res).then(resolve, reject),
		)
		req.on('error', reject)
		req.end(body)
	})
}

async function upload(files: FilePart[], url = page()) {
	const { body, type } = await multipartBody(files)
	return send(url, body, { 'Content-Type': type })
}

async function rows() {
	const { data, error } = await serviceClient(app.supabase.url)
		.from('documentos')
		.select('id, nombre, objeto, tipo, estado')
		.eq('asistente_id', assistant)
	if (error) throw error
	return data
}

const ids = async () => (await rows()).map((row) => row.id).sort()

async function objects() {
	const { rows: stored } = await app.supabase.db.query<{ name: string }>(
		`select name from storage.objects where bucket_id = 'documentos' and name like $1 order by name`,
		[`${owner.id}/${assistant}/%`],
	)
	return stored.map((row) => row.name)
}

/** Every row has its file and every file its row. */
async function expectWhole() {
	expect((await rows()).map((row) => row.objeto).sort()).toEqual(await objects())
}

describe('the upload without JavaScript', () => {
	test('several files, named as typed, are stored in the client’s folder, queued and listed', async () => {
		const answer = await upload([
			{ name: 'Condiciones año 2026 — Núñez.txt', bytes: 'Plazo de entrega: de 2 a 4 semanas.' },
			{ name: 'Catálogo.pdf', bytes: await pdfFile(['Catálogo de servicios']) },
		])
		expect(answer.status).toBe(200)
		expect(answer.body).toContain('«Condiciones año 2026 — Núñez.txt»: recibido.')
		expect(answer.body).toContain('«Catálogo.pdf»: recibido.')
		const stored = await rows()
		expect(stored.map((row) => [row.nombre, row.tipo]).sort()).toEqual([
			['Catálogo.pdf', 'pdf'],
			['Condiciones año 2026 — Núñez.txt', 'txt'],
		])
		for (const row of stored) expect(row.objeto).toBe(`${owner.id}/${assistant}/${row.id}.${row.tipo}`)
		await expectWhole()
		const listed = await fetchPage()
		expect(listed).toContain('Condiciones año 2026 — Núñez.txt')
		expect(listed).toContain('de 100 documentos')
	})

	test.each([
		[
			'an executable renamed .pdf',
			[{ name: 'factura.pdf', bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200, 1)]) }],
			'«factura.pdf»: El archivo está dañado o no es lo que dice su extensión.',
		],
		['an empty file', [{ name: 'vacío.txt', bytes: '' }], '«vacío.txt»: el archivo está vacío.'],
		['a format we do not read', [{ name: 'hoja.xlsx', bytes: 'PK' }], '«hoja.xlsx»: Formato no admitido.'],
		[
			'a name with slashes',
			[{ name: '../../etc/passwd.txt', bytes: 'x' }],
			'su nombre lleva barras o caracteres de control',
		],
	] as const)('%s is refused with its message, and nothing is stored', async (_, files, message) => {
		const before = await ids()
		const answer = await upload([...files])
		expect(answer.status).toBe(400)
		expect(answer.body).toContain(message)
		expect(await ids()).toEqual(before)
		await expectWhole()
	})

	test('a name with control characters is refused with its message, and nothing is stored', async () => {
		const before = await ids()
		const answer = await upload([{ name: 'nota\u0007.txt', bytes: 'x' }])
		expect(answer.status).toBe(400)
		expect(answer.body).toContain('el nombre de algún archivo lleva caracteres de control')
		expect(await ids()).toEqual(before)
		await expectWhole()
	})

	test('no file: the form says to choose one', async () => {
		const answer = await upload([{ name: '', bytes: '' }])
		expect(answer.status).toBe(400)
		expect(answer.body).toContain('Elige al menos un archivo.')
	})

	test('fifty files at once: the first twenty go on, the rest are refused, counted', async () => {
		const files = Array.from({ length: 50 }, (_, n) => ({ name: `Nota ${n + 1}.txt`, bytes: `Nota número ${n + 1}` }))
		const answer = await upload(files)
		expect(answer.status).toBe(200)
		expect(answer.body).toContain('«Nota 20.txt»: recibido.')
		expect(answer.body).not.toContain('«Nota 21.txt»')
		expect(answer.body).toContain('no hemos subido los 30 últimos')
		expect((await rows()).filter((row) => row.nombre.startsWith('Nota '))).toHaveLength(20)
		await expectWhole()
	})

	test('the same content twice is refused, naming the document that holds it; the rest goes on', async () => {
		const answer = await upload([
			{ name: 'Copia de condiciones.txt', bytes: 'Plazo de entrega: de 2 a 4 semanas.' },
			{ name: 'Nueva.txt', bytes: 'Contenido nuevo' },
		])
		expect(answer.body).toContain(
			'«Copia de condiciones.txt»: tiene el mismo contenido que «Condiciones año 2026 — Núñez.txt»',
		)
		expect(answer.body).toContain('«Nueva.txt»: recibido.')
		await expectWhole()
	})

	test('a body over the upload’s limit is refused before it is read', async () => {
		const started = performance.now()
		const answer = await new Promise<number>((resolve, reject) => {
			const target = new URL(page())
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
					'Content-Length': 200 * 1024 * 1024,
				},
			})
			req.on('response', (res) => {
				resolve(res.statusCode ?? 0)
				req.destroy()
			})
			req.on('error', reject)
			req.write('--x\r\n')
		})
		expect(answer).toBe(413)
		expect(performance.now() - started).toBeLessThan(2_000)
	})

	test('a body of 2 MB is the upload’s to take, and still too big for any other form', async () => {
		const big = { name: 'Manual.txt', bytes: 'Manual de uso. '.repeat(140_000) }
		expect((await upload([big])).status).toBe(200)
		const { body, type } = await multipartBody([big])
		expect((await send(app.portal('/dashboard/soporte'), body, { 'Content-Type': type })).status).toBe(413)
	})
})

describe('the upload with JavaScript', () => {
	test('one file to /subir is answered as JSON, as the page’s script reads it', async () => {
		const answer = await upload(
			[{ name: 'Preguntas frecuentes.md', bytes: '# Preguntas\n\n¿Hacéis facturas?' }],
			`${page()}/subir`,
		)
		expect(answer.status).toBe(200)
		expect(answer.headers['content-type']).toContain('application/json')
		expect(JSON.parse(answer.body)).toEqual({
			outcomes: [
				{
					name: 'Preguntas frecuentes.md',
					ok: true,
					message: '«Preguntas frecuentes.md»: recibido. Lo procesaremos en unos segundos.',
				},
			],
		})
	})

	test('the list the page polls while documents are processed is the list and count alone, as JSON', async () => {
		const answer = await fetchRaw(`${page()}/lista?pregunta=${encodeURIComponent('¿Hacéis facturas?')}`, {
			Cookie: cookie,
		})
		expect(answer.status).toBe(200)
		expect(answer.headers['content-type']).toContain('application/json')
		expect(answer.headers['cache-control']).toMatch(/no-store|private/)
		const listing = JSON.parse(answer.body)
		expect(Object.keys(listing).sort()).toEqual(['documents', 'listedAt', 'quota'])
		expect(listing.quota).toMatchObject({ plan: 'starter', limite: 100 })
		expect(listing.documents).toEqual(
			expect.arrayContaining([expect.objectContaining({ nombre: 'Preguntas frecuentes.md', tipo: 'md' })]),
		)
	})
})

describe('another client and visitors', () => {
	test('another client gets 404 for the page, its list, the upload, a download and a delete', async () => {
		const other = await createAccount('docs-http-otro')
		await assistantOnPlan(app.supabase.url, other, 'business')
		const otherCookie = await sessionCookie(other.email)
		const [document] = await rows()
		const headers = { Cookie: otherCookie }
		const get = (url: string) => fetchRaw(url, headers)
		expect((await get(page())).status).toBe(404)
		expect((await get(`${page()}/lista`)).status).toBe(404)
		expect((await get(`${page()}/${document?.id}/descargar`)).status).toBe(404)
		const { body, type } = await multipartBody([{ name: 'Intruso.txt', bytes: 'x' }])
		expect((await send(page(), body, { 'Content-Type': type, Cookie: otherCookie })).status).toBe(404)
		const removal = await send(page(), Buffer.from(`intent=eliminar&documento=${document?.id}`), {
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: otherCookie,
		})
		expect(removal.status).toBe(404)
		expect((await rows()).map((row) => row.id)).toContain(document?.id)
	})

	test('a visitor is sent to sign in, from the page and from its list', async () => {
		for (const url of [page(), `${page()}/lista`]) {
			const answer = await fetchRaw(url, {})
			expect(answer.status).toBe(302)
			expect(answer.headers.location).toMatch(/^\/auth\?redirectTo=/)
		}
	})
})

describe('download and delete', () => {
	test('the owner downloads through a short-lived signed link, and deleting takes the file and its row', async () => {
		const [document] = (await rows()).filter((row) => row.nombre === 'Nueva.txt')
		const download = await fetchRaw(`${page()}/${document?.id}/descargar`, { Cookie: cookie })
		expect(download.status).toBe(302)
		const link = new URL(String(download.headers.location))
		expect(link.pathname).toContain('/storage/v1/object/sign/documentos/')
		expect(await (await fetch(link)).text()).toBe('Contenido nuevo')
		const removal = await send(page(), Buffer.from(`intent=eliminar&documento=${document?.id}`), {
			'Content-Type': 'application/x-www-form-urlencoded',
		})
		expect(removal.status).toBe(200)
		expect((await rows()).map((row) => row.id)).not.toContain(document?.id)
		await expectWhole()
	})
})

describe('without a plan', () => {
	test('the page says what to contract, and an upload stores nothing', async () => {
		const planless = await createAccount('docs-http-sin-plan')
		const { data } = await serviceClient(app.supabase.url)
			.from('asistentes')
			.insert({ user_id: planless.id, nombre: 'Sin plan' })
			.select('id')
			.single()
		const planlessCookie = await sessionCookie(planless.email)
		const shown = await fetchRaw(page(data?.id), { Cookie: planlessCookie })
		expect(shown.body).toContain('Necesitas un plan activo')
		const { body, type } = await multipartBody([{ name: 'Algo.txt', bytes: 'algo' }])
		const answer = await send(page(data?.id), body, { 'Content-Type': type, Cookie: planlessCookie })
		expect(answer.status).toBe(400)
		expect(answer.body).toContain('contrata un plan')
	})
})

async function fetchRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
	const target = new URL(url)
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: '127.0.0.1', port: target.port, path: target.pathname, headers: { Host: target.host, ...headers } },
			(res) => void responseOf(res).then(resolve, reject),
		)
		req.on('error', reject)
		req.end()
	})
}

const fetchPage = async () => (await fetchRaw(page(), { Cookie: cookie })).body
