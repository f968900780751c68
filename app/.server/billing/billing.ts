import type { SupabaseClient } from '@supabase/supabase-js'
import { planById } from '~/content/plans'
import { planIds, type PlanId } from '~/lib/plan-ids'
import type { Database } from '~/lib/database.types'
import { billingPeriods, type BillingPeriod } from '~/lib/period'
import { billedStatuses } from '~/lib/revenue'
import { env } from '../env'
import { priceVariable } from './local-stripe'
import { getStripe, isPermanentStripeError, type Stripe } from './stripe'
import { createServiceClient } from '../supabase/client'
import { type SessionUser } from '../auth/session'

/** The configured Stripe price of a plan and period; undefined while that price is not set up. */
export function priceIdFor(plan: PlanId, period: BillingPeriod) {
	return env[priceVariable(plan, period)]
}

/** The plans and periods a subscription can move to: recurring prices that are configured. */
export function subscriptionOptions() {
	return planIds.flatMap((plan) =>
		billingPeriods.flatMap((period) =>
			planById(plan)?.charge[period] === 'subscription' && priceIdFor(plan, period) ? [{ plan, period }] : [],
		),
	)
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
 * A Checkout Session for one plan and period, priced from configuration only.
 * Annual Enterprise is a one-time payment, every other price a subscription
 * (SPEC §7). Returns Stripe's hosted page URL.
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
			...(oneTime
				? { mode: 'payment', submit_type: 'pay', payment_intent_data: { metadata } }
				: { mode: 'subscription', subscription_data: { metadata } }),
		},
		{ idempotencyKey: `kia-checkout-${user.id}-${priceId}-${Math.floor(Date.now() / checkoutWindowMs)}` },
	)
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
 * The `suscripciones` columns Stripe's subscription object decides, or null
 * for a price that is not one of ours. One mapping for the webhook that
 * writes the row and for the action that waits for it.
 */
function subscriptionRow(subscription: Stripe.Subscription) {
	const item = subscription.items.data[0]
	const bought = planForPrice(item?.price.id)
	if (!item || !bought) return null
	return {
		id: subscription.id,
		price_id: item.price.id,
		plan: bought.plan,
		periodo: bought.period,
		status: subscription.status,
		current_period_end: new Date(item.current_period_end * 1000).toISOString(),
		cancel_at_period_end: subscription.cancel_at_period_end,
		amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
		currency: subscription.currency,
		price_interval: item.price.recurring?.interval ?? null,
	}
}

/**
 * Copies a subscription's current state from Stripe into `suscripciones`.
 * Always re-fetched, so events arriving late or out of order cannot roll a
 * state back. Prices that are not ours are ignored.
 */
export async function syncSubscription(subscriptionId: string) {
	const subscription = await getStripe().subscriptions.retrieve(subscriptionId)
	const row = subscriptionRow(subscription)
	if (!row) return
	const customerId = idOf(subscription.customer) ?? ''
	const { error } = await createServiceClient()
		.from('suscripciones')
		.upsert({
			...row,
			user_id: subscription.metadata.user_id ?? (await userIdForCustomer(customerId)),
			customer_id: customerId,
			created_at: new Date(subscription.created * 1000).toISOString(),
		})
	if (error) throw error
}

/**
 * Copies an invoice from Stripe into `facturas`, re-fetched like a
 * subscription. Only our customers' invoices are kept: the Stripe account
 * may bill for other things too.
 */
export async function syncInvoice(invoiceId: string) {
	const invoice = await getStripe().invoices.retrieve(invoiceId)
	const customerId = idOf(invoice.customer) ?? ''
	const userId = await userIdForCustomer(customerId)
	if (!userId || !invoice.id) return
	const { error } = await createServiceClient()
		.from('facturas')
		.upsert({
			id: invoice.id,
			user_id: userId,
			customer_id: customerId,
			subscription_id: idOf(invoice.parent?.subscription_details?.subscription),
			number: invoice.number,
			status: invoice.status ?? 'draft',
			billing_reason: invoice.billing_reason,
			currency: invoice.currency,
			total: invoice.total,
			amount_due: invoice.amount_due,
			amount_paid: invoice.amount_paid,
			hosted_invoice_url: invoice.hosted_invoice_url ?? null,
			invoice_pdf: invoice.invoice_pdf ?? null,
			created_at: new Date(invoice.created * 1000).toISOString(),
		})
	if (error) throw error
}

/**
 * Grants what a completed Checkout Session bought: the subscription and its
 * first invoice (synced from Stripe) or, for a one-time payment, a `pagos`
 * row with Stripe's payment status. The session must come from Stripe
 * (`retrieveCheckoutSession`).
 */
async function grantCheckoutSession(session: Stripe.Checkout.Session) {
	const subscriptionId = idOf(session.subscription)
	const invoiceId = idOf(session.invoice)
	if (session.mode === 'subscription' && subscriptionId) await syncSubscription(subscriptionId)
	if (session.mode === 'subscription' && invoiceId) await syncInvoice(invoiceId)
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
		case 'invoice.created':
		case 'invoice.finalized':
		case 'invoice.updated':
		case 'invoice.voided':
		case 'invoice.marked_uncollectible':
		case 'invoice.paid':
		case 'invoice.payment_failed': {
			const invoice = event.data.object
			if (invoice.id) await syncInvoice(invoice.id)
			// A payment decides the subscription's status too (active, past due).
			const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription)
			if (subscriptionId && (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed'))
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
	price_id: string
	status: string
	current_period_end: string | null
	cancel_at_period_end: boolean
	amount: number | null
	currency: string | null
	price_interval: string | null
}
export type PaymentRow = {
	id: string
	plan: PlanId
	periodo: BillingPeriod
	amount_total: number
	currency: string
	status: string
	created_at: string
}
export type InvoiceRow = {
	id: string
	number: string | null
	status: string
	billing_reason: string | null
	currency: string
	total: number
	amount_due: number
	hosted_invoice_url: string | null
	invoice_pdf: string | null
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

/**
 * What the signed-in user bought and was invoiced, read under RLS with
 * their own session from the tables Stripe's webhook keeps: no call to
 * Stripe. RLS lets an admin read everyone's rows, so each read names the
 * user. Drafts are Stripe's work in progress: invoices show once finalized.
 */
export async function loadBilling(
	supabase: SupabaseClient<Database>,
	user: SessionUser,
): Promise<{ subscriptions: SubscriptionRow[]; payments: PaymentRow[]; invoices: InvoiceRow[] }> {
	const [subscriptions, payments, invoices] = await Promise.all([
		supabase
			.from('suscripciones')
			.select(
				'id, plan, periodo, price_id, status, current_period_end, cancel_at_period_end, amount, currency, price_interval',
			)
			.eq('user_id', user.id)
			.order('created_at', { ascending: false }),
		supabase
			.from('pagos')
			.select('id, plan, periodo, amount_total, currency, status, created_at')
			.eq('user_id', user.id)
			.order('created_at', { ascending: false }),
		supabase
			.from('facturas')
			.select(
				'id, number, status, billing_reason, currency, total, amount_due, hosted_invoice_url, invoice_pdf, created_at',
			)
			.eq('user_id', user.id)
			.neq('status', 'draft')
			// Invoices of one second are told apart by their number, sequential per customer.
			.order('created_at', { ascending: false })
			.order('number', { ascending: false }),
	])
	const error = subscriptions.error ?? payments.error ?? invoices.error
	if (error) throw error
	return {
		subscriptions: ofOurPlans(subscriptions.data ?? []),
		payments: ofOurPlans(payments.data ?? []),
		invoices: invoices.data ?? [],
	}
}

/**
 * The subscription `id` if it is the signed-in user's own, read through
 * their RLS-bound client; null for anyone else's or an unknown id. RLS lets
 * an admin read every row, so the owner is compared as well: an admin
 * manages only their own subscription here.
 */
export async function findOwnSubscription(supabase: SupabaseClient<Database>, user: SessionUser, id: string) {
	const { data, error } = await supabase
		.from('suscripciones')
		.select('id, user_id, price_id, status, cancel_at_period_end')
		.eq('id', id)
		.maybeSingle()
	if (error) throw error
	return data?.user_id === user.id ? data : null
}

/** What the webhook will have written once it has seen a change: the subscription's row and, if one was issued, the new invoice's. */
export type Expectation = {
	subscription: NonNullable<ReturnType<typeof subscriptionRow>>
	invoice: { id: string; status: string } | null
}

function expectationOf(subscription: Stripe.Subscription, invoice: Stripe.Invoice | null): Expectation | null {
	const row = subscriptionRow(subscription)
	return row
		? { subscription: row, invoice: invoice?.id ? { id: invoice.id, status: invoice.status ?? 'draft' } : null }
		: null
}

/** Cancels at the end of the paid period (`true`) or undoes that (`false`). */
export async function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
	const subscription = await getStripe().subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })
	return expectationOf(subscription, null)
}

/**
 * Moves the subscription to another of our prices. Stripe prorates: within
 * the same interval the difference waits for the next invoice; a new
 * interval is invoiced at once, and that invoice is awaited too.
 */
export async function changeSubscriptionPrice(subscriptionId: string, priceId: string) {
	const stripe = getStripe()
	const current = await stripe.subscriptions.retrieve(subscriptionId)
	const item = current.items.data[0]
	if (!item) throw new Error(`Subscription ${subscriptionId} has no item`)
	const updated = await stripe.subscriptions.update(subscriptionId, {
		items: [{ id: item.id, price: priceId }],
		proration_behavior: 'create_prorations',
		expand: ['latest_invoice'],
	})
	const latest = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null
	const issued = latest && latest.id !== idOf(current.latest_invoice) ? latest : null
	return expectationOf(updated, issued)
}

const sameInstant = (a: string | null, b: string | null) => (a && b ? Date.parse(a) === Date.parse(b) : a === b)

async function hasLanded(supabase: SupabaseClient<Database>, expected: Expectation) {
	const [subscription, invoice] = await Promise.all([
		supabase
			.from('suscripciones')
			.select('price_id, status, cancel_at_period_end, current_period_end')
			.eq('id', expected.subscription.id)
			.maybeSingle(),
		expected.invoice
			? supabase.from('facturas').select('status').eq('id', expected.invoice.id).maybeSingle()
			: Promise.resolve(null),
	])
	if (subscription.error) throw subscription.error
	if (invoice?.error) throw invoice.error
	const row = subscription.data
	const want = expected.subscription
	return (
		row !== null &&
		row.price_id === want.price_id &&
		row.status === want.status &&
		row.cancel_at_period_end === want.cancel_at_period_end &&
		sameInstant(row.current_period_end, want.current_period_end) &&
		(expected.invoice === null || invoice?.data?.status === expected.invoice.status)
	)
}

/** How long an action waits for Stripe's webhook before it says the change is on its way. */
export const webhookWaitMs = 8_000

/**
 * Waits until the tables show what Stripe answered, so the page the user is
 * sent to already has the change, without the action writing the tables
 * itself (only the verified webhook does). Robust under load because:
 * the webhook may reach another instance of the app, so no in-process
 * signal could see it; the database is where every instance's writes meet.
 * The rows are compared with Stripe's answer by content, not by time, so a
 * late, repeated or out-of-order event cannot end the wait early. The wait
 * is bounded and backs off (a few primary-key reads), and when it runs out
 * the page says the change is under way rather than holding the request.
 */
export async function waitForWebhook(supabase: SupabaseClient<Database>, expected: Expectation | null) {
	if (!expected) return true
	const deadline = Date.now() + webhookWaitMs
	for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
		if (await hasLanded(supabase, expected)) return true
		if (Date.now() + delay > deadline) return false
		await new Promise((resolve) => setTimeout(resolve, delay))
	}
}
