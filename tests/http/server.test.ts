import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { connect, createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort, retryOnTakenPort } from '../../local/service'
import { formPost } from '../support/form-posts'
import { startBehindNginx } from '../support/nginx'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// What a proxy, a load balancer and an orchestrator rely on (docs/deploy.md): health checks, one JSON log line per
// request and per error, the request's id in both, and SIGTERM leaving nothing running.

/** Whether a new TCP connection to `port` is accepted. */
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

type LogLine = Record<string, unknown> & { msg?: string; requestId?: string; level?: number; req?: { path?: string } }

/** Every line the app wrote, each parsed: all of them must be JSON. */
function logLines(output: string): LogLine[] {
	return output
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => JSON.parse(line) as LogLine)
}

describe('a running server', () => {
	let app: TestApp
	const at = (host: string, path: string) => `http://${host}:${app.app.port}${path}`
	beforeAll(async () => {
		app = await startTestApp({ ENABLE_TEST_ROUTES: '1' })
	})
	afterAll(() => app.stop())

	test('/healthz and /readyz answer whatever the host, and are not logged', async () => {
		for (const host of ['kia.localhost', 'portal.kia.localhost', '10.0.0.7', 'elsewhere.example']) {
			const health = await rawRequest(at(host, '/healthz'))
			expect([health.status, health.body, health.headers['cache-control']], host).toEqual([200, 'ok', 'no-store'])
			expect(health.headers['x-content-type-options']).toBe('nosniff')
			expect((await rawRequest(at(host, '/readyz'))).status, host).toBe(200)
		}
		// Any other path on an unknown host is still refused.
		expect((await rawRequest(at('10.0.0.7', '/'))).status).toBe(421)
		expect(logLines(app.app.output()).filter((line) => /^\/(healthz|readyz)$/.test(String(line.req?.path)))).toEqual([])
	})

	test('one JSON line per request: its id as answered, host, method, the path without its query, status, time', async () => {
		const page = await rawRequest(at('kia.localhost', '/tarifas?token=secreto-de-prueba'))
		const refused = await rawRequest(at('elsewhere.example', '/'))
		const file = await rawRequest(at('kia.localhost', '/favicon.svg'))
		const lineOf = (requestId: unknown) => logLines(app.app.output()).find((line) => line.requestId === requestId)
		await expect.poll(() => lineOf(file.headers['x-request-id'])).toBeDefined()
		expect(lineOf(page.headers['x-request-id'])).toEqual({
			level: 30,
			time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			pid: app.app.pid,
			requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
			req: { method: 'GET', host: `kia.localhost:${app.app.port}`, path: '/tarifas' },
			res: { status: 200 },
			durationMs: expect.any(Number),
			msg: 'request completed',
		})
		expect(lineOf(refused.headers['x-request-id'])).toMatchObject({ res: { status: 421 } })
		expect(app.app.output()).not.toContain('secreto-de-prueba')
	})

	test("a proxy's request id is kept in the answer and the log; one not in an id's shape is replaced", async () => {
		const fromNginx = 'a3f1c2d4e5b6978812345678abcdef90'
		const kept = await rawRequest(at('kia.localhost', '/robots.txt'), { headers: { 'X-Request-Id': fromNginx } })
		expect(kept.headers['x-request-id']).toBe(fromNginx)
		const forged = await rawRequest(at('kia.localhost', '/robots.txt'), {
			headers: { 'X-Request-Id': '"} {"level":60' },
		})
		expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
		await expect.poll(() => logLines(app.app.output()).some((line) => line.requestId === fromNginx)).toBe(true)
	})

	// It was two: the error with its stack, then the request's line at error level with an error pino-http made up.
	test('an unexpected error is one JSON line, the request’s own, with the id the visitor saw and the stack a field', async () => {
		const failed = await rawRequest(at('kia.localhost', '/__test/error'))
		expect(failed.status).toBe(500)
		const requestId = failed.headers['x-request-id']
		const lines = () => logLines(app.app.output()).filter((line) => line.requestId === requestId)
		await expect.poll(() => lines().length).toBeGreaterThan(0)
		expect(lines()).toEqual([
			expect.objectContaining({
				level: 50,
				msg: 'request failed',
				req: expect.objectContaining({ path: '/__test/error' }),
				res: { status: 500 },
				err: expect.objectContaining({
					message: 'Error provocado por la ruta de prueba',
					stack: expect.stringMatching(/\n\s+at /),
				}),
			}),
		])
		// Every line parsed as JSON above: no stack frame of any error stands on a line of its own.
		expect(app.app.output()).not.toMatch(/^\s+at /m)
		// The id is named once per line, whoever logged it.
		for (const line of app.app
			.output()
			.split('\n')
			.filter((raw) => raw.includes(String(requestId))))
			expect(line.match(/"requestId":/g)).toHaveLength(1)
	})

	test('the build’s assets are not logged at the default level; the page that asks for them is', async () => {
		const page = await rawRequest(at('kia.localhost', '/'))
		const assets = [...page.body.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1])
		expect(assets.length).toBeGreaterThan(1)
		const ids: unknown[] = []
		for (const asset of assets) {
			const answer = await rawRequest(at('kia.localhost', String(asset)))
			expect(answer.status, asset).toBe(200)
			ids.push(answer.headers['x-request-id'])
		}
		// Lines are written in order: once a later request's is there, an asset's would be too.
		const after = await rawRequest(at('kia.localhost', '/robots.txt'))
		await expect
			.poll(() => logLines(app.app.output()).some((line) => line.requestId === after.headers['x-request-id']))
			.toBe(true)
		expect(logLines(app.app.output()).filter((line) => ids.includes(line.requestId))).toEqual([])
		expect(logLines(app.app.output()).some((line) => line.requestId === page.headers['x-request-id'])).toBe(true)
	})

	test('what only a hand-made request gets wrong is refused first, in our words, and logged at info', async () => {
		const { portal, site } = app
		const address = '203.0.113.31'
		const refusals = [
			// An Origin that is no URL: React Router's own check would log a stack at error level.
			{
				response: await formPost(site('/contacto'), {}, address, { Origin: 'http://[mal' }),
				status: 403,
				body: 'Origen no permitido',
			},
			// A post to a page that takes none: the router's words named the route's file (issue 64, finding 10).
			{ response: await formPost(site('/blog'), {}, address), status: 405, body: 'Método no permitido.' },
			// A visitor at the back office: sent to sign in before any of the admin's queries runs.
			{ response: await rawRequest(portal('/admin/usuarios')), status: 302, body: '' },
		]
		for (const { response, status, body } of refusals) {
			expect([response.status, response.body], String(response.headers['x-request-id'])).toEqual([status, body])
			const requestId = response.headers['x-request-id']
			await expect.poll(() => logLines(app.app.output()).some((line) => line.requestId === requestId)).toBe(true)
			const lines = logLines(app.app.output()).filter((line) => line.requestId === requestId)
			expect(lines.map((line) => [line.level, line.msg])).toEqual([[30, 'request completed']])
		}
		expect(refusals[1]?.response.headers.allow).toBe('GET, HEAD')
	})

	test('start-up says each of its lines once', () => {
		const listening = logLines(app.app.output()).filter((line) => String(line.msg).startsWith('[server] listening'))
		expect(listening).toHaveLength(1)
	})
})

describe('Supabase unreachable', () => {
	// Every connection to it is cut at once, as to a host that is down.
	const refusing = createServer((socket) => socket.destroy())
	let app: TestApp
	beforeAll(async () => {
		refusing.listen(0, '127.0.0.1')
		await once(refusing, 'listening')
		const { port } = refusing.address() as AddressInfo
		app = await startTestApp({ SUPABASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'debug' })
	})
	afterAll(async () => {
		await app?.stop()
		refusing.close()
	})

	// It was six lines: Supabase unreachable, each of two rate limits failing to check and to refund, and the request.
	test('a sign-in is one line: the request’s, at error level, with what failed while answering it', async () => {
		const signIn = await formPost(
			app.portal('/auth'),
			{ intent: 'signin', email: 'cliente@kia.test', password: 'contraseña-segura-1' },
			'203.0.113.77',
		)
		expect(signIn.status).toBe(503)
		const requestId = signIn.headers['x-request-id']
		const lines = () => logLines(app.app.output()).filter((line) => line.requestId === requestId)
		await expect.poll(() => lines().length).toBeGreaterThan(0)
		expect(lines()).toEqual([
			expect.objectContaining({
				level: 50,
				msg: 'request failed',
				req: expect.objectContaining({ method: 'POST', path: '/auth' }),
				res: { status: 503 },
				problems: expect.arrayContaining([
					expect.objectContaining({ level: 50, msg: expect.stringMatching(/^\[supabase\] unreachable/) }),
				]),
			}),
		])
		expect(app.app.output()).not.toContain('failed with status code')
	})

	test('with LOG_LEVEL=debug an asset’s line is there, at debug', async () => {
		const page = await rawRequest(app.site('/'))
		const asset = /"(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1]
		const answer = await rawRequest(app.site(String(asset)))
		expect(answer.status).toBe(200)
		await expect
			.poll(() => logLines(app.app.output()).find((line) => line.requestId === answer.headers['x-request-id']))
			.toMatchObject({ level: 20, msg: 'request completed', req: { path: asset } })
	})
})

describe('SIGTERM', () => {
	test('the request in flight finishes with 200, no new connection is taken, then the process exits 0', async () => {
		const app = await startTestApp({ ENABLE_TEST_ROUTES: '1', SHUTDOWN_DRAIN_MS: '8000' })
		try {
			const inFlight = rawRequest(app.site('/__test/slow?ms=3000'))
			await new Promise((resolve) => setTimeout(resolve, 1_000))
			const signalled = Date.now()
			process.kill(app.app.pid, 'SIGTERM')
			await expect.poll(() => accepts(app.app.port)).toBe(false)
			const response = await inFlight
			expect([response.status, response.body]).toEqual([200, 'waited 3000 ms'])
			expect(await app.app.exited).toBe(0)
			expect(Date.now() - signalled).toBeLessThan(8_000)
			const messages = logLines(app.app.output()).map((line) => line.msg)
			expect(messages).toContain('[server] drained; exiting')
			expect(logLines(app.app.output())).toContainEqual(
				expect.objectContaining({ req: expect.objectContaining({ path: '/__test/slow' }), res: { status: 200 } }),
			)
		} finally {
			await app.stop()
		}
	})

	// nginx keeps its connections to the app open between requests (`keepalive` in kia-http.conf): one that was busy
	// when the signal came, and idles after, used to hold the drain until its bound, and the exit was 1.
	test('behind the shipped nginx, with its kept-alive connections, the request in flight finishes and it exits 0 at once', async () => {
		const {
			port,
			upstream: app,
			nginx,
		} = await startBehindNginx(
			(port) =>
				startTestApp({
					SITE_URL: `http://kia.localhost:${port}`,
					PORTAL_URL: `http://portal.kia.localhost:${port}`,
					// Below Node's own 5 s limit on an idle kept-alive connection, which alone used to end the drain.
					SHUTDOWN_DRAIN_MS: '4000',
				}),
			(app) => app.app.port,
		)
		try {
			const throughNginx = (path: string) => rawRequest(`http://kia.localhost:${port}${path}`)
			// Several connections of nginx's to the app, each kept open once its answer is sent.
			await Promise.all(Array.from({ length: 4 }, () => throughNginx('/__test/slow?ms=200')))
			const inFlight = throughNginx('/__test/slow?ms=1500')
			await new Promise((resolve) => setTimeout(resolve, 500))
			const signalled = Date.now()
			process.kill(app.app.pid, 'SIGTERM')
			const response = await inFlight
			expect([response.status, response.body]).toEqual([200, 'waited 1500 ms'])
			expect(await app.app.exited).toBe(0)
			expect(Date.now() - signalled).toBeLessThan(3_000)
			expect(logLines(app.app.output()).map((line) => line.msg)).toContain('[server] drained; exiting')
		} finally {
			await nginx.stop()
			await app.stop()
		}
	})

	test('a request still in flight after the bound is cut off and the process exits 1', async () => {
		const app = await startTestApp({ ENABLE_TEST_ROUTES: '1', SHUTDOWN_DRAIN_MS: '1000' })
		try {
			const inFlight = rawRequest(app.site('/__test/slow?ms=10000')).catch((error: Error) => error)
			await new Promise((resolve) => setTimeout(resolve, 1_000))
			process.kill(app.app.pid, 'SIGTERM')
			expect(await app.app.exited).toBe(1)
			expect(await inFlight).toBeInstanceOf(Error)
			expect(app.app.output()).toContain('cutting them off')
		} finally {
			await app.stop()
		}
	})

	test('to `npm start` leaves no server running', async () => {
		const { port, child, output, exited } = await retryOnTakenPort(() => startServer('npm', ['start']))
		child.kill('SIGTERM')
		await exited
		await expect.poll(() => accepts(port), { timeout: 10_000 }).toBe(false)
		expect(output()).toContain('[server] drained; exiting')
	}, 90_000)

	// A log collector that restarts, or a pipe whose reader died: the lines written after it are lost, and the
	// process must still stop (it once wrote its last lines again and again at exit, and never exited).
	test('with nothing reading its log any more, it keeps answering and still exits on SIGTERM', async () => {
		const { port, child, exited } = await retryOnTakenPort(() => startServer(process.execPath, ['server.js']))
		let bound: ReturnType<typeof setTimeout> | undefined
		try {
			child.stdout.destroy()
			// The first request's line meets the broken pipe; the second is answered after it.
			for (const attempt of [1, 2])
				expect((await rawRequest(`http://kia.localhost:${port}/no-existe`)).status, `request ${attempt}`).toBe(404)
			child.kill('SIGTERM')
			const stillRunning = new Promise((resolve) => (bound = setTimeout(() => resolve('still running'), 15_000)))
			expect(await Promise.race([exited, stillRunning])).toBe(0)
		} finally {
			clearTimeout(bound)
			child.kill('SIGKILL')
		}
	}, 90_000)
})

/**
 * The production server started by `command` on the local services, once it says it listens (its own line:
 * another server may hold a picked port).
 */
async function startServer(command: string, args: string[]) {
	const port = await freePort()
	const child = spawn(command, args, {
		env: { ...process.env, NODE_ENV: 'production', PORT: String(port), LOCAL_SERVICES: '1', SUPABASE_URL: undefined },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
	const closed = once(child, 'close')
	await expect
		.poll(() => child.exitCode !== null || output.includes(`listening on port ${port}`), {
			timeout: 60_000,
			interval: 200,
		})
		.toBe(true)
	if (child.exitCode !== null) {
		await closed
		throw new Error(`${[command, ...args].join(' ')} exited at start-up:\n${output}`)
	}
	return { port, child, output: () => output, exited }
}
