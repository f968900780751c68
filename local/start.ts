// `npm run services`: the local services alone, configured like `npm run dev`'s (developmentServices).
import { developmentServices, startLocalServices } from './index'

const { services, stop } = await startLocalServices(developmentServices(process.env)).catch((error: unknown) => {
	// e.g. a port already taken: the message says which and what to do; the stack adds nothing.
	console.error(`[services] could not start: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
})
for (const service of services) console.info(`[services] ${service.name}: ${service.description}`)

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.once(signal, () => {
		void stop().then(() => process.exit(0))
	})
}
