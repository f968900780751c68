import {
	newId,
	type Customer,
	type Invoice,
	type InvoiceItem,
	type InvoiceLineItem,
	type Price,
	type Subscription,
	type TaxRate,
} from '../store'
import { exemptionOf, invoiceTaxes, lineTaxes, totalTaxes, type InvoiceTax } from '../tax'
import { automaticTaxDone, type AutomaticTax } from '../automatic-tax'
import { list } from './list'

/**
 * One line of an invoice: a period of a subscription item's price, a
 * proration, or what a Checkout payment bought (both billed through an
 * invoice item).
 */
export type LineInput = {
	/** In cents; negative for a credit. */
	amount: number
	description: string
	price: Price
	quantity: number
	period: { start: number; end: number }
	proration: boolean
	invoiceItem: string | null
	/** The line's own tax rates; without any, the invoice's `default_tax_rates` apply. */
	taxRates: TaxRate[]
}

/** What an invoice bills for: a subscription's item, or nothing but its own lines (a Checkout payment's invoice). */
export type InvoiceSource = { subscription: Subscription; itemId: string } | null

function productIdOf(price: Price) {
	return typeof price.product === 'string' ? price.product : price.product.id
}

const pricingOf = (price: Price) => ({
	price_details: { price: price.id, product: productIdOf(price) },
	type: 'price_details' as const,
	unit_amount_decimal: price.unit_amount_decimal,
})

function lineParent(source: InvoiceSource, input: LineInput): InvoiceLineItem['parent'] {
	if (!source) {
		return {
			invoice_item_details: {
				invoice_item: input.invoiceItem ?? '',
				proration: false,
				proration_details: { credited_items: null },
				subscription: null,
			},
			subscription_item_details: null,
			type: 'invoice_item_details',
		}
	}
	return {
		invoice_item_details: null,
		subscription_item_details: {
			invoice_item: input.invoiceItem,
			proration: input.proration,
			proration_details: { credited_items: null },
			subscription: source.subscription.id,
			subscription_item: source.itemId,
		},
		type: 'subscription_item_details',
	}
}

function newInvoiceLine(
	invoiceId: string,
	currency: string,
	source: InvoiceSource,
	input: LineInput,
	taxes: InvoiceTax[],
): InvoiceLineItem {
	return {
		id: newId('il'),
		object: 'line_item',
		amount: input.amount,
		currency,
		description: input.description,
		discount_amounts: [],
		discountable: !input.proration,
		discounts: [],
		invoice: invoiceId,
		livemode: false,
		metadata: source && !input.proration ? source.subscription.metadata : {},
		parent: lineParent(source, input),
		period: input.period,
		pretax_credit_amounts: [],
		pricing: pricingOf(input.price),
		quantity: input.quantity,
		quantity_decimal: String(input.quantity),
		subscription: source?.subscription.id ?? null,
		subtotal: input.amount,
		taxes,
	}
}

/**
 * An invoice item: a pending proration of a subscription (Stripe bills it on
 * the subscription's next invoice) or, with no subscription, what a Checkout
 * payment bought.
 */
export function newInvoiceItem(
	input: LineInput & { customer: string; currency: string; subscription?: { id: string; itemId: string } },
	created: number,
): InvoiceItem {
	const { subscription } = input
	return {
		id: newId('ii'),
		object: 'invoiceitem',
		amount: input.amount,
		currency: input.currency,
		customer: input.customer,
		customer_account: null,
		date: created,
		description: input.description,
		discountable: !input.proration,
		discounts: [],
		invoice: null,
		livemode: false,
		metadata: {},
		parent: subscription
			? {
					subscription_details: { subscription: subscription.id, subscription_item: subscription.itemId },
					type: 'subscription_details',
				}
			: null,
		period: input.period,
		pricing: pricingOf(input.price),
		proration: input.proration,
		proration_details: { credited_items: null, discount_amounts: [] },
		quantity: input.quantity,
		quantity_decimal: String(input.quantity),
		tax_rates: input.taxRates,
		test_clock: null,
	}
}

export type InvoiceReason = 'manual' | 'subscription_create' | 'subscription_cycle' | 'subscription_update'

export type DraftInput = {
	id?: string
	source: InvoiceSource
	customer: Customer
	/** The customer's tax IDs as the invoice prints them. */
	customerTaxIds: { type: string; value: string }[]
	currency: string
	reason: InvoiceReason
	lines: LineInput[]
	/** For every line without tax rates of its own; a subscription's invoices take the subscription's. */
	defaultTaxRates: TaxRate[]
	/** Stripe Tax's answer, for an invoice with `automatic_tax` enabled: it replaces every line's rates. */
	automaticTax?: AutomaticTax | null
	description?: string | null
	footer?: string | null
	metadata?: Record<string, string>
}

/**
 * A draft invoice, its totals already worked out as Stripe does: each line's
 * tax (tax.ts) from its own rates or the invoice's default ones, at the
 * customer's tax status; the customer's credit balance (a negative `balance`)
 * applied to what is due, and a negative total adding to that credit once the
 * invoice is finalized. The customer's name, address, tax status and tax IDs
 * are copied as they are now, as Stripe freezes them at finalization.
 */
export function newDraftInvoice(input: DraftInput, created: number): Invoice {
	const { source, customer } = input
	const id = input.id ?? newId('in')
	const exempt = exemptionOf(customer)
	const automatic = input.automaticTax ?? null
	let exclusive = 0
	let inclusive = 0
	let backedOut = 0
	const lines = input.lines.map((line) => {
		const rates = automatic?.rates ?? (line.taxRates.length > 0 ? line.taxRates : input.defaultTaxRates)
		const taxes = automatic
			? lineTaxes(line.amount, rates, exempt === 'none' ? automatic.treatment : exempt, true)
			: lineTaxes(line.amount, rates, exempt)
		exclusive += taxes.exclusive
		inclusive += taxes.inclusive
		backedOut += taxes.backedOut
		return newInvoiceLine(id, input.currency, source, line, invoiceTaxes(taxes.taxes))
	})
	const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
	const excludingTax = subtotal - inclusive - backedOut
	const total = subtotal + exclusive - backedOut
	// A Checkout payment is paid in full by its PaymentIntent: the customer's credit is for subscription invoices.
	const startingBalance = source ? (customer.balance ?? 0) : 0
	const due = Math.max(0, total + startingBalance)
	return {
		id,
		object: 'invoice',
		account_country: 'ES',
		account_name: 'KIA (local)',
		account_tax_ids: null,
		amount_due: due,
		amount_overpaid: 0,
		amount_paid: 0,
		amount_remaining: due,
		amount_shipping: 0,
		application: null,
		attempt_count: 0,
		attempted: false,
		auto_advance: true,
		automatic_tax: automatic
			? { ...automaticTaxDone, disabled_reason: null, status: 'complete' }
			: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
		automatically_finalizes_at: null,
		billing_reason: input.reason,
		collection_method: 'charge_automatically',
		created,
		currency: input.currency,
		custom_fields: null,
		customer: customer.id,
		customer_account: null,
		customer_address: customer.address ?? null,
		customer_email: customer.email,
		customer_name: customer.name ?? null,
		customer_phone: null,
		customer_shipping: null,
		customer_tax_exempt: exempt,
		customer_tax_ids: input.customerTaxIds,
		default_payment_method: null,
		default_source: null,
		default_tax_rates: input.defaultTaxRates,
		description: input.description ?? null,
		discounts: [],
		due_date: null,
		effective_at: null,
		ending_balance: null,
		footer: input.footer ?? null,
		from_invoice: null,
		hosted_invoice_url: null,
		invoice_pdf: null,
		issuer: { type: 'self' },
		last_finalization_error: null,
		latest_revision: null,
		lines: list(lines, `/v1/invoices/${id}/lines`),
		livemode: false,
		metadata: input.metadata ?? {},
		next_payment_attempt: null,
		number: null,
		on_behalf_of: null,
		parent: source
			? {
					quote_details: null,
					subscription_details: { metadata: source.subscription.metadata, subscription: source.subscription.id },
					type: 'subscription_details',
				}
			: null,
		payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
		// An invoice covers the instant it was made; its lines carry the service periods.
		period_end: created,
		period_start: created,
		post_payment_credit_notes_amount: 0,
		pre_payment_credit_notes_amount: 0,
		receipt_number: null,
		rendering: null,
		shipping_cost: null,
		shipping_details: null,
		starting_balance: startingBalance,
		statement_descriptor: null,
		status: 'draft',
		status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
		subtotal,
		subtotal_excluding_tax: excludingTax,
		test_clock: null,
		total,
		total_discount_amounts: [],
		total_excluding_tax: excludingTax,
		total_pretax_credit_amounts: [],
		total_taxes: totalTaxes(lines.map((line) => line.taxes ?? [])),
		webhooks_delivered_at: null,
	}
}
