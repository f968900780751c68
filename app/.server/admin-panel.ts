import type { SupabaseClient } from '@supabase/supabase-js'
import { todayInMadrid } from '~/lib/booking'
import type { Database } from '~/lib/database.types'
import { loadRecurringRevenue } from './admin-billing'
import { log } from './log'

/** The Sunday that ends `today`'s week (Monday to Sunday), as YYYY-MM-DD. */
export function endOfWeek(today: string) {
	const date = new Date(`${today}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7))
	return date.toISOString().slice(0, 10)
}

/**
 * The panel's live figures under the admin's own session (RLS: admins read everything), read in
 * parallel: confirmed demos from today to Sunday, new inbox items, billed subscriptions and their
 * monthly recurring revenue. A figure that cannot be read is null, and the panel says so.
 */
export async function loadPanelFigures(supabase: SupabaseClient<Database>, today = todayInMadrid()) {
	const weekEnd = endOfWeek(today)
	const [meetings, inbox, revenue] = await Promise.all([
		supabase
			.from('reservas')
			.select('id', { count: 'exact', head: true })
			.eq('status', 'confirmada')
			.gte('fecha', today)
			.lte('fecha', weekEnd),
		supabase.from('form_submissions').select('id', { count: 'exact', head: true }).eq('status', 'nueva'),
		loadRecurringRevenue(supabase),
	])
	for (const { error } of [meetings, inbox]) if (error) log.error({ err: error }, '[admin] panel figure')
	return {
		today,
		weekEnd,
		meetingsThisWeek: meetings.error ? null : meetings.count,
		newInboxItems: inbox.error ? null : inbox.count,
		activeSubscriptions: revenue?.billed ?? null,
		monthlyRecurringRevenue: revenue?.mrr ?? null,
	}
}
