// `npm run db:reset`: throws away the development database (and Storage's files and the Stripe stand-in's data); the next
// start rebuilds it from supabase/migrations and supabase/seed.sql.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { developmentDataDir } from './index'
import { startPostgres } from './postgres'
import { connectDatabase, migrate } from './supabase/db'

const dataDir = join(developmentDataDir(process.env), 'postgres')
await rm(dataDir, { recursive: true, force: true })
// The Stripe stand-in's customers are referenced from the database: they go together. `supabase` held the
// database before it ran on a PostgreSQL server.
await rm(join(developmentDataDir(process.env), 'stripe.json'), { force: true })
// Storage's files are listed only in the database: without it they are no one's.
await rm(join(developmentDataDir(process.env), 'storage'), { recursive: true, force: true })
await rm(join(developmentDataDir(process.env), 'supabase'), { recursive: true, force: true })
const server = await startPostgres({ dataDir })
try {
	const db = connectDatabase(server.url('postgres'))
	await migrate(db)
	await db.close()
} finally {
	await server.stop()
}
console.info(`[db:reset] ${dataDir} rebuilt from the migrations and the seed.`)
