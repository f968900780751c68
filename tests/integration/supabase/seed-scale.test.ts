import { afterAll, beforeAll, expect, test } from 'vitest'
import { todayInMadrid } from '~/lib/dates'
import { defaultBookingRules, lastBookableFrom } from '~/lib/slots'
import { seedScale } from '../../../local/supabase/scale'
import type { LocalSupabase } from '../../../local/supabase/server'
import { startTestSupabase } from '../../support/supabase'

// `npm run db:seed-scale` and `npm run bench:admin` seed through this: it must pass the database's own
// booking rules (the horizon trigger once refused its far-future slots, and both commands failed).
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

test('the volume seed writes the bookings and users it is asked for: the newest are upcoming, none past the horizon', async () => {
	const count = async () =>
		(
			await supabase.db.query<{ reservas: number; usuarios: number; ultima: string }>(
				`select (select count(*) from public.reservas)::int as reservas,
				        (select count(*) from public.usuarios)::int as usuarios,
				        (select max(fecha)::text from public.reservas where email like 'cliente%@empresa%') as ultima`,
			)
		).rows[0]
	const before = await count()
	await seedScale(supabase.db, { bookings: 2_000, users: 200 })
	const after = await count()
	expect((after?.reservas ?? 0) - (before?.reservas ?? 0)).toBe(2_000)
	expect((after?.usuarios ?? 0) - (before?.usuarios ?? 0)).toBe(200)
	expect((after?.ultima ?? '') >= todayInMadrid()).toBe(true)
	expect((after?.ultima ?? '') <= lastBookableFrom(defaultBookingRules, todayInMadrid())).toBe(true)
})
