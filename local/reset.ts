// `npm run db:reset`: throws away the development database; the next start rebuilds it from
// supabase/migrations and supabase/seed.sql.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { openDatabase } from './supabase/db'

const dataDir = join(process.cwd(), '.data', 'supabase')
await rm(dataDir, { recursive: true, force: true })
const db = await openDatabase({ dataDir })
await db.close()
console.info(`[db:reset] ${dataDir} rebuilt from the migrations and the seed.`)
