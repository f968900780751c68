import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { extractDocument } from '~/.server/knowledge/extract'
import { passagesOf } from '~/.server/knowledge/passages'
import { assistantOnPlan, prosePages, storeDocument, textPdf } from '../support/documents'
import { startHoldingProxy } from '../support/holding-proxy'
import { createUser, startTestSupabase, type TestUser } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueEmail } from '../support/unique'

// The production server's worker reading a client's document (issue 67) dies with SIGKILL halfway through writing
// its passages; the server started after it finishes the document, with each passage once.

let supabase: Awaited<ReturnType<typeof startTestSupabase>>
let proxy: Awaited<ReturnType<typeof startHoldingProxy>>
let app: TestApp
let user: TestUser
let assistant: string
/** Which call of `guardar_pasajes` this is: the first part of a document's passages, the second… */
let savedParts = 0

beforeAll(async () => {
	supabase = await startTestSupabase()
	// The server reaches Supabase through a proxy that can hold the second part of a document's passages: the
	// worker is then certainly mid-document, with the first part written and the rest on its way.
	proxy = await startHoldingProxy(
		supabase.url,
		(req) => req.url?.startsWith('/rest/v1/rpc/guardar_pasajes') === true && ++savedParts === 2,
	)
	app = await startTestApp({ SUPABASE_URL: proxy.url }, { supabase })
	// The seed's documents come queued (the lived-in seed): once the worker has read them, the parts counted are
	// this test's document's.
	await vi.waitFor(
		async () => {
			const { rows } = await supabase.db.query<{ left: number }>(
				"select count(*)::int as left from documentos where estado in ('en_cola', 'procesando')",
			)
			expect(rows[0]?.left).toBe(0)
		},
		{ timeout: 30_000, interval: 100 },
	)
	savedParts = 0
	user = await createUser(supabase.url, uniqueEmail('worker-killed'))
	assistant = await assistantOnPlan(supabase.url, user, 'enterprise')
})
afterAll(async () => {
	await app.stop()
	await proxy.stop()
})

const query = async <Row extends object>(sql: string, values: unknown[]) =>
	(await supabase.db.query<Row>(sql, values)).rows

const documentState = async (id: string) =>
	(await query<{ estado: string; pasajes: number }>('select estado, pasajes from documentos where id = $1', [id]))[0]

const jobOf = async (id: string) =>
	(
		await query<{ id: number; estado: string; intentos: number; reclamado_por: string | null }>(
			`select id, estado, intentos, reclamado_por from trabajos
			 where tipo = 'documento.procesar' and datos ->> 'documento' = $1`,
			[id],
		)
	)[0]

const passagesWritten = (id: string) =>
	query<{ orden: number; pagina: number | null; texto: string }>(
		'select orden, pagina, texto from pasajes where documento_id = $1 order by orden, id',
		[id],
	)

describe('a worker killed mid-document', () => {
	test('does not lose it: its claim runs out, the next server takes it, and it is ready with each passage once', async () => {
		// 200 pages of prose: about a megabyte of passages, written in two parts or more.
		const bytes = await textPdf(prosePages(200, { title: 'Manual de procedimientos' }))
		const held = proxy.hold(1)
		const id = await storeDocument(user, assistant, 'Manual de procedimientos.pdf', 'pdf', bytes)
		await held

		// In hand: the document being read, its first part written, its job claimed by the server about to die.
		expect(await documentState(id)).toEqual({ estado: 'procesando', pasajes: 0 })
		const firstPart = (await passagesWritten(id)).length
		expect(firstPart).toBeGreaterThan(0)
		const job = await jobOf(id)
		expect(job).toMatchObject({ estado: 'en_curso', intentos: 1 })
		expect(job?.reclamado_por).toContain(`:${app.app.pid}:`)

		process.kill(app.app.pid, 'SIGKILL')
		await app.app.exited
		// What the dead worker wrote stays until the next one starts over; the search reads ready documents only.
		expect(await passagesWritten(id)).toHaveLength(firstPart)
		expect(await jobOf(id)).toMatchObject({ estado: 'en_curso', reclamado_por: job?.reclamado_por })

		// The dead worker's claim would run out 15 s after its last renewal (the worker's lease); it runs out now
		// instead, and the next server has to find the job on its own, as it would then.
		await query('update trabajos set reclamado_hasta = now() where id = $1', [job?.id])
		const next = await app.startAnother({ SUPABASE_URL: supabase.url })
		try {
			await expect.poll(async () => (await documentState(id))?.estado, { timeout: 60_000, interval: 200 }).toBe('listo')
		} finally {
			await next.stop()
		}

		const expected = passagesOf(await extractDocument('pdf', new Uint8Array(bytes)))
		const written = await passagesWritten(id)
		expect(written.map(({ pagina, texto }) => ({ pagina, texto }))).toEqual(
			expected.map(({ pagina, texto }) => ({ pagina, texto })),
		)
		expect(new Set(written.map((passage) => passage.orden)).size).toBe(expected.length)
		expect(await documentState(id)).toEqual({ estado: 'listo', pasajes: expected.length })
		expect(await jobOf(id)).toMatchObject({ estado: 'hecho', intentos: 2 })
	}, 120_000)
})
