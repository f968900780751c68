// `npm run db:reset`: throws away the development database (and the Stripe stand-in's data); the next start rebuilds it from
// supabase/migrations and supabase/seed.sql.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { developmentDataDir } from './index'
import { openDatabase } from './supabase/db'

const dataDir = join(developmentDataDir(process.env), 'supabase')
await rm(dataDir, { recursive: true, force: true })
// The Stripe stand-in's customers are referenced from the database: they go together.
await rm(join(developmentDataDir(process.env), 'stripe.json'), { force: true })
const db = await openDatabase({ dataDir })
await db.close()
console.info(`[db:reset] ${dataDir} rebuilt from the migrations and the seed.`)
