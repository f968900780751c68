import { connect } from 'node:net'
import { freePort } from '../../local/service'
import { startHttpsApp } from '../support/app-server'
import { expect, test } from '../support/e2e-test'
import { rawRequest } from '../support/urls'

/**
 * What a load balancer and an orchestrator rely on (issue 17, docs/deploy.md):
 * health checks, the drain on SIGTERM, and one JSON log line per request.
 * Each test starts its own production server, so it may stop it.
 */
test.describe.configure({ timeout: 60_000 })

type App = Awaited<ReturnType<typeof startHttpsApp>>

const at = (app: App, host: string, path: string) => `http://${host}:${app.port}${path}`

/** Whether a new TCP connection to the app is accepted. */
function accepts(port: number) {
	return new Promise<boolean>((resolve) => {
		const socket = connect(port, '127.0.0.1')
		socket.once('connect', () => {
			socket.destroy()
			resolve(true)
		})
		socket.once('error', () => resolve(false))
	})
}

/** The JSON lines the app logged, parsed. */
function logLines(app: App) {
	return app
		.output()
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}

test('/healthz and /readyz answer whatever the host, and are not logged', async () => {
	const app = await startHttpsApp()
	try {
		for (const host of ['kia.localhost', 'portal.kia.localhost', '10.0.0.7', 'elsewhere.example']) {
			const health = await rawRequest(at(app, host, '/healthz'))
			expect(health.status, host).toBe(200)
			expect(health.body).toBe('ok')
			expect(health.headers['cache-control']).toBe('no-store')
			expect(health.headers['x-content-type-options']).toBe('nosniff')
			const ready = await rawRequest(at(app, host, '/readyz'))
			expect(ready.status, host).toBe(200)
			expect(ready.headers['x-content-type-options']).toBe('nosniff')
		}
		// Any other path on an unknown host is still refused.
		expect((await rawRequest(at(app, '10.0.0.7', '/'))).status).toBe(421)
		expect(logLines(app).filter((line) => /^\/(healthz|readyz)$/.test(String(line.route)))).toEqual([])
	} finally {
		await app.stop()
	}
})

test('/readyz answers 503 while Supabase does not, /healthz still 200', async () => {
	const app = await startHttpsApp({ SUPABASE_URL: `http://127.0.0.1:${await freePort()}` })
	try {
		const ready = await rawRequest(at(app, '10.0.0.7', '/readyz'))
		expect(ready.status).toBe(503)
		expect(ready.body).toBe('Supabase no responde')
		expect((await rawRequest(at(app, '10.0.0.7', '/healthz'))).status).toBe(200)
	} finally {
		await app.stop()
	}
})

test('one JSON line per request: time, process, request id, host, method, path without the query, status, duration', async () => {
	const app = await startHttpsApp()
	try {
		const page = await rawRequest(at(app, 'kia.localhost', '/tarifas?token=secreto-de-prueba'))
		expect(page.status).toBe(200)
		const missing = await rawRequest(at(app, 'portal.kia.localhost', '/no-existe'))
		expect(missing.status).toBe(404)
		// A page the page cache answers is logged with the request id it was given.
		await rawRequest(at(app, 'kia.localhost', '/tarifas'))
		const cached = await rawRequest(at(app, 'kia.localhost', '/tarifas'))
		expect(cached.headers['x-page-cache']).toBe('hit')
		// So is a request for a host we do not serve, refused before the app.
		expect((await rawRequest(at(app, 'elsewhere.example', '/'))).status).toBe(421)
		// startApp's own requests (for /favicon.svg, until the app answered) are logged too.
		const ours = () => logLines(app).filter((line) => line.route !== '/favicon.svg')
		await expect.poll(() => ours().length).toBe(5)

		const [pageLine, missingLine, , cachedLine, refusedLine] = ours()
		expect(pageLine).toEqual({
			time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			pid: app.pid,
			requestId: page.headers['x-request-id'],
			host: `kia.localhost:${app.port}`,
			method: 'GET',
			route: '/tarifas',
			status: 200,
			durationMs: expect.any(Number),
		})
		expect(pageLine?.requestId).toMatch(/^[0-9a-f-]{36}$/)
		expect(missingLine).toMatchObject({ requestId: missing.headers['x-request-id'], route: '/no-existe', status: 404 })
		expect(cachedLine).toMatchObject({ requestId: cached.headers['x-request-id'], route: '/tarifas', status: 200 })
		expect(cachedLine?.requestId).toMatch(/^[0-9a-f-]{36}$/)
		expect(refusedLine).toMatchObject({ host: `elsewhere.example:${app.port}`, route: '/', status: 421 })
		expect(app.output()).not.toContain('secreto-de-prueba')
	} finally {
		await app.stop()
	}
})

test("rendering pages leaves Node's async hooks off (React's request store is server/render-storage.ts)", async () => {
	const app = await startHttpsApp({}, { nodeArgs: ['--import', './tests/support/async-hooks-probe.mjs'] })
	try {
		// A site page rendered for its visitor (a cookie of ours skips the page cache) and a portal page.
		const site = await rawRequest(at(app, 'kia.localhost', '/tarifas'), {
			headers: { Cookie: 'kia-theme=dark; kia-x=1' },
		})
		const portal = await rawRequest(at(app, 'portal.kia.localhost', '/auth'))
		expect([site.status, portal.status]).toEqual([200, 200])
		process.kill(app.pid, 'SIGUSR2')
		await expect.poll(() => /\[probe\] async hooks (on|off)/.exec(app.output())?.[1]).toBe('off')
	} finally {
		await app.stop()
	}
})

test('SIGTERM: no new connections, the request in flight finishes with 200, then the process exits 0', async () => {
	const app = await startHttpsApp({ SHUTDOWN_DRAIN_MS: '8000' })
	const inFlight = rawRequest(at(app, 'kia.localhost', '/__test/slow?ms=3000'))
	// The request has reached the app once its connection is open and a moment has passed.
	await new Promise((resolve) => setTimeout(resolve, 1_000))
	const signalled = Date.now()
	process.kill(app.pid, 'SIGTERM')

	await expect.poll(() => accepts(app.port)).toBe(false)
	const response = await inFlight
	expect(response.status).toBe(200)
	expect(response.body).toBe('waited 3000 ms')
	expect(await app.exited).toBe(0)
	expect(Date.now() - signalled).toBeLessThan(8_000)
	// Its log line was written before the process exited.
	expect(logLines(app)).toContainEqual(expect.objectContaining({ route: '/__test/slow', status: 200 }))
})

test('SIGTERM: a request still in flight after the bound is cut off and the process exits 1', async () => {
	const app = await startHttpsApp({ SHUTDOWN_DRAIN_MS: '1000' })
	const inFlight = rawRequest(at(app, 'kia.localhost', '/__test/slow?ms=10000')).catch((error: Error) => error)
	await new Promise((resolve) => setTimeout(resolve, 1_000))
	const signalled = Date.now()
	process.kill(app.pid, 'SIGTERM')

	expect(await app.exited).toBe(1)
	expect(Date.now() - signalled).toBeLessThan(5_000)
	expect(await inFlight).toBeInstanceOf(Error)
	expect(app.output()).toContain('cutting them off')
})

test.describe('several worker processes (WEB_CONCURRENCY)', () => {
	/** A page over a connection of its own: the primary hands each new connection to the next worker. */
	const pageOnNewConnection = (app: App) =>
		rawRequest(at(app, 'kia.localhost', '/tarifas'), { headers: { Connection: 'close' } })
	const workerPids = (app: App) =>
		new Set(logLines(app).flatMap((line) => (line.route === '/tarifas' ? [Number(line.pid)] : [])))

	test('connections are shared by every worker, and a worker that dies is replaced', async () => {
		const app = await startHttpsApp({ WEB_CONCURRENCY: '2' })
		try {
			// The app answers as soon as its first worker listens; the primary says when both do.
			await expect.poll(() => app.output()).toContain('with 2 workers')
			for (let request = 0; request < 4; request++) expect((await pageOnNewConnection(app)).status).toBe(200)
			await expect.poll(() => workerPids(app).size).toBe(2)
			expect(workerPids(app)).not.toContain(app.pid)

			const [killed] = workerPids(app)
			process.kill(killed ?? 0, 'SIGKILL')
			await expect.poll(() => app.output()).toContain(`worker ${killed} ended (SIGKILL); starting another`)
			// Every page still answers while and after the replacement starts, and the new worker takes its share.
			await expect
				.poll(
					async () => {
						expect((await pageOnNewConnection(app)).status).toBe(200)
						return workerPids(app).size
					},
					{ timeout: 30_000 },
				)
				.toBe(3)
		} finally {
			await app.stop()
		}
	})

	test('SIGTERM: every worker finishes its request in flight, then the server exits 0', async () => {
		const app = await startHttpsApp({ WEB_CONCURRENCY: '2', SHUTDOWN_DRAIN_MS: '8000' })
		const slow = () =>
			rawRequest(at(app, 'kia.localhost', '/__test/slow?ms=3000'), { headers: { Connection: 'close' } })
		const inFlight = [slow(), slow()]
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		process.kill(app.pid, 'SIGTERM')

		await expect.poll(() => accepts(app.port)).toBe(false)
		for (const response of await Promise.all(inFlight)) expect(response.body).toBe('waited 3000 ms')
		expect(await app.exited).toBe(0)
	})

	test('a worker that cannot start stops the server with its message', async () => {
		const app = startHttpsApp({ WEB_CONCURRENCY: '2', SESSION_SECRET: 'corto' })
		await expect(app).rejects.toThrow(/SESSION_SECRET[\s\S]*a worker could not start/)
	})
})
