import { join } from 'node:path'
import { startLocalServices } from './index'

const { services, stop } = await startLocalServices({ dataDir: join(process.cwd(), '.data', 'supabase') })
for (const service of services) console.info(`[services] ${service.name}: ${service.description}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		void stop().then(() => process.exit(0))
	})
}
