// `npm run db:seed-scale`: 100,000 bookings and 10,000 users in the development database, to try the admin
// pages at volume: through the running services' server, or (services stopped) the development cluster
// started for the time it takes.
import { join } from 'node:path'
import { developmentDataDir, developmentServices } from './index'
import { startPostgres } from './postgres'
import { connectDatabase } from './supabase/db'
import { seedScale } from './supabase/scale'

const { ports } = developmentServices(process.env)
const runningUrl = `postgresql://postgres:postgres@127.0.0.1:${ports.postgres}/postgres`
const probe = connectDatabase(runningUrl)
const running = await probe
	.query('select 1')
	.then(() => true)
	.catch(() => false)
await probe.close()
const server = running
	? undefined
	: await startPostgres({ dataDir: join(developmentDataDir(process.env), 'postgres'), port: ports.postgres })
const db = connectDatabase(server?.url('postgres') ?? runningUrl)
try {
	const started = performance.now()
	await seedScale(db)
	const counts = await db.query<{ reservas: number; usuarios: number }>(
		'select (select count(*)::int from public.reservas) as reservas, (select count(*)::int from public.usuarios) as usuarios',
	)
	console.info(
		`[db:seed-scale] ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
	)
} finally {
	await db.close()
	await server?.stop()
}
