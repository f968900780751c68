import {
	newId,
	type Customer,
	type Invoice,
	type InvoiceItem,
	type InvoiceLineItem,
	type Price,
	type Subscription,
} from '../store'
import { list } from './list'

/** One line of a subscription invoice: a period of the item's price, or a proration (billed through an invoice item). */
export type LineInput = {
	/** In cents; negative for a credit. */
	amount: number
	description: string
	price: Price
	quantity: number
	period: { start: number; end: number }
	proration: boolean
	invoiceItem: string | null
}

function productIdOf(price: Price) {
	return typeof price.product === 'string' ? price.product : price.product.id
}

function newInvoiceLine(
	invoiceId: string,
	subscription: Subscription,
	itemId: string,
	input: LineInput,
): InvoiceLineItem {
	return {
		id: newId('il'),
		object: 'line_item',
		amount: input.amount,
		currency: subscription.currency,
		description: input.description,
		discount_amounts: [],
		discountable: !input.proration,
		discounts: [],
		invoice: invoiceId,
		livemode: false,
		metadata: input.proration ? {} : subscription.metadata,
		parent: {
			invoice_item_details: null,
			subscription_item_details: {
				invoice_item: input.invoiceItem,
				proration: input.proration,
				proration_details: { credited_items: null },
				subscription: subscription.id,
				subscription_item: itemId,
			},
			type: 'subscription_item_details',
		},
		period: input.period,
		pretax_credit_amounts: [],
		pricing: {
			price_details: { price: input.price.id, product: productIdOf(input.price) },
			type: 'price_details',
			unit_amount_decimal: input.price.unit_amount_decimal,
		},
		quantity: input.quantity,
		quantity_decimal: String(input.quantity),
		subscription: subscription.id,
		subtotal: input.amount,
		taxes: [],
	}
}

/** A pending proration: Stripe bills it on the subscription's next invoice. */
export function newProrationItem(
	subscription: Subscription,
	itemId: string,
	input: LineInput,
	created: number,
): InvoiceItem {
	return {
		id: newId('ii'),
		object: 'invoiceitem',
		amount: input.amount,
		currency: subscription.currency,
		customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
		customer_account: null,
		date: created,
		description: input.description,
		discountable: false,
		discounts: [],
		invoice: null,
		livemode: false,
		metadata: {},
		parent: {
			subscription_details: { subscription: subscription.id, subscription_item: itemId },
			type: 'subscription_details',
		},
		period: input.period,
		pricing: {
			price_details: { price: input.price.id, product: productIdOf(input.price) },
			type: 'price_details',
			unit_amount_decimal: input.price.unit_amount_decimal,
		},
		proration: true,
		proration_details: { credited_items: null, discount_amounts: [] },
		quantity: input.quantity,
		quantity_decimal: String(input.quantity),
		tax_rates: [],
		test_clock: null,
	}
}

export type InvoiceReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update'

/**
 * A draft invoice of a subscription, its totals already worked out as
 * Stripe does: the customer's credit balance (a negative `balance`) is
 * applied to what is due, and a negative total adds to that credit once the
 * invoice is finalized.
 */
export function newDraftInvoice(
	input: {
		id?: string
		subscription: Subscription
		customer: Customer
		itemId: string
		reason: InvoiceReason
		lines: LineInput[]
	},
	created: number,
): Invoice {
	const { subscription, customer } = input
	const id = input.id ?? newId('in')
	const lines = input.lines.map((line) => newInvoiceLine(id, subscription, input.itemId, line))
	const total = lines.reduce((sum, line) => sum + line.amount, 0)
	const startingBalance = customer.balance ?? 0
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
		automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
		automatically_finalizes_at: null,
		billing_reason: input.reason,
		collection_method: 'charge_automatically',
		created,
		currency: subscription.currency,
		custom_fields: null,
		customer: customer.id,
		customer_account: null,
		customer_address: null,
		customer_email: customer.email,
		customer_name: customer.name ?? null,
		customer_phone: null,
		customer_shipping: null,
		customer_tax_exempt: 'none',
		customer_tax_ids: [],
		default_payment_method: null,
		default_source: null,
		default_tax_rates: [],
		description: null,
		discounts: [],
		due_date: null,
		effective_at: null,
		ending_balance: null,
		footer: null,
		from_invoice: null,
		hosted_invoice_url: null,
		invoice_pdf: null,
		issuer: { type: 'self' },
		last_finalization_error: null,
		latest_revision: null,
		lines: list(lines, `/v1/invoices/${id}/lines`),
		livemode: false,
		metadata: {},
		next_payment_attempt: null,
		number: null,
		on_behalf_of: null,
		parent: {
			quote_details: null,
			subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
			type: 'subscription_details',
		},
		payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
		// A subscription invoice covers the instant it was made; its lines carry the service periods.
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
		subtotal: total,
		subtotal_excluding_tax: total,
		test_clock: null,
		total,
		total_discount_amounts: [],
		total_excluding_tax: total,
		total_pretax_credit_amounts: [],
		total_taxes: [],
		webhooks_delivered_at: null,
	}
}
