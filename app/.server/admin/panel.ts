import type { SupabaseClient } from '@supabase/supabase-js'
import { todayInMadrid, nextDays } from '~/lib/dates'
import type { Database } from '~/lib/database.types'
import { loadRecurringRevenue } from './billing-figures'
import { loadQueueSummary } from './jobs'
import { log } from '../log'

/** How far ahead the panel counts confirmed demos, today included. */
export const upcomingDays = 7

/**
 * The panel's live figures under the admin's own session (RLS: admins read everything), read in
 * parallel: confirmed demos in the next seven days, new inbox items, billed subscriptions and their
 * monthly recurring revenue, confirmed newsletter subscribers, the work queue. A figure that cannot be read is null, and the panel says so.
 */
export async function loadPanelFigures(supabase: SupabaseClient<Database>, today = todayInMadrid()) {
	const upcoming = nextDays(today, upcomingDays)
	const [bookings, inbox, revenue, subscribers, queue] = await Promise.all([
		supabase
			.from('reservas')
			.select('id', { count: 'exact', head: true })
			.eq('status', 'confirmada')
			.gte('fecha', upcoming.desde)
			.lte('fecha', upcoming.hasta),
		supabase.from('form_submissions').select('id', { count: 'exact', head: true }).eq('status', 'nueva'),
		loadRecurringRevenue(supabase),
		supabase.from('boletin_suscriptores').select('id', { count: 'exact', head: true }).eq('estado', 'confirmado'),
		loadQueueSummary(supabase),
	])
	for (const { error } of [bookings, inbox, subscribers]) if (error) log.error({ err: error }, '[admin] panel figure')
	return {
		upcoming,
		upcomingBookings: bookings.error ? null : bookings.count,
		newInboxItems: inbox.error ? null : inbox.count,
		activeSubscriptions: revenue?.billed ?? null,
		monthlyRecurringRevenue: revenue?.mrr ?? null,
		newsletterSubscribers: subscribers.error ? null : subscribers.count,
		queue,
	}
}
