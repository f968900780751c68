import type { SupabaseClient } from '@supabase/supabase-js'
import { planById } from '~/content/plans'
import { todayInMadrid } from '~/lib/booking'
import type { Database } from '~/lib/database.types'

/** Subscriptions Stripe still bills: a past-due one is still owed, so it still counts. */
const billedStatuses = ['active', 'trialing', 'past_due']

/** The Sunday that ends `today`'s week (Monday to Sunday), as YYYY-MM-DD. */
export function endOfWeek(today: string) {
	const date = new Date(`${today}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7))
	return date.toISOString().slice(0, 10)
}

/**
 * What a subscription brings in a month, from our catalogue: the monthly price, or the annual one
 * spread over twelve months. Zero for a plan the catalogue does not know.
 */
export function monthlyRevenue({ plan, periodo }: { plan: string; periodo: string }) {
	const price = planById(plan)?.price
	if (!price) return 0
	return periodo === 'annual' ? price.annual / 12 : price.monthly
}

/**
 * The panel's live figures under the admin's own session (RLS: admins read everything), read in
 * parallel: confirmed demos from today to Sunday, new inbox items, billed subscriptions and their
 * monthly recurring revenue. A figure that cannot be read is null, and the panel says so.
 */
export async function loadPanelFigures(supabase: SupabaseClient<Database>, today = todayInMadrid()) {
	const weekEnd = endOfWeek(today)
	const [meetings, inbox, subscriptions] = await Promise.all([
		supabase
			.from('reservas')
			.select('id', { count: 'exact', head: true })
			.eq('status', 'confirmada')
			.gte('fecha', today)
			.lte('fecha', weekEnd),
		supabase.from('form_submissions').select('id', { count: 'exact', head: true }).eq('status', 'nueva'),
		supabase.from('suscripciones').select('plan, periodo').in('status', billedStatuses),
	])
	for (const { error } of [meetings, inbox, subscriptions]) if (error) console.error('[admin] panel figure', error)
	const billed = subscriptions.error ? null : subscriptions.data
	return {
		today,
		weekEnd,
		meetingsThisWeek: meetings.error ? null : meetings.count,
		newInboxItems: inbox.error ? null : inbox.count,
		activeSubscriptions: billed?.length ?? null,
		monthlyRecurringRevenue: billed ? billed.reduce((sum, row) => sum + monthlyRevenue(row), 0) : null,
	}
}
