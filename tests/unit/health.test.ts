import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

// /healthz and /readyz (server/health.ts) as a load balancer reaches them, with a stand-in for Supabase (Auth's
// health endpoint, and PostgREST's answer to the work queue's figures) that counts how often it is asked (issue 51,
// finding 8). tests/http/readiness.test.ts runs them against the real stand-in and PostgreSQL.

const supabase = { hits: 0, status: 200, delayMs: 50 }
const figures = { pendientes: 3, vencidos: 2, en_curso: 1, atascados: 0, fallidos: 0, espera_segundos: 12 }
const fakeSupabase = createServer((req, res) => {
	if (req.url?.startsWith('/rest/v1/rpc/estado_cola')) supabase.hits++
	setTimeout(() => {
		res.statusCode = req.url?.startsWith('/rest/') ? supabase.status : 200
		res.end(req.url?.startsWith('/rest/') && supabase.status === 200 ? JSON.stringify(figures) : '{}')
	}, supabase.delayMs)
})

const listen = (server: Server) =>
	new Promise<string>((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
	)
const close = (server: Server) => new Promise((resolve) => server.close(resolve))

let supabaseUrl: string
beforeAll(async () => {
	supabaseUrl = await listen(fakeSupabase)
})
afterAll(() => close(fakeSupabase))

/** The health module loaded afresh (nothing remembered from another test), pointed at the fake Supabase. */
async function healthServer() {
	process.env.SUPABASE_URL = supabaseUrl
	vi.resetModules()
	const { answerHealthCheck } = await import('../../server/health')
	const server = createServer((req, res) => {
		if (answerHealthCheck(req, res)) return
		res.statusCode = 404
		res.end()
	})
	const url = await listen(server)
	return { url, stop: () => close(server) }
}

describe('/healthz and /readyz', () => {
	test('answer with nosniff and no-store, as every other response of ours', async () => {
		const app = await healthServer()
		try {
			for (const [path, type] of [
				['/healthz', 'text/plain; charset=utf-8'],
				['/readyz', 'application/json'],
			]) {
				const response = await fetch(`${app.url}${path}`)
				expect(response.status, path).toBe(200)
				expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
				expect(response.headers.get('cache-control'), path).toBe('no-store')
				expect(response.headers.get('content-type'), path).toBe(type)
			}
		} finally {
			await app.stop()
		}
	})

	test('/readyz: probes at once share one check of Supabase, and the next ones soon after reuse its answer', async () => {
		const app = await healthServer()
		try {
			const before = supabase.hits
			const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${app.url}/readyz`)))
			expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
			expect(await (await fetch(`${app.url}/readyz`)).json()).toEqual({
				status: 'ready',
				database: 'ok',
				auth: 'ok',
				queue: { waiting: 3, due: 2, running: 1, stuck: 0, failed: 0, oldestWaitSeconds: 12 },
			})
			expect(supabase.hits - before).toBe(1)
		} finally {
			await app.stop()
		}
	})

	test('/readyz: an outage is answered 503, and probes during it do not pile up on Supabase', async () => {
		supabase.status = 503
		const app = await healthServer()
		try {
			const before = supabase.hits
			const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${app.url}/readyz`)))
			expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(503))
			expect(await answers[0]?.json()).toEqual({
				status: 'unavailable',
				database: 'PostgREST answered 503',
				auth: 'ok',
			})
			expect(supabase.hits - before).toBe(1)
		} finally {
			supabase.status = 200
			await app.stop()
		}
	})
})

describe('cachedAnswer', () => {
	/** A check whose answer and duration the test decides, on a clock the test moves. */
	async function probe() {
		const { cachedAnswer } = await import('../../server/health')
		const clock = { now: 0 }
		const check = { calls: 0, answer: true, takesMs: 0 }
		const ask = cachedAnswer(
			async () => {
				check.calls++
				clock.now += check.takesMs
				return check.answer
			},
			{ freshForMs: 2_000, failed: false, now: () => clock.now },
		)
		return { ask, clock, check }
	}

	test('an answer is reused for its freshness, counted from when it came; then the check runs again', async () => {
		const { ask, clock, check } = await probe()
		check.takesMs = 500
		expect(await ask()).toBe(true)
		clock.now += 1_999
		expect(await ask()).toBe(true)
		expect(check.calls).toBe(1)
		clock.now += 1
		check.answer = false
		expect(await ask()).toBe(false)
		expect(check.calls).toBe(2)
	})

	test('callers while a check is under way wait for that one', async () => {
		const { ask, check } = await probe()
		const answers = await Promise.all([ask(), ask(), ask()])
		expect(answers).toEqual([true, true, true])
		expect(check.calls).toBe(1)
	})

	test('a check that throws answers what it was given for a failure', async () => {
		const { cachedAnswer } = await import('../../server/health')
		const ask = cachedAnswer(() => Promise.reject(new Error('boom')), { freshForMs: 2_000, failed: false })
		expect(await ask()).toBe(false)
	})
})
