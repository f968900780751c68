import type { SupabaseClient } from '@supabase/supabase-js'
import { planById, planIds, type PlanId } from '~/content/plans'
import type { Database } from '~/lib/database.types'
import { billingPeriods, type BillingPeriod } from '~/lib/period'
import { env } from './env'
import { priceVariable } from './local-stripe'
import { getStripe, isPermanentStripeError, type Stripe } from './stripe'
import { createServiceClient, type SessionUser } from './supabase'

/** The configured Stripe price of a plan and period; undefined while that price is not set up. */
export function priceIdFor(plan: PlanId, period: BillingPeriod) {
	return env[priceVariable(plan, period)]
}

/** Which of our plans a Stripe price is: only the six configured prices are ours. */
export function planForPrice(priceId: string | undefined) {
	for (const plan of planIds) {
		for (const period of billingPeriods) {
			if (priceId && priceIdFor(plan, period) === priceId) return { plan, period }
		}
	}
	return null
}

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

/**
 * A Checkout Session for one plan and period, priced from configuration only.
 * Annual Enterprise is a one-time payment, every other price a subscription
 * (SPEC §7). Returns Stripe's hosted page URL.
 */
export async function createCheckoutSession(user: SessionUser, plan: PlanId, period: BillingPeriod, priceId: string) {
	const oneTime = planById(plan)?.charge[period] === 'one-time'
	const metadata = { user_id: user.id, plan, period }
	const session = await getStripe().checkout.sessions.create({
		line_items: [{ price: priceId, quantity: 1 }],
		customer: await ensureCustomer(user),
		client_reference_id: user.id,
		metadata,
		success_url: `${env.SITE_URL}/panel-de-clientes?session_id={CHECKOUT_SESSION_ID}`,
		cancel_url: `${env.SITE_URL}/tarifas?canceled=true`,
		locale: 'es',
		...(oneTime
			? { mode: 'payment', submit_type: 'pay', payment_intent_data: { metadata } }
			: { mode: 'subscription', subscription_data: { metadata } }),
	})
	if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`)
	return session.url
}

function idOf(value: string | { id: string } | null | undefined) {
	return typeof value === 'string' ? value : (value?.id ?? null)
}

async function userIdForCustomer(customerId: string) {
	const { data } = await createServiceClient()
		.from('stripe_customers')
		.select('user_id')
		.eq('customer_id', customerId)
		.maybeSingle()
	return data?.user_id ?? null
}

/**
 * Copies a subscription's current state from Stripe into `suscripciones`.
 * Always re-fetched, so events arriving late or out of order cannot roll a
 * state back. Prices that are not ours are ignored.
 */
export async function syncSubscription(subscriptionId: string) {
	const subscription = await getStripe().subscriptions.retrieve(subscriptionId)
	const item = subscription.items.data[0]
	const bought = planForPrice(item?.price.id)
	if (!item || !bought) return
	const customerId = idOf(subscription.customer) ?? ''
	const { error } = await createServiceClient()
		.from('suscripciones')
		.upsert({
			id: subscription.id,
			user_id: subscription.metadata.user_id ?? (await userIdForCustomer(customerId)),
			customer_id: customerId,
			price_id: item.price.id,
			plan: bought.plan,
			periodo: bought.period,
			status: subscription.status,
			current_period_end: new Date(item.current_period_end * 1000).toISOString(),
			cancel_at_period_end: subscription.cancel_at_period_end,
			created_at: new Date(subscription.created * 1000).toISOString(),
		})
	if (error) throw error
}

/**
 * Grants what a completed Checkout Session bought: the subscription (synced
 * from Stripe) or, for a one-time payment, a `pagos` row with Stripe's
 * payment status. The session must come from Stripe (`retrieveCheckoutSession`).
 */
async function grantCheckoutSession(session: Stripe.Checkout.Session) {
	const subscriptionId = idOf(session.subscription)
	if (session.mode === 'subscription' && subscriptionId) await syncSubscription(subscriptionId)
	if (session.mode === 'payment' && session.status === 'complete') await savePayment(session)
}

function retrieveCheckoutSession(sessionId: string) {
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
		amount: (session.amount_total ?? 0) / 100,
		oneTime: session.mode === 'payment',
		paid: session.status === 'complete' && session.payment_status !== 'unpaid',
	}
}

async function savePayment(session: Stripe.Checkout.Session) {
	const priceId = session.line_items?.data[0]?.price?.id
	const bought = planForPrice(priceId)
	if (!bought || !priceId) return
	const customerId = idOf(session.customer) ?? ''
	const { error } = await createServiceClient()
		.from('pagos')
		.upsert({
			id: session.id,
			user_id: session.client_reference_id ?? (await userIdForCustomer(customerId)),
			customer_id: customerId,
			price_id: priceId,
			plan: bought.plan,
			periodo: bought.period,
			amount_total: session.amount_total ?? 0,
			currency: session.currency ?? 'eur',
			status: session.payment_status,
			payment_intent_id: idOf(session.payment_intent),
			created_at: new Date(session.created * 1000).toISOString(),
		})
	if (error) throw error
}

export type EventOutcome = 'handled' | 'ignored' | 'duplicate'

/**
 * Applies one verified webhook event. Each event id is recorded once handled,
 * so a re-delivery has no second effect; the handlers themselves re-fetch
 * from Stripe and upsert, so even two concurrent deliveries agree.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
	const service = createServiceClient()
	const seen = await service.from('stripe_eventos').select('id').eq('id', event.id).maybeSingle()
	if (seen.error) throw seen.error
	if (seen.data) return 'duplicate'

	const outcome = await applyEvent(event)
	const { error } = await service
		.from('stripe_eventos')
		.upsert({ id: event.id, type: event.type }, { ignoreDuplicates: true })
	if (error) throw error
	return outcome
}

async function applyEvent(event: Stripe.Event): Promise<EventOutcome> {
	switch (event.type) {
		case 'checkout.session.completed':
		case 'checkout.session.async_payment_succeeded':
		case 'checkout.session.async_payment_failed':
			await grantCheckoutSession(await retrieveCheckoutSession(event.data.object.id))
			return 'handled'
		case 'customer.subscription.created':
		case 'customer.subscription.updated':
		case 'customer.subscription.deleted':
			await syncSubscription(event.data.object.id)
			return 'handled'
		case 'invoice.paid':
		case 'invoice.payment_failed': {
			const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription)
			if (!subscriptionId) return 'ignored'
			await syncSubscription(subscriptionId)
			return 'handled'
		}
		default:
			return 'ignored'
	}
}

/** A Billing Portal session for the user's own customer, coming back to `returnUrl`; null if they never bought. */
export async function createPortalSession(user: SessionUser, returnUrl: string) {
	const { data, error } = await createServiceClient()
		.from('stripe_customers')
		.select('customer_id')
		.eq('user_id', user.id)
		.maybeSingle()
	if (error) throw error
	if (!data) return null
	const session = await getStripe().billingPortal.sessions.create({ customer: data.customer_id, return_url: returnUrl })
	return session.url
}

export type SubscriptionRow = {
	id: string
	plan: PlanId
	periodo: BillingPeriod
	status: string
	current_period_end: string | null
	cancel_at_period_end: boolean
}
export type PaymentRow = {
	id: string
	plan: PlanId
	periodo: BillingPeriod
	amount_total: number
	status: string
	created_at: string
}

const isPlanId = (value: string): value is PlanId => planIds.some((id) => id === value)
const isBillingPeriod = (value: string): value is BillingPeriod => billingPeriods.some((period) => period === value)

/** The tables' check constraints admit only our plans and periods; this tells the type checker as much. */
function ofOurPlans<Row extends { plan: string; periodo: string }>(rows: Row[]) {
	return rows.flatMap((row) =>
		isPlanId(row.plan) && isBillingPeriod(row.periodo) ? [{ ...row, plan: row.plan, periodo: row.periodo }] : [],
	)
}

/** What the signed-in user bought, read under RLS with their own session. */
export async function loadBilling(
	supabase: SupabaseClient<Database>,
): Promise<{ subscriptions: SubscriptionRow[]; payments: PaymentRow[] }> {
	const [subscriptions, payments] = await Promise.all([
		supabase
			.from('suscripciones')
			.select('id, plan, periodo, status, current_period_end, cancel_at_period_end')
			.order('created_at', { ascending: false }),
		supabase
			.from('pagos')
			.select('id, plan, periodo, amount_total, status, created_at')
			.order('created_at', { ascending: false }),
	])
	const error = subscriptions.error ?? payments.error
	if (error) throw error
	return { subscriptions: ofOurPlans(subscriptions.data ?? []), payments: ofOurPlans(payments.data ?? []) }
}
