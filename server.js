// The HTTP server, one process: Vite's middleware and the app's source in development, the built app and its
// files in production. More cores are used by running more processes behind the proxy (decision 016), and
// anonymous pages are kept by the shared cache in front of it, never here (deploy/nginx.conf).
import { createServer } from 'node:http'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'

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
const httpServer = createServer()
// Vite's live reload shares the app's port rather than its default 24678, which a second dev server (another
// clone, the dev-server test) would find taken.
const vite = isDevelopment
	? await import('vite').then(({ createServer: createViteServer }) =>
			createViteServer({ server: { middlewareMode: true, hmr: { server: httpServer } } }),
		)
	: undefined
const appSource = './server/app.ts'
const builtApp = './build/server/index.js'
const app = /** @type {typeof import('./server/app')} */ (
	await loadOrExit(() => (vite ? vite.ssrLoadModule(appSource) : import(builtApp)))
)
const { log } = app

let draining = false
const server = express()
server.disable('x-powered-by')
// Which proxies may tell us the visitor's address (X-Forwarded-For): by default only this machine's.
server.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback')
// Health checks answer whatever the host (a load balancer may probe by IP) and are not logged.
server.use((req, res, next) => app.answerHealthCheck(req, res) || next())
server.use(app.logRequests)
server.use((req, res, next) => {
	// While draining (SIGTERM), a kept-alive connection is closed after its response instead of idling on.
	if (draining) res.setHeader('Connection', 'close')
	if (app.refuseMisdirected(req, res)) return
	// Our forms are a few kilobytes, a client's documents more; a bigger body is refused before anything reads it.
	if (Number(req.headers['content-length'] ?? 0) > app.bodyLimitFor(req.url ?? '/')) {
		res.status(413).type('text/plain; charset=utf-8').send('La petición es demasiado grande.')
		return
	}
	next()
})
server.use(compression())
if (vite) {
	server.use(vite.middlewares)
	server.use(async (req, res, next) => {
		try {
			const source = /** @type {typeof import('./server/app')} */ (await vite.ssrLoadModule(appSource))
			await source.app(req, res, next)
		} catch (error) {
			if (error instanceof Error) vite.ssrFixStacktrace(error)
			next(error)
		}
	})
} else {
	// Static files get no CSP (nothing in them runs as a page) but must never be sniffed as another type.
	const setHeaders = (/** @type {import('node:http').ServerResponse} */ res) =>
		res.setHeader('X-Content-Type-Options', 'nosniff')
	// The build's scripts, stylesheet and SVGs as Brotli or gzip, compressed once at build time (vite.config.ts), as
	// the browser accepts; `compression` passes over a response that is already encoded.
	server.use(
		'/assets',
		expressStaticGzip('build/client/assets', {
			enableBrotli: true,
			orderPreference: ['br'],
			serveStatic: { immutable: true, maxAge: '1y', setHeaders },
		}),
	)
	// The few files at the root (favicon, logo) have an extension and no page does.
	const rootFiles = express.static('build/client', { maxAge: '1h', setHeaders })
	server.use((req, res, next) => (/\.\w+$/.test(req.path) ? rootFiles(req, res, next) : next()))
	server.use(app.app)
}

httpServer.on('request', server)
httpServer.listen(port, () => {
	const siteUrl = process.env.SITE_URL ?? `http://kia.localhost:${port}`
	const portalUrl = process.env.PORTAL_URL ?? `http://portal.kia.localhost:${port}`
	log.info(`[server] listening on port ${port}: site ${siteUrl}, portal ${portalUrl}`)
	app.startServerWorker()
})
// e.g. the port is taken: a message for whoever started it, not a stack trace.
httpServer.once('error', (error) => {
	log.error(`[server] ${error.message}`)
	process.exit(1)
})

// A deploy or scale-down: stop accepting connections, let requests in flight finish, then exit.
process.once('SIGTERM', () => {
	draining = true
	log.info(`[server] SIGTERM: finishing requests in flight (up to ${drainMs} ms)`)
	// The worker stops claiming with the server and finishes its jobs in hand; one cut off is retried elsewhere.
	const stopped = app.stopServerWorker()
	httpServer.close(async () => {
		await stopped
		log.info('[server] drained; exiting')
		process.exit(0)
	})
	httpServer.closeIdleConnections()
	setTimeout(() => {
		log.error(`[server] requests still in flight after ${drainMs} ms; cutting them off`)
		httpServer.closeAllConnections()
		process.exit(1)
	}, drainMs).unref()
})

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
