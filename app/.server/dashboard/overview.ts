import type { SupabaseClient } from '@supabase/supabase-js'
import { planById } from '~/content/plans'
import { splitBookings } from '~/lib/booking'
import type { Database } from '~/lib/database.types'
import type { BillingPeriod } from '~/lib/period'
import type { SubscriptionRow } from '~/lib/billing-rows'
import { loadBilling } from '../billing/subscriptions'
import { listOwnBookings } from '../booking/bookings'
import { log } from '../log'
import { loadClientRequests } from '../support/requests'
import type { SessionUser } from '../auth/session'

type Client = SupabaseClient<Database>

/** What the client's plan is now: a subscription (renewing or ending), a one-time payment, or none. */
export type PlanSummary =
	| { kind: 'subscription'; name: string; period: BillingPeriod; status: string; ending: boolean; until: string | null }
	| { kind: 'one-time'; name: string; period: BillingPeriod; paidOn: string }
	| { kind: 'none' }

const isLive = (subscription: SubscriptionRow) =>
	subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired'

async function planOf(supabase: Client, user: SessionUser): Promise<PlanSummary> {
	const { subscriptions, payments } = await loadBilling(supabase, user)
	const live = subscriptions.find(isLive)
	if (live)
		return {
			kind: 'subscription',
			name: planById(live.plan)?.name ?? live.plan,
			period: live.periodo,
			status: live.status,
			ending: live.cancel_at_period_end,
			until: live.current_period_end,
		}
	const paid = payments.find((payment) => payment.status === 'paid')
	if (paid)
		return {
			kind: 'one-time',
			name: planById(paid.plan)?.name ?? paid.plan,
			period: paid.periodo,
			paidOn: paid.created_at,
		}
	return { kind: 'none' }
}

async function nextBookingOf(supabase: Client, user: SessionUser) {
	const bookings = await listOwnBookings(supabase, user)
	if (!bookings) throw new Error('meetings could not be read')
	return splitBookings(bookings).upcoming.find((booking) => booking.status === 'confirmada') ?? null
}

async function openRequestsOf(supabase: Client, user: SessionUser) {
	const requests = await loadClientRequests(supabase, user.id)
	return requests.filter((request) => request.status !== 'resuelta')
}

/** Named by owner as well as by RLS: an admin's session reads every client's assistants. */
async function assistantsOf(supabase: Client, user: SessionUser) {
	const { data, error } = await supabase
		.from('asistentes')
		.select('id, nombre, estado')
		.eq('user_id', user.id)
		.order('created_at')
		.order('id')
	if (error) throw error
	return data
}

/** A block that could not be read says so on its own: the rest of the page still shows. */
async function orFailed<T>(block: string, read: Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
	try {
		return { ok: true, value: await read }
	} catch (error) {
		log.error({ err: error, block }, '[dashboard] block failed')
		return { ok: false }
	}
}

/** The client's panel at a glance (issue 55): next meeting, plan, open support requests, assistants. */
export async function loadClientOverview(supabase: Client, user: SessionUser) {
	const [booking, plan, requests, assistants] = await Promise.all([
		orFailed('next meeting', nextBookingOf(supabase, user)),
		orFailed('plan', planOf(supabase, user)),
		orFailed('support requests', openRequestsOf(supabase, user)),
		orFailed('assistants', assistantsOf(supabase, user)),
	])
	return { booking, plan, requests, assistants }
}
