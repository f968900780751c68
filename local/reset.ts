// `npm run db:reset`: throws away the development database (and Storage's files and the Stripe stand-in's data) and
// builds it again from supabase/migrations, supabase/seed.sql and the buckets of supabase/config.toml.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { developmentDataDir } from './index'
import { startPostgres } from './postgres'
import { connectDatabase, migrate } from './supabase/db'
import { seedBuckets } from './supabase/seed-buckets'
import { startSupabase } from './supabase/server'

const dataDir = join(developmentDataDir(process.env), 'postgres')
await rm(dataDir, { recursive: true, force: true })
// The Stripe stand-in's customers are referenced from the database: they go together. `supabase` held the
// database before it ran on a PostgreSQL server.
await rm(join(developmentDataDir(process.env), 'stripe.json'), { force: true })
// Storage's files are listed only in the database: without it they are no one's.
await rm(join(developmentDataDir(process.env), 'storage'), { recursive: true, force: true })
await rm(join(developmentDataDir(process.env), 'supabase'), { recursive: true, force: true })
const server = await startPostgres({ dataDir })
let uploaded: string[] = []
try {
	const db = connectDatabase(server.url('postgres'))
	await migrate(db)
	// As `supabase db reset`: then the buckets of config.toml, through Storage on a free port for the while.
	const supabase = await startSupabase({
		database: db,
		port: 0,
		storageDir: join(developmentDataDir(process.env), 'storage'),
		mail: { host: '127.0.0.1', port: 0, from: 'KIA <no-reply@kia.test>' },
	})
	try {
		uploaded = await seedBuckets(supabase.url)
	} finally {
		await supabase.stop()
	}
} finally {
	await server.stop()
}
console.info(
	`[db:reset] ${dataDir} rebuilt from the migrations and the seed, with its ${uploaded.length} Storage objects.`,
)
