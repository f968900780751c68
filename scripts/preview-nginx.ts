// `npm run preview:nginx [port]`: the production build behind the nginx the repository ships (deploy/nginx), on the
// local services, as on the single-machine deployment: the shared page cache, nginx's own error pages and limits,
// at http://kia.localhost:<port> and http://portal.kia.localhost:<port> (8080 unless named). package.json builds
// first. Ctrl-C, SIGTERM or SIGHUP stops nginx, the server and the services.
import { localDefaults } from '../app/.server/local-defaults'
import { appEnvFor, developmentServices, startLocalServices } from '../local'
import { startApp } from '../tests/support/app-server'
import { startNginx } from '../tests/support/nginx'

const port = Number(process.argv[2] ?? 8080)
if (!Number.isInteger(port) || port < 1 || port > 65535) {
	console.error(`[preview] the port must be a number (1-65535), not '${process.argv[2]}'`)
	process.exit(1)
}
const site = `http://kia.localhost:${port}`
const portal = `http://portal.kia.localhost:${port}`

const stops: (() => Promise<void>)[] = []
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0))

const starting = start()
starting.catch(async (error: unknown) => {
	// A taken port, nginx missing, no build: the message says which.
	console.error(`[preview] could not start: ${error instanceof Error ? error.message : String(error)}`)
	await stop(1)
})

async function start() {
	const services = await startLocalServices(developmentServices({ ...process.env, PORTAL_URL: portal }))
	stops.unshift(services.stop)
	for (const service of services.services) console.info(`[services] ${service.name}: ${service.description}`)
	// Every production variable, with the local services' values: the site and the portal at nginx's address,
	// which is the host the app serves (any other gets 421).
	const app = await startApp(
		{ ...localDefaults(String(port)), ...appEnvFor(services), SITE_URL: site, PORTAL_URL: portal },
		{ keepOutput: false, echo: true },
	)
	stops.unshift(app.stop)
	services.setStripeWebhookUrl(`http://127.0.0.1:${app.port}/api/stripe/webhook`)
	const nginx = await startNginx({ port, upstreamPort: app.port })
	stops.unshift(nginx.stop)
	console.info(`[preview] nginx on port ${port}, in front of the production server on ${app.port}: ${site}, ${portal}`)
}

/** Once whatever was starting has started or failed: nginx, then the server, then the services. */
async function stop(code: number) {
	if (stopping) return
	stopping = true
	await starting.catch(() => undefined)
	for (const stopOne of stops) await stopOne().catch(() => undefined)
	process.exit(code)
}
