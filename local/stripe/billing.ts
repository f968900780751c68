import type { Emit, EventCause } from './events'
import { draftInvoice, invoicePayment, issueInvoice, periodLine } from './invoices'
import { newCustomer } from './objects/customers'
import { newSucceededPaymentIntent } from './objects/payments'
import { newSubscription } from './objects/subscriptions'
import {
	nowSeconds,
	type Address,
	type CheckoutDetails,
	type CheckoutSession,
	type Customer,
	type LineItem,
	type Store,
	type Subscription,
} from './store'
import { checkoutAutomaticTax, sessionTax } from './automatic-tax'
import { lineItemAmounts } from './objects/checkout'
import { exemptionOf } from './tax'
import { addTaxId, printedTaxIds } from './tax-ids'

/** What the API and the hosted pages share: the data, the event emitter and the stand-in's own address. */
export type Core = {
	store: Store
	emit: Emit
	url: () => string
	/** Runs `task` once, `delayMs` from now, unless the stand-in stops first: what Stripe does a while after a request. */
	later: (task: () => void, delayMs: number) => void
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

/** What the buyer typed on the hosted checkout page. */
export type Buyer = {
	email: string | null
	/** The billing address and the name on it, when the page asked for them. */
	billing?: { name: string | null; address: Address }
	/** Buying as a business: its legal name and tax ID (only when the session collects tax IDs). */
	business?: { name: string; taxId: { type: string; value: string } }
}

/**
 * What paying on the hosted checkout page does: subscription mode starts a
 * subscription with a paid first invoice, payment mode records a succeeded
 * PaymentIntent (and, with `invoice_creation`, a paid invoice). Events
 * follow in the order Stripe sends them. What the buyer typed reaches the
 * customer first, as far as `customer_update` allows, so the invoices carry
 * it; a business's tax ID is added to the customer unless it has it already.
 */
export function completeCheckout(core: Core, session: CheckoutSession, buyer: Buyer) {
	const { state } = core.store
	const now = nowSeconds()
	const details = state.checkoutDetails[session.id]
	const lineItem = details?.lineItems[0]
	if (!details || !lineItem?.price) throw new Error(`Checkout session ${session.id} has no line item`)

	let customer = session.customer ? state.customers[idOf(session.customer) ?? ''] : undefined
	if (!customer && session.customer_creation === 'always') {
		customer = newCustomer(
			{ email: buyer.email, name: buyer.business?.name ?? buyer.billing?.name ?? null, metadata: {} },
			now,
		)
		customer.address = buyer.billing?.address ?? null
		state.customers[customer.id] = customer
		session.customer = customer.id
		core.emit('customer.created', customer)
	} else if (customer) {
		updateCustomer(core, customer, buyer, details.customerUpdate)
	}
	const taxId = buyer.business?.taxId
	const known =
		customer &&
		taxId &&
		printedTaxIds(core, customer.id).some((id) => id.type === taxId.type && id.value === taxId.value)
	if (customer && taxId && !known) addTaxId(core, customer, taxId)
	const automatic = session.automatic_tax.enabled
	if (automatic) calculateTax(core, session, lineItem, customer)
	const paidBy = customer?.email ?? buyer.email
	const lineTaxRates = details.lineTaxRates?.[lineItem.id] ?? []

	if (session.mode === 'subscription') {
		if (!customer) throw new Error('A subscription needs a customer')
		const subscription = newSubscription(
			{
				customer: customer.id,
				price: lineItem.price,
				quantity: lineItem.quantity ?? 1,
				metadata: details.subscriptionMetadata,
				defaultTaxRates: details.subscriptionTaxRates ?? [],
				itemTaxRates: lineTaxRates,
				automaticTax: automatic,
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
			periodLine(core, lineItem.price, lineItem.quantity ?? 1, firstPeriod, lineTaxRates),
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
		if (customer && session.invoice_creation?.enabled) {
			const invoice = invoicePayment(core, {
				customer,
				price: lineItem.price,
				quantity: lineItem.quantity ?? 1,
				description: lineItem.description ?? '',
				taxRates: lineTaxRates,
				automaticTax: automatic,
				invoiceData: session.invoice_creation.invoice_data,
			})
			session.invoice = invoice.id
		}
	}

	session.status = 'complete'
	session.payment_status = 'paid'
	session.collected_information = {
		business_name: buyer.business?.name ?? null,
		individual_name: null,
		shipping_details: null,
	}
	session.customer_details = {
		address: buyer.billing?.address ?? customer?.address ?? null,
		business_name: buyer.business?.name ?? null,
		email: paidBy,
		individual_name: null,
		name: buyer.business?.name ?? buyer.billing?.name ?? customer?.name ?? null,
		phone: null,
		tax_exempt: customer ? exemptionOf(customer) : 'none',
		tax_ids: customer ? printedTaxIds(core, customer.id) : buyer.business ? [buyer.business.taxId] : [],
	}
	core.store.changed()
	core.emit('checkout.session.completed', session)
}

/**
 * Stripe Tax's final word on a session, once the page has the buyer's address and tax ID: the line item's and
 * the session's amounts are what the customer is charged.
 */
function calculateTax(core: Core, session: CheckoutSession, lineItem: LineItem, customer: Customer | undefined) {
	const amounts = lineItemAmounts(lineItem.amount_subtotal, sessionTax(core, customer, true, [], []))
	Object.assign(lineItem, amounts)
	session.amount_subtotal = amounts.amount_subtotal
	session.amount_total = amounts.amount_total
	session.total_details = { amount_discount: 0, amount_shipping: 0, amount_tax: amounts.amount_tax }
	session.automatic_tax = checkoutAutomaticTax(core, customer)
}

/** `customer_update[address|name]=auto`: the session's customer takes the billing address and name typed on the page. */
function updateCustomer(
	core: Core,
	customer: Customer,
	buyer: Buyer,
	allowed: CheckoutDetails['customerUpdate'] = { address: false, name: false },
) {
	const previous: Record<string, unknown> = {}
	const address = buyer.billing?.address
	if (allowed.address && address && JSON.stringify(address) !== JSON.stringify(customer.address ?? null)) {
		previous.address = customer.address ?? null
		customer.address = address
	}
	const name = buyer.business?.name ?? buyer.billing?.name
	if (allowed.name && name && name !== customer.name) {
		previous.name = customer.name ?? null
		customer.name = name
	}
	if (Object.keys(previous).length === 0) return
	core.store.changed()
	core.emit('customer.updated', customer, { previous })
}

/** Ends a subscription at once (DELETE /v1/subscriptions/:id, or the portal's cancel button). */
export function cancelNow(
	core: Core,
	subscription: Subscription,
	cause?: EventCause,
	details: { comment?: string | null; feedback?: string | null } = {},
	endedAt = nowSeconds(),
) {
	subscription.status = 'canceled'
	subscription.canceled_at = subscription.canceled_at ?? endedAt
	subscription.ended_at = endedAt
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
