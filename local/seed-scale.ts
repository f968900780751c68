// `npm run db:seed-scale`: 100,000 bookings and 10,000 users in the development database, to try the admin
// pages at volume. Stop `npm run dev` / `npm run services` first: PGlite opens the folder alone.
import { join } from 'node:path'
import { developmentDataDir } from './index'
import { openDatabase } from './supabase/db'
import { seedScale } from './supabase/scale'

const db = await openDatabase({ dataDir: join(developmentDataDir(process.env), 'supabase') })
const started = performance.now()
await seedScale(db.pg)
const counts = await db.pg.query<{ reservas: number; usuarios: number }>(
	'select (select count(*)::int from public.reservas) as reservas, (select count(*)::int from public.usuarios) as usuarios',
)
await db.close()
console.info(
	`[db:seed-scale] ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
