import { createServiceClient } from '../supabase/client'
import { getStripe, type Stripe } from './stripe'

/** Stripe's statuses of a subscription that is over: nothing more will be charged. */
const endedStatuses = new Set<string>(['canceled', 'incomplete_expired'])

/** Every page of a Stripe list: a customer has a handful of subscriptions and sessions, but nothing is left out. */
async function everyItem<T extends { id: string }>(page: (startingAfter?: string) => Promise<Stripe.ApiList<T>>) {
	const items: T[] = []
	for (let next = await page(); ; next = await page(items.at(-1)?.id)) {
		items.push(...next.data)
		if (!next.has_more || next.data.length === 0) return items
	}
}

/**
 * Ends what Stripe would still charge a user whose account is about to go: every subscription not over is
 * cancelled at once, and every Checkout Session still open is expired, so no purchase can complete for an account
 * that no longer exists. Asked of Stripe itself, not of our tables: a subscription bought a moment ago may not have
 * reached them yet. Throws if Stripe cannot be reached or refuses, and the account must then stay. Returns the
 * subscriptions it cancelled.
 */
export async function endBillingOf(userId: string): Promise<string[]> {
	const { data, error } = await createServiceClient()
		.from('stripe_customers')
		.select('customer_id')
		.eq('user_id', userId)
		.maybeSingle()
	if (error) throw error
	if (!data) return []
	const stripe = getStripe()
	const customer = data.customer_id
	const [subscriptions, sessions] = await Promise.all([
		everyItem((startingAfter) =>
			stripe.subscriptions.list({ customer, status: 'all', limit: 100, starting_after: startingAfter }),
		),
		everyItem((startingAfter) =>
			stripe.checkout.sessions.list({ customer, status: 'open', limit: 100, starting_after: startingAfter }),
		),
	])
	const live = subscriptions.filter((subscription) => !endedStatuses.has(subscription.status))
	await Promise.all([
		...live.map((subscription) =>
			stripe.subscriptions.cancel(subscription.id, {
				cancellation_details: { comment: 'Cuenta eliminada por un administrador de KIA.' },
			}),
		),
		...sessions.map((session) => stripe.checkout.sessions.expire(session.id)),
	])
	return live.map((subscription) => subscription.id)
}
