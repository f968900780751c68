import { z } from 'zod'
import { getStripe, type Stripe } from './stripe'
import { createServiceClient } from '../supabase/client'
import { retrieveCheckoutSession } from './checkout'
import { planForPrice } from './prices'

export function idOf(value: string | { id: string } | null | undefined) {
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
 * The user a purchase names (its metadata, the Checkout's reference), if the account still exists; else the
 * customer's. An account deleted by an admin has its subscriptions cancelled first (account-closure.ts), and their
 * last events arrive after it is gone: its rows stay for the company's accounts, with no user, as the tables'
 * `on delete set null` leaves the others.
 */
async function ownerOf(named: string | null | undefined, customerId: string) {
	if (named) {
		const { data, error } = await createServiceClient().from('usuarios').select('id').eq('id', named).maybeSingle()
		if (error) throw error
		if (data) return data.id
	}
	return userIdForCustomer(customerId)
}

/**
 * The `suscripciones` columns Stripe's subscription object decides, or null
 * for a price that is not one of ours. One mapping for the webhook that
 * writes the row and for the action that waits for it.
 */
export function subscriptionRow(subscription: Stripe.Subscription) {
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
			user_id: await ownerOf(subscription.metadata.user_id, customerId),
			customer_id: customerId,
			created_at: new Date(subscription.created * 1000).toISOString(),
		})
	if (error) throw error
}

const taxReasons = ['reverse_charge', 'customer_exempt', 'not_collecting'] as const

/**
 * An invoice's base, IVA and why it charges none where it does not: the customer's tax status (manual rates), or
 * the reason Stripe Tax gives its tax lines.
 */
function invoiceTax(invoice: Stripe.Invoice) {
	const taxes = invoice.total_taxes ?? []
	const reasons: string[] = taxes.map((tax) => tax.taxability_reason ?? '')
	if (invoice.customer_tax_exempt === 'reverse') reasons.push('reverse_charge')
	if (invoice.customer_tax_exempt === 'exempt') reasons.push('customer_exempt')
	const charged = taxes.reduce((sum, tax) => sum + tax.amount, 0)
	return {
		total_excluding_tax: invoice.total_excluding_tax ?? invoice.total - charged,
		tax: charged,
		tax_reason: charged > 0 ? null : (taxReasons.find((reason) => reasons.includes(reason)) ?? null),
	}
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
			...invoiceTax(invoice),
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
export async function grantCheckoutSession(session: Stripe.Checkout.Session) {
	const subscriptionId = idOf(session.subscription)
	const invoiceId = idOf(session.invoice)
	if (session.mode === 'subscription' && subscriptionId) await syncSubscription(subscriptionId)
	if (session.mode === 'subscription' && invoiceId) await syncInvoice(invoiceId)
	if (session.mode === 'payment' && session.status === 'complete') await savePayment(session)
	if (session.mode === 'payment' && invoiceId) await syncInvoice(invoiceId)
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
			user_id: await ownerOf(session.client_reference_id, customerId),
			customer_id: customerId,
			price_id: priceId,
			plan: bought.plan,
			periodo: bought.period,
			amount_total: session.amount_total ?? 0,
			amount_subtotal: session.amount_subtotal ?? session.amount_total ?? 0,
			amount_tax: session.total_details?.amount_tax ?? 0,
			currency: session.currency ?? 'eur',
			status: session.payment_status,
			payment_intent_id: idOf(session.payment_intent),
			created_at: new Date(session.created * 1000).toISOString(),
		})
	if (error) throw error
}

export type EventOutcome = 'handled' | 'ignored' | 'duplicate' | 'in-progress'

/**
 * How long a delivery holds its claim on an event: far past what handling can take (its outside calls end with
 * the request's budget, app/.server/budget.ts), so a live delivery never loses it; a process that died holding it
 * leaves the event to Stripe's next delivery after that.
 */
const claimLeaseSeconds = 120

const claimAnswer = z.array(
	z.union([
		z.object({ state: z.literal('claimed'), claim: z.uuid() }),
		z.object({ state: z.enum(['handled', 'in_progress']), claim: z.null() }),
	]),
)

/**
 * Applies one verified webhook event, once: the event is claimed before it is handled, in one statement, so of
 * deliveries arriving together one handles it and the others hear 'duplicate' (handled) or 'in-progress' (to be
 * delivered again: the first may yet fail). A failed handling gives its claim back for Stripe's next delivery.
 * The handlers themselves re-fetch from Stripe and upsert, so a delivery after a lost claim agrees too.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
	const service = createServiceClient()
	const claimed = await service.rpc('claim_stripe_event', {
		p_id: event.id,
		p_type: event.type,
		p_lease_seconds: claimLeaseSeconds,
	})
	if (claimed.error) throw claimed.error
	const [answer] = claimAnswer.parse(claimed.data)
	if (!answer) throw new Error(`claim_stripe_event answered nothing for ${event.id}`)
	if (answer.state !== 'claimed') return answer.state === 'handled' ? 'duplicate' : 'in-progress'

	const settle = async (handled: boolean) => {
		const { error } = await service.rpc('settle_stripe_event', {
			p_id: event.id,
			p_claim: answer.claim,
			p_handled: handled,
		})
		if (error) throw error
	}
	let outcome: EventOutcome
	try {
		outcome = await applyEvent(event)
	} catch (error) {
		// A claim that could not be given back still ends with its lease.
		await settle(false).catch(() => undefined)
		throw error
	}
	await settle(true)
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
