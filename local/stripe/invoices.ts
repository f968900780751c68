import { idOf, type Core } from './billing'
import type { EventCause } from './events'
import { newDraftInvoice, newInvoiceItem, type InvoiceReason, type LineInput } from './objects/invoices'
import { addInterval, planOf } from './objects/subscriptions'
import {
	newId,
	nowSeconds,
	type Customer,
	type Invoice,
	type InvoiceItem,
	type Price,
	type Subscription,
	type TaxRate,
} from './store'
import { automaticTax } from './automatic-tax'
import { printedTaxIds } from './tax-ids'

/**
 * Stripe's test payment methods that the stand-in knows: the card that pays
 * and the one that attaches fine but whose charges are declined. Checkout
 * always saves the first; the billing portal can switch to either.
 */
export const testCards = {
	pm_card_visa: { brand: 'Visa', last4: '4242', declines: false },
	pm_card_chargeCustomerFail: { brand: 'Visa', last4: '0341', declines: true },
} as const

export type TestCard = keyof typeof testCards

export const isTestCard = (value: unknown): value is TestCard =>
	typeof value === 'string' && Object.keys(testCards).includes(value)

/** A subscription pays with its own default payment method, else its customer's (Stripe's order). */
export function paymentMethodOf(core: Core, subscription: Subscription): TestCard {
	const customer = core.store.state.customers[idOf(subscription.customer) ?? '']
	const chosen =
		idOf(subscription.default_payment_method) ?? idOf(customer?.invoice_settings.default_payment_method ?? null)
	// Local data saved before the stand-in stored payment methods has none; those subscriptions were paid by the test card.
	return isTestCard(chosen) ? chosen : 'pm_card_visa'
}

const euros = (cents: number) =>
	new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100)

const shortDate = (seconds: number) =>
	new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(seconds * 1000))

const amountOf = (price: Price, quantity: number) => (price.unit_amount ?? 0) * quantity

function productName(core: Core, price: Price) {
	return core.store.state.products[idOf(price.product) ?? '']?.name ?? price.nickname ?? price.id
}

/** A full period of a price, described as Stripe describes it: `1 × KIA Business (at €199.00 / month)`. */
export function periodLine(
	core: Core,
	price: Price,
	quantity: number,
	period: LineInput['period'],
	taxRates: TaxRate[] = [],
): LineInput {
	const interval = price.recurring?.interval ?? 'month'
	return {
		amount: amountOf(price, quantity),
		description: `${quantity} × ${productName(core, price)} (at ${euros(price.unit_amount ?? 0)} / ${interval})`,
		price,
		quantity,
		period,
		proration: false,
		invoiceItem: null,
		taxRates,
	}
}

/** The subscription's prorations not billed yet, oldest first. */
function pendingItems(core: Core, subscription: Subscription) {
	return Object.values(core.store.state.invoiceItems)
		.filter((item) => item.invoice === null && item.parent?.subscription_details?.subscription === subscription.id)
		.sort((a, b) => a.date - b.date)
}

function lineOf(core: Core, item: InvoiceItem): LineInput {
	const priceId = item.pricing?.price_details?.price
	const price = core.store.state.prices[typeof priceId === 'string' ? priceId : (priceId?.id ?? '')]
	if (!price) throw new Error(`Invoice item ${item.id} has no price`)
	return {
		amount: item.amount,
		description: item.description ?? '',
		price,
		quantity: item.quantity,
		period: item.period,
		proration: item.proration,
		invoiceItem: item.id,
		taxRates: item.tax_rates ?? [],
	}
}

/**
 * A new invoice of the subscription, still a draft: the given lines after
 * every proration waiting for it. It becomes the subscription's latest invoice.
 */
export function draftInvoice(core: Core, subscription: Subscription, reason: InvoiceReason, lines: LineInput[]) {
	const { state } = core.store
	const customer = state.customers[idOf(subscription.customer) ?? '']
	const item = subscription.items.data[0]
	if (!customer || !item) throw new Error(`Subscription ${subscription.id} has no customer or item to invoice`)
	const pending = pendingItems(core, subscription)
	const invoice = newDraftInvoice(
		{
			source: { subscription, itemId: item.id },
			customer,
			customerTaxIds: printedTaxIds(core, customer.id),
			currency: subscription.currency,
			reason,
			lines: [...pending.map((pendingItem) => lineOf(core, pendingItem)), ...lines],
			defaultTaxRates: subscription.default_tax_rates ?? [],
			automaticTax: subscription.automatic_tax?.enabled ? automaticTax(core, customer) : null,
		},
		nowSeconds(),
	)
	for (const pendingItem of pending) pendingItem.invoice = invoice.id
	state.invoices[invoice.id] = invoice
	subscription.latest_invoice = invoice.id
	core.store.changed()
	return invoice
}

/**
 * Finalizes a draft (number, hosted page and PDF, the customer's balance
 * settled) and charges it, with the events Stripe sends on the way:
 * `invoice.created`, `invoice.finalized`, then `invoice.paid` or
 * `invoice.payment_failed`. A declined charge leaves the invoice open and
 * the subscription past due (Stripe's default `allow_incomplete`).
 */
export function issueInvoice(core: Core, invoice: Invoice, subscription: Subscription, cause?: EventCause) {
	finalize(core, invoice, cause)
	chargeInvoice(core, invoice, subscription, paymentMethodOf(core, subscription), cause)
}

/**
 * `invoice.created`, then the invoice numbered, given its hosted page and
 * PDF, and `invoice.finalized`. A subscription's invoice settles the
 * customer's balance; a Checkout payment's, paid in full, leaves it alone.
 */
function finalize(core: Core, invoice: Invoice, cause?: EventCause) {
	const { state } = core.store
	const customer = state.customers[idOf(invoice.customer) ?? '']
	if (!customer) throw new Error(`Invoice ${invoice.id} has no customer`)
	core.emit('invoice.created', invoice, { cause })

	const now = nowSeconds()
	const sequence = customer.next_invoice_sequence ?? 1
	invoice.number = `${customer.invoice_prefix ?? 'LOCAL'}-${String(sequence).padStart(4, '0')}`
	customer.next_invoice_sequence = sequence + 1
	invoice.status = 'open'
	invoice.effective_at = now
	invoice.status_transitions.finalized_at = now
	invoice.ending_balance = Math.min(0, invoice.total + invoice.starting_balance)
	if (invoice.parent?.subscription_details) customer.balance = invoice.ending_balance
	const secret = newId('test', 40)
	state.hostedInvoices[secret] = invoice.id
	invoice.hosted_invoice_url = `${core.url()}/i/${secret}`
	invoice.invoice_pdf = `${core.url()}/invoice/${secret}/pdf`
	core.store.changed()
	core.emit('invoice.finalized', invoice, { cause })
}

/**
 * The paid invoice of a Checkout payment made with `invoice_creation`
 * (billing reason `manual`, no subscription): one invoice item for what was
 * bought, taxed at the line item's rates, then created, finalized and paid
 * at once, since the payment already happened.
 */
export function invoicePayment(
	core: Core,
	input: {
		customer: Customer
		price: Price
		quantity: number
		description: string
		taxRates: TaxRate[]
		/** The Checkout Session calculated its tax with Stripe Tax, and so does its invoice. */
		automaticTax: boolean
		invoiceData: { description: string | null; footer: string | null; metadata: Record<string, string> | null }
	},
) {
	const now = nowSeconds()
	const line: LineInput = {
		amount: amountOf(input.price, input.quantity),
		description: input.description,
		price: input.price,
		quantity: input.quantity,
		period: { start: now, end: now },
		proration: false,
		invoiceItem: null,
		taxRates: input.taxRates,
	}
	const item = newInvoiceItem({ ...line, customer: input.customer.id, currency: input.price.currency }, now)
	core.store.state.invoiceItems[item.id] = item
	core.emit('invoiceitem.created', item)
	const invoice = newDraftInvoice(
		{
			source: null,
			customer: input.customer,
			customerTaxIds: printedTaxIds(core, input.customer.id),
			currency: input.price.currency,
			reason: 'manual',
			lines: [{ ...line, invoiceItem: item.id }],
			defaultTaxRates: [],
			automaticTax: input.automaticTax ? automaticTax(core, input.customer) : null,
			description: input.invoiceData.description,
			footer: input.invoiceData.footer,
			metadata: input.invoiceData.metadata ?? {},
		},
		now,
	)
	item.invoice = invoice.id
	core.store.state.invoices[invoice.id] = invoice
	finalize(core, invoice)
	invoice.status = 'paid'
	invoice.attempted = true
	invoice.attempt_count = 1
	invoice.amount_paid = invoice.amount_due
	invoice.amount_remaining = 0
	invoice.status_transitions.paid_at = now
	core.store.changed()
	core.emit('invoice.paid', invoice)
	return invoice
}

/**
 * One payment attempt of an open invoice with `card`. Paid, a past-due
 * subscription becomes active again; declined, it becomes past due.
 */
export function chargeInvoice(
	core: Core,
	invoice: Invoice,
	subscription: Subscription,
	card: TestCard,
	cause?: EventCause,
) {
	const now = nowSeconds()
	invoice.attempted = true
	invoice.attempt_count += 1
	const paid = invoice.amount_due === 0 || !testCards[card].declines
	if (paid) {
		invoice.status = 'paid'
		invoice.amount_paid = invoice.amount_due
		invoice.amount_remaining = 0
		invoice.next_payment_attempt = null
		invoice.status_transitions.paid_at = now
	} else {
		// Stripe's smart retries would try again within days; the stand-in waits for the customer to pay.
		invoice.next_payment_attempt = null
	}
	core.store.changed()
	core.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, { cause })

	const status = paid ? 'active' : 'past_due'
	const settles = paid ? subscription.status === 'past_due' : subscription.status === 'active'
	if (settles) {
		const previous = { status: subscription.status }
		subscription.status = status
		core.store.changed()
		core.emit('customer.subscription.updated', subscription, { previous, cause })
	}
}

export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none'

function sameInterval(a: Price, b: Price) {
	return a.recurring?.interval === b.recurring?.interval && a.recurring?.interval_count === b.recurring?.interval_count
}

/**
 * Moves the subscription's item to another price, as Stripe does
 * (docs: "Update a subscription", "Prorations"). Within the same interval the
 * billing date stays, and the prorations (credit for the unused time of the
 * old price, charge for the rest of the period at the new one) wait for the
 * next invoice, unless `always_invoice` bills them now. A new interval resets
 * the billing date to now and bills at once: the prorations and a full period
 * of the new price. Returns the attributes that changed, for the event.
 */
export function changePrice(
	core: Core,
	subscription: Subscription,
	change: { price: Price; quantity: number; behavior: ProrationBehavior },
	cause: EventCause,
) {
	const item = subscription.items.data[0]
	if (!item) throw new Error(`Subscription ${subscription.id} has no item`)
	const before = structuredClone(subscription)
	const now = nowSeconds()
	const oldPrice = item.price
	const oldQuantity = item.quantity ?? 1
	const { price, quantity, behavior } = change
	const resetsPeriod = !sameInterval(oldPrice, price)

	if (behavior !== 'none') {
		const span = item.current_period_end - item.current_period_start
		const unused = span > 0 ? Math.min(1, Math.max(0, (item.current_period_end - now) / span)) : 0
		const remaining = { start: now, end: item.current_period_end }
		const prorations: LineInput[] = [
			{
				amount: -Math.round(amountOf(oldPrice, oldQuantity) * unused),
				description: `Unused time on ${productName(core, oldPrice)} after ${shortDate(now)}`,
				price: oldPrice,
				quantity: oldQuantity,
				period: remaining,
				proration: true,
				invoiceItem: null,
				taxRates: item.tax_rates ?? [],
			},
		]
		if (!resetsPeriod) {
			prorations.push({
				amount: Math.round(amountOf(price, quantity) * unused),
				description: `Remaining time on ${productName(core, price)} after ${shortDate(now)}`,
				price,
				quantity,
				period: remaining,
				proration: true,
				invoiceItem: null,
				taxRates: item.tax_rates ?? [],
			})
		}
		for (const proration of prorations) {
			const pending = newInvoiceItem(
				{
					...proration,
					customer: idOf(subscription.customer) ?? '',
					currency: subscription.currency,
					subscription: { id: subscription.id, itemId: item.id },
				},
				now,
			)
			core.store.state.invoiceItems[pending.id] = pending
			core.emit('invoiceitem.created', pending, { cause })
		}
	}

	item.price = price
	item.plan = planOf(price)
	item.quantity = quantity
	if (resetsPeriod) {
		subscription.billing_cycle_anchor = now
		item.current_period_start = now
		item.current_period_end = addInterval(now, price.recurring?.interval ?? 'month', price.recurring?.interval_count)
		if (subscription.cancel_at_period_end) subscription.cancel_at = item.current_period_end
	}
	core.store.changed()

	if (resetsPeriod || behavior === 'always_invoice') {
		const newPeriod = { start: item.current_period_start, end: item.current_period_end }
		const lines = resetsPeriod ? [periodLine(core, price, quantity, newPeriod, item.tax_rates ?? [])] : []
		issueInvoice(core, draftInvoice(core, subscription, 'subscription_update', lines), subscription, cause)
	}

	const previous: Record<string, unknown> = { items: before.items }
	if (resetsPeriod) previous.billing_cycle_anchor = before.billing_cycle_anchor
	if (subscription.latest_invoice !== before.latest_invoice) previous.latest_invoice = before.latest_invoice
	if (subscription.cancel_at !== before.cancel_at) previous.cancel_at = before.cancel_at
	if (subscription.status !== before.status) previous.status = before.status
	return previous
}
