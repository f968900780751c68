import { createClient } from '@supabase/supabase-js'
import { localServiceRoleKey } from './keys'

/**
 * The last date any booking holds: a run's test slots come after it (tests/support/unique.ts). The seed's
 * bookings are relative to today (the demo client's next weeks), so which dates they take changes daily.
 */
export async function latestBooking(supabaseUrl: string) {
	const service = createClient(supabaseUrl, localServiceRoleKey, {
		auth: { persistSession: false },
	})
	const { data, error } = await service.from('reservas').select('fecha').order('fecha', { ascending: false }).limit(1)
	if (error) throw error
	return (data as { fecha: string }[])[0]?.fecha
}
