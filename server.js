// The HTTP server, one process: Vite's middleware and the app's source in development, the built app and its
// files in production. More cores are used by running more processes behind the proxy (decision 016), and
// anonymous pages are kept by the shared cache in front of it, never here (deploy/nginx.conf).
import { createServer } from 'node:http'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'

// Every other setting comes from the app's one reader of the environment (app/.server/env.ts). Here only the choice
// between Vite and the build, made before either is loaded; an empty NODE_ENV, like any empty variable, is unset.
const isDevelopment = process.env.NODE_ENV !== 'production'
const httpServer = createServer()
// Vite's live reload shares the app's port rather than its default 24678, which a second dev server (another
// clone, the dev-server test) would find taken.
const vite = isDevelopment ? await startVite() : undefined
const appSource = './server/app.ts'
const builtApp = './build/server/index.js'
const app = /** @type {typeof import('./server/app')} */ (
	await loadOrExit(() => (vite ? vite.ssrLoadModule(appSource) : import(builtApp)))
)
const { env, log } = app
if (!vite) app.logConsole()

let draining = false
const server = express()
server.disable('x-powered-by')
// Which proxies may tell us the visitor's address (X-Forwarded-For): by default only this machine's.
server.set('trust proxy', env.TRUST_PROXY)
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
// While draining, each connection closes as soon as its last answer is sent: a proxy's kept-alive connection (nginx's
// `keepalive`) would otherwise idle on until the drain's bound.
httpServer.on('request', (_req, res) => res.once('finish', () => draining && httpServer.closeIdleConnections()))
httpServer.listen(env.PORT, () => {
	log.info(`[server] listening on port ${env.PORT}: site ${env.SITE_URL}, portal ${env.PORTAL_URL}`)
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
	const drainMs = env.SHUTDOWN_DRAIN_MS
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

/** Vite in middleware mode; an install of production dependencies only (the image) has none. */
async function startVite() {
	const { createServer: createViteServer } = await import('vite').catch((/** @type {Error} */ error) => {
		console.error(`[server] NODE_ENV is not 'production' and Vite cannot be loaded (${error.message})`)
		return process.exit(1)
	})
	return createViteServer({ server: { middlewareMode: true, hmr: { server: httpServer } } })
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
