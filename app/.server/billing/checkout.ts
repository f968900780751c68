import type { SupabaseClient } from '@supabase/supabase-js'
import { planById } from '~/content/plans'
import type { PlanId } from '~/lib/plan-ids'
import type { Database } from '~/lib/database.types'
import type { BillingPeriod } from '~/lib/period'
import { billedStatuses } from '~/lib/revenue'
import { env } from '../env'
import { getStripe, isPermanentStripeError, type Stripe } from './stripe'
import { createServiceClient } from '../supabase/client'
import type { SessionUser } from '../auth/session'
import { planForPrice } from './prices'
import { grantCheckoutSession } from './webhook'

/**
 * The user's Stripe customer, created the first time they buy and kept in
 * `stripe_customers` (never looked up by e-mail). The idempotency key makes
 * two concurrent first purchases create one customer.
 */
async function ensureCustomer(user: SessionUser) {
	const service = createServiceClient()
	const stored = await service.from('stripe_customers').select('customer_id').eq('user_id', user.id).maybeSingle()
	if (stored.error) throw stored.error
	if (stored.data) return stored.data.customer_id

	const customer = await getStripe().customers.create(
		{ email: user.email, metadata: { user_id: user.id } },
		{ idempotencyKey: `kia-customer-${user.id}` },
	)
	const saved = await service
		.from('stripe_customers')
		.upsert({ user_id: user.id, customer_id: customer.id }, { onConflict: 'user_id', ignoreDuplicates: true })
	if (saved.error) throw saved.error
	return customer.id
}

/** Whether the user pays a subscription Stripe still bills (as the webhook last recorded it); RLS reads only theirs. */
export async function hasBilledSubscription(supabase: SupabaseClient<Database>, user: SessionUser) {
	const { count, error } = await supabase
		.from('suscripciones')
		.select('id', { count: 'exact', head: true })
		.eq('user_id', user.id)
		.in('status', billedStatuses)
	if (error) throw error
	return (count ?? 0) > 0
}

/**
 * How long one user's Checkout for one price is the same Checkout: two tabs, or a double press, open one
 * session instead of two that could both be paid. Stripe answers a repeated idempotency key with the session it
 * made the first time, for 24 hours; the window makes a later, deliberate purchase a new one.
 */
const checkoutWindowMs = 10 * 60 * 1000

/**
 * IVA on top of the price, by Stripe Tax (docs/decisions/019-iva.md): from the billing address and the tax ID
 * the buyer gives on Stripe's page, which are saved on the customer (its renewals and plan changes are taxed from
 * them), 21 % in Spain and reverse charge for an EU business with a VAT number. The subscription keeps
 * calculating it; a one-time payment gets an invoice too, with its tax lines.
 */
const taxCollection = {
	automatic_tax: { enabled: true },
	billing_address_collection: 'required',
	customer_update: { address: 'auto', name: 'auto' },
	tax_id_collection: { enabled: true },
} as const

/**
 * A Checkout Session for one plan and period, priced from configuration only.
 * Annual Enterprise is a one-time payment, every other price a subscription
 *. Returns Stripe's hosted page URL.
 */
export async function createCheckoutSession(user: SessionUser, plan: PlanId, period: BillingPeriod, priceId: string) {
	const oneTime = planById(plan)?.charge[period] === 'one-time'
	const metadata = { user_id: user.id, plan, period }
	const session = await getStripe().checkout.sessions.create(
		{
			line_items: [{ price: priceId, quantity: 1 }],
			customer: await ensureCustomer(user),
			client_reference_id: user.id,
			metadata,
			success_url: `${env.SITE_URL}/panel-de-clientes?session_id={CHECKOUT_SESSION_ID}`,
			cancel_url: `${env.SITE_URL}/tarifas?canceled=true`,
			locale: 'es',
			...taxCollection,
			...(oneTime
				? {
						mode: 'payment',
						submit_type: 'pay',
						payment_intent_data: { metadata },
						invoice_creation: { enabled: true },
					}
				: { mode: 'subscription', subscription_data: { metadata } }),
		},
		{ idempotencyKey: `kia-checkout-${user.id}-${priceId}-${Math.floor(Date.now() / checkoutWindowMs)}` },
	)
	if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`)
	return session.url
}

export function retrieveCheckoutSession(sessionId: string) {
	return getStripe().checkout.sessions.retrieve(sessionId, { expand: ['line_items'] })
}

/**
 * The return page's view of a purchase: the user's own Checkout Session only
 * (null for anyone else's or an unknown id), granted here too so the portal
 * is up to date even before the webhook arrives.
 */
export async function loadPurchase(sessionId: string, user: SessionUser) {
	let session: Stripe.Checkout.Session
	try {
		session = await retrieveCheckoutSession(sessionId)
	} catch (error) {
		if (isPermanentStripeError(error)) return null
		throw error
	}
	if (session.client_reference_id !== user.id) return null
	const bought = planForPrice(session.line_items?.data[0]?.price?.id)
	if (!bought) return null
	if (session.status === 'complete') await grantCheckoutSession(session)
	return {
		...bought,
		/** What was charged, IVA included, in cents. */
		amount: session.amount_total ?? 0,
		currency: session.currency ?? 'eur',
		oneTime: session.mode === 'payment',
		paid: session.status === 'complete' && session.payment_status !== 'unpaid',
	}
}
