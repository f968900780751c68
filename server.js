// The HTTP server for development (Vite middleware, hot reload) and production (the built app). In production it
// runs one worker process per core (WEB_CONCURRENCY), each a whole server with its own page cache.
import cluster from 'node:cluster'
import { createServer } from 'node:http'
import { availableParallelism } from 'node:os'
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
/**
 * Worker processes: one per CPU Node may run on in production, so no core idles while another renders (Node
 * does not read a container's CPU quota: set it there); a single process in development, where Vite's watcher
 * and module graph live in the process that serves.
 */
const workerCount = Number(process.env.WEB_CONCURRENCY ?? (isDevelopment ? 1 : availableParallelism()))
if (!Number.isInteger(workerCount) || workerCount < 1 || (isDevelopment && workerCount > 1)) {
	console.error(
		`[server] WEB_CONCURRENCY must be a whole number of processes (1 in development), not '${process.env.WEB_CONCURRENCY}'`,
	)
	process.exit(1)
}
const siteUrl = process.env.SITE_URL ?? `http://kia.localhost:${port}`
const portalUrl = process.env.PORTAL_URL ?? `http://portal.kia.localhost:${port}`

if (cluster.isPrimary && workerCount > 1) superviseWorkers(workerCount)
else await serveRequests()

/**
 * The primary process of a multi-process server: starts the workers (they share the port; the primary hands
 * out connections in turn), replaces one that dies, and on SIGTERM has every worker drain and exits once
 * all have, 0 when all drained cleanly.
 * @param {number} count
 */
function superviseWorkers(count) {
	let shuttingDown = false
	let failedToDrain = false
	/** Workers that have listened at least once: one that exits before that could not start, and will not. */
	const started = new Set()
	/** Workers whose process has not exited yet (cluster.workers may still list one at its 'exit'). */
	const running = new Set()
	const fork = () => running.add(cluster.fork().id)
	/** @param {NodeJS.Signals} signal */
	const signalWorkers = (signal) => {
		for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
	}
	cluster.on('listening', (worker) => {
		started.add(worker.id)
		if (started.size === count) {
			console.info(`[server] listening on port ${port} with ${count} workers: site ${siteUrl}, portal ${portalUrl}`)
		}
	})
	cluster.on('exit', (worker, code, signal) => {
		running.delete(worker.id)
		if (shuttingDown) {
			if (code !== 0) failedToDrain = true
			if (running.size === 0) process.exit(failedToDrain ? 1 : 0)
			return
		}
		if (!started.has(worker.id)) {
			// A refused configuration or a taken port: every worker would fail alike, so stop as one process would.
			console.error(`[server] a worker could not start (exit code ${code}); stopping`)
			shuttingDown = true
			failedToDrain = true
			signalWorkers('SIGTERM')
			if (running.size === 0) process.exit(1)
			return
		}
		console.error(`[server] worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`)
		fork()
	})
	process.on('SIGTERM', () => {
		if (shuttingDown) return
		shuttingDown = true
		console.info(`[server] SIGTERM: every worker finishes its requests in flight (up to ${drainMs} ms)`)
		signalWorkers('SIGTERM')
		// The workers keep their own bound; this one only catches a worker that hangs past it.
		setTimeout(() => {
			console.error('[server] workers still running after the drain bound; killing them')
			signalWorkers('SIGKILL')
			process.exit(1)
		}, drainMs + 2_000).unref()
	})
	for (let index = 0; index < count; index++) fork()
}

async function serveRequests() {
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
	 * @type {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => (requestId?: string | null) => void) | undefined}
	 */
	let logRequest
	/** @type {(() => Promise<void>) | undefined} */
	let flushRequestLog
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
		// The build's scripts, stylesheet and SVGs as Brotli or gzip, compressed once at build time (vite.config.ts), as the
		// browser accepts; `compression` passes over a response that is already encoded.
		const assets = expressStaticGzip('build/client/assets', {
			enableBrotli: true,
			orderPreference: ['br'],
			serveStatic: { immutable: true, maxAge: '1y', setHeaders },
		})
		server.use('/assets', assets)
		// The few files at the root (favicon, logo) have an extension and no page does: a page request skips the
		// file lookup (a stat on the thread pool) it would always miss.
		const rootFiles = express.static('build/client', { maxAge: '1h', setHeaders })
		server.use((req, res, next) => (/\.\w+$/.test(req.path) ? rootFiles(req, res, next) : next()))
		const buildPath = './build/server/index.js'
		const build = await loadOrExit(() => import(buildPath))
		pageCache = build.pageCache
		refuseMisdirected = build.refuseMisdirected
		answerHealthCheck = build.answerHealthCheck
		logRequest = build.logRequest
		flushRequestLog = build.flushRequestLog
		server.use(build.pageCache.capture)
		server.use(build.app)
	}

	// Health checks answer whatever the host (a load balancer may probe by IP) and are not logged; then only our
	// hosts get anything; a cached page is answered before Express and React Router see the request.
	const httpServer = createServer((req, res) => {
		if (answerHealthCheck(req, res)) return
		const handedOn = logRequest?.(req, res)
		// While draining (SIGTERM), a kept-alive connection is closed after its response instead of idling on.
		if (draining) res.setHeader('Connection', 'close')
		if (refuseMisdirected(req, res)) return handedOn?.()
		const hit = pageCache?.serve(req, res)
		if (!hit) server(req, res)
		handedOn?.(hit)
	})
	// e.g. the port is taken: a message for whoever started it, not a stack trace.
	httpServer.once('error', (error) => {
		console.error(`[server] ${error.message}`)
		process.exit(1)
	})
	let draining = false
	// A deploy or scale-down: stop accepting connections, let requests in flight finish, then exit. A worker may
	// get the signal twice (from its primary and from a signal sent to the whole process group).
	process.on('SIGTERM', () => {
		if (draining) return
		draining = true
		if (cluster.isPrimary) console.info(`[server] SIGTERM: finishing requests in flight (up to ${drainMs} ms)`)
		httpServer.close(async () => {
			// The request log's last lines go out before the process does.
			await flushRequestLog?.()
			if (cluster.isPrimary) console.info('[server] drained; exiting')
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
		if (cluster.isPrimary) console.info(`[server] listening on port ${port}: site ${siteUrl}, portal ${portalUrl}`)
	})
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
