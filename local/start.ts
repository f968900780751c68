// `npm run services`: the local services alone, configured like `npm run dev`'s (developmentServices).
import { developmentServices, startLocalServices } from './index'

const { services, stop } = await startLocalServices(developmentServices(process.env))
for (const service of services) console.info(`[services] ${service.name}: ${service.description}`)

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.once(signal, () => {
		void stop().then(() => process.exit(0))
	})
}
