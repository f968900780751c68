import { afterAll, beforeAll, expect, test } from 'vitest'
import { killableDatabase } from '../support/database'
import { startTestSupabase } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// /readyz says whether this instance can serve pages (docs/deploy.md, "Health checks"): it used to ask only Supabase
// Auth's health endpoint, which answers with PostgreSQL gone, so a balancer kept sending visitors to an instance
// whose every page failed. It now makes a real query, the work queue's figures, through PostgREST.
let database: Awaited<ReturnType<typeof killableDatabase>>
let app: TestApp
beforeAll(async () => {
	database = await killableDatabase()
	// No worker: the jobs this test writes stay as it wrote them.
	app = await startTestApp({ QUEUE_WORKER: 'off' }, { supabase: await startTestSupabase(database.database) })
})
afterAll(() => app?.stop())

const readyz = async () => {
	const response = await rawRequest(`http://127.0.0.1:${app.app.port}/readyz`)
	const type = response.headers['content-type']
	return {
		status: response.status,
		type,
		body: type === 'application/json' ? (JSON.parse(response.body) as unknown) : response.body,
	}
}

type QueueFigures = { pendientes: number; vencidos: number; en_curso: number; atascados: number; fallidos: number }

test('ready: the answer carries the work queue’s backlog, the oldest due job’s wait included', async () => {
	// Only this test's jobs: the seed's queued documents would be the oldest due otherwise.
	await database.database.query(`
		delete from public.trabajos;
		insert into public.trabajos (tipo, estado, terminado_at, ultimo_error)
		values ('correo.prueba', 'fallido', now(), 'SMTP refused');
		insert into public.trabajos (tipo, disponible_desde) values ('correo.prueba', now() - interval '90 seconds');
		insert into public.trabajos (tipo, disponible_desde) values ('correo.prueba', now() + interval '1 hour')`)
	const { rows } = await database.database.query<{ figures: QueueFigures }>('select public.estado_cola() as figures')
	const figures = rows[0]?.figures
	// An answer is reused for 2 s: one from before these jobs may still be served.
	await expect.poll(readyz, { timeout: 5_000 }).toEqual({
		status: 200,
		type: 'application/json',
		body: {
			status: 'ready',
			database: 'ok',
			auth: 'ok',
			queue: {
				waiting: figures?.pendientes,
				due: figures?.vencidos,
				running: figures?.en_curso,
				stuck: figures?.atascados,
				failed: figures?.fallidos,
				oldestWaitSeconds: expect.toSatisfy((seconds: number) => seconds >= 90 && seconds < 150),
			},
		},
	})
	expect(figures?.fallidos).toBeGreaterThanOrEqual(1)
})

test('PostgreSQL killed: 503, naming the database, while the process stays alive; one log line for the change', async () => {
	await database.kill()
	await expect.poll(async () => (await readyz()).status, { timeout: 5_000 }).toBe(503)
	const answer = await readyz()
	expect(answer.body).toEqual({
		status: 'unavailable',
		database: 'PostgREST answered 503',
		auth: 'ok',
	})
	expect((await rawRequest(`http://127.0.0.1:${app.app.port}/healthz`)).status).toBe(200)
	// Probes go on every few seconds during an outage; the log says it once.
	await new Promise((resolve) => setTimeout(resolve, 2_500))
	expect((await readyz()).status).toBe(503)
	const told = app.app
		.output()
		.split('\n')
		.filter((line) => line.includes('[ready]'))
	expect(told).toHaveLength(1)
	expect(JSON.parse(told[0] ?? '{}')).toMatchObject({ level: 40, database: 'PostgREST answered 503' })
})
