// The HTTP server for development (Vite middleware, hot reload) and production (the built app).
import { createServer } from 'node:http'
import compression from 'compression'
import express from 'express'

const isDevelopment = process.env.NODE_ENV !== 'production'
process.env.PORT ??= isDevelopment ? '5173' : '3000'
const port = Number(process.env.PORT)
/**
 * How long SIGTERM waits for requests in flight before cutting them off; below the orchestrator's own
 * grace period (Docker's `stop` and Kubernetes wait 10 s and 30 s before SIGKILL).
 */
const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 8_000)
if (!Number.isInteger(drainMs) || drainMs < 0) {
	console.error(`[server] SHUTDOWN_DRAIN_MS must be a number of milliseconds, not '${process.env.SHUTDOWN_DRAIN_MS}'`)
	process.exit(1)
}

const server = express()
/**
 * Anonymous site pages kept in memory by the built app (server/page-cache.ts); none in development.
 * @type {ReturnType<typeof import('./server/page-cache').createPageCache> | undefined}
 */
let pageCache
/**
 * Answers requests for hosts we do not serve (server/hosts.ts); set once the app is loaded.
 * @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
 */
let refuseMisdirected
/**
 * Answers /healthz and /readyz (server/health.ts); set once the app is loaded.
 * @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
 */
let answerHealthCheck
/**
 * One JSON line per request on stdout (server/request-log.ts); production only, development keeps a quiet console.
 * @type {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | undefined}
 */
let logRequest
server.disable('x-powered-by')
// Which proxies may tell us the visitor's address (X-Forwarded-For): by default only this machine's.
server.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback')
server.use(compression())
// Our forms are a few kilobytes; a bigger body is refused before anything reads it into memory.
const maxBodyBytes = 1024 * 1024
server.use((req, res, next) => {
	if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
		res.status(413).type('text/plain; charset=utf-8').send('La petición es demasiado grande.')
		return
	}
	next()
})

if (isDevelopment) {
	const vite = await import('vite')
	const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
	server.use(viteDevServer.middlewares)
	// Load the app once now so a bad configuration stops the server at start-up, as in production.
	const firstLoad = await loadOrExit(() => viteDevServer.ssrLoadModule('./server/app.ts'))
	refuseMisdirected = firstLoad.refuseMisdirected
	answerHealthCheck = firstLoad.answerHealthCheck
	server.use(async (req, res, next) => {
		try {
			const source = await viteDevServer.ssrLoadModule('./server/app.ts')
			return await source.app(req, res, next)
		} catch (error) {
			if (error instanceof Error) viteDevServer.ssrFixStacktrace(error)
			next(error)
		}
	})
} else {
	// Static files get no CSP (nothing in them runs as a page) but must never be sniffed as another type.
	const setHeaders = (/** @type {import('node:http').ServerResponse} */ res) =>
		res.setHeader('X-Content-Type-Options', 'nosniff')
	server.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', setHeaders }))
	server.use(express.static('build/client', { maxAge: '1h', setHeaders }))
	const buildPath = './build/server/index.js'
	const build = await loadOrExit(() => import(buildPath))
	pageCache = build.pageCache
	refuseMisdirected = build.refuseMisdirected
	answerHealthCheck = build.answerHealthCheck
	logRequest = build.logRequest
	server.use(build.pageCache.capture)
	server.use(build.app)
}

/**
 * @template T
 * @param {() => Promise<T>} load
 * @returns {Promise<T>}
 */
async function loadOrExit(load) {
	try {
		return await load()
	} catch (error) {
		// A refused configuration is a message for the operator, not a stack trace.
		console.error(error instanceof Error && error.name === 'EnvError' ? error.message : error)
		process.exit(1)
	}
}

// Health checks answer whatever the host (a load balancer may probe by IP) and are not logged; then only our
// hosts get anything; a cached page is answered before Express and React Router see the request.
const httpServer = createServer((req, res) => {
	if (answerHealthCheck(req, res)) return
	logRequest?.(req, res)
	// While draining (SIGTERM), a kept-alive connection is closed after its response instead of idling on.
	if (draining) res.setHeader('Connection', 'close')
	if (refuseMisdirected(req, res)) return
	if (!pageCache?.serve(req, res)) server(req, res)
})
// e.g. the port is taken: a message for whoever started it, not a stack trace.
httpServer.once('error', (error) => {
	console.error(`[server] ${error.message}`)
	process.exit(1)
})
let draining = false
// A deploy or scale-down: stop accepting connections, let requests in flight finish, then exit.
process.once('SIGTERM', () => {
	draining = true
	console.info(`[server] SIGTERM: finishing requests in flight (up to ${drainMs} ms)`)
	httpServer.close(() => {
		console.info('[server] drained; exiting')
		process.exit(0)
	})
	httpServer.closeIdleConnections()
	setTimeout(() => {
		console.error(`[server] requests still in flight after ${drainMs} ms; cutting them off`)
		httpServer.closeAllConnections()
		process.exit(1)
	}, drainMs).unref()
})
httpServer.listen(port, () => {
	const site = process.env.SITE_URL ?? `http://kia.localhost:${port}`
	const portal = process.env.PORTAL_URL ?? `http://portal.kia.localhost:${port}`
	console.info(`[server] listening on port ${port}: site ${site}, portal ${portal}`)
})
