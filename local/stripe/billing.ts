import type { Emit, EventCause } from './events'
import { draftInvoice, issueInvoice, periodLine } from './invoices'
import { newCustomer } from './objects/customers'
import { newSucceededPaymentIntent } from './objects/payments'
import { newSubscription } from './objects/subscriptions'
import { nowSeconds, type CheckoutSession, type Store, type Subscription } from './store'

/** What the API and the hosted pages share: the data, the event emitter and the stand-in's own address. */
export type Core = {
	store: Store
	emit: Emit
	url: () => string
}

export const idOf = (value: string | { id: string } | null) =>
	value === null || typeof value === 'string' ? value : value.id

/** Stripe expires an open session at `expires_at`; the stand-in notices when the session is next looked at. */
export function expireIfDue(core: Core, session: CheckoutSession) {
	if (session.status !== 'open' || session.expires_at > nowSeconds()) return
	session.status = 'expired'
	core.store.changed()
	core.emit('checkout.session.expired', session)
}

/**
 * What paying on the hosted checkout page does: subscription mode starts a
 * subscription with a paid first invoice, payment mode records a succeeded
 * PaymentIntent. Events follow in the order Stripe sends them.
 */
export function completeCheckout(core: Core, session: CheckoutSession, email: string | null) {
	const { state } = core.store
	const now = nowSeconds()
	const details = state.checkoutDetails[session.id]
	const lineItem = details?.lineItems[0]
	if (!details || !lineItem?.price) throw new Error(`Checkout session ${session.id} has no line item`)

	let customer = session.customer ? state.customers[idOf(session.customer) ?? ''] : undefined
	if (!customer && session.customer_creation === 'always') {
		customer = newCustomer({ email, name: null, metadata: {} }, now)
		state.customers[customer.id] = customer
		session.customer = customer.id
		core.emit('customer.created', customer)
	}
	const paidBy = customer?.email ?? email

	if (session.mode === 'subscription') {
		if (!customer) throw new Error('A subscription needs a customer')
		const subscription = newSubscription(
			{
				customer: customer.id,
				price: lineItem.price,
				quantity: lineItem.quantity ?? 1,
				metadata: details.subscriptionMetadata,
			},
			now,
		)
		// The card typed on the hosted page (always Stripe's test card here) pays this and the next invoices.
		subscription.default_payment_method = 'pm_card_visa'
		customer.invoice_settings.default_payment_method ??= 'pm_card_visa'
		customer.currency = subscription.currency
		state.subscriptions[subscription.id] = subscription
		session.subscription = subscription.id
		const item = subscription.items.data[0]
		const firstPeriod = { start: item?.current_period_start ?? now, end: item?.current_period_end ?? now }
		const invoice = draftInvoice(core, subscription, 'subscription_create', [
			periodLine(core, lineItem.price, lineItem.quantity ?? 1, firstPeriod),
		])
		session.invoice = invoice.id
		core.emit('customer.subscription.created', subscription)
		issueInvoice(core, invoice, subscription)
	} else {
		const paymentIntent = newSucceededPaymentIntent(
			{
				amount: session.amount_total ?? 0,
				currency: session.currency ?? 'eur',
				customer: customer?.id ?? null,
				metadata: details.paymentIntentMetadata,
				receiptEmail: paidBy,
				description: lineItem.description,
			},
			now,
		)
		state.paymentIntents[paymentIntent.id] = paymentIntent
		session.payment_intent = paymentIntent.id
		core.emit('payment_intent.succeeded', paymentIntent)
	}

	session.status = 'complete'
	session.payment_status = 'paid'
	session.customer_details = {
		address: null,
		business_name: null,
		email: paidBy,
		individual_name: null,
		name: customer?.name ?? null,
		phone: null,
		tax_exempt: 'none',
		tax_ids: [],
	}
	core.store.changed()
	core.emit('checkout.session.completed', session)
}

/** Ends a subscription at once (DELETE /v1/subscriptions/:id, or the portal's cancel button). */
export function cancelNow(
	core: Core,
	subscription: Subscription,
	cause?: EventCause,
	details: { comment?: string | null; feedback?: string | null } = {},
) {
	const now = nowSeconds()
	subscription.status = 'canceled'
	subscription.canceled_at = subscription.canceled_at ?? now
	subscription.ended_at = now
	subscription.cancel_at_period_end = false
	subscription.cancellation_details = {
		comment: details.comment ?? subscription.cancellation_details?.comment ?? null,
		feedback: details.feedback ?? subscription.cancellation_details?.feedback ?? null,
		feedback_option: null,
		reason: 'cancellation_requested',
	}
	core.store.changed()
	core.emit('customer.subscription.deleted', subscription, { cause })
}
