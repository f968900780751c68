import { randomBytes } from 'node:crypto'
import {
	newId,
	type CheckoutSession,
	type Customer,
	type Invoice,
	type InvoiceItem,
	type InvoiceLineItem,
	type LineItem,
	type PaymentIntent,
	type Plan,
	type PortalSession,
	type Price,
	type Product,
	type Subscription,
	type SubscriptionItem,
} from './store'

/* Builders of Stripe objects with every field the API version's types require, set as Stripe sets them for this flow. */

type ApiList<T> = { object: 'list'; data: T[]; has_more: boolean; url: string }

export function list<T>(data: T[], url: string, hasMore = false): ApiList<T> {
	return { object: 'list', data, has_more: hasMore, url }
}

export function newCustomer(
	input: { id?: string; email: string | null; name: string | null; metadata: Record<string, string> },
	created: number,
): Customer {
	return {
		id: input.id ?? newId('cus', 14),
		object: 'customer',
		address: null,
		balance: 0,
		created,
		currency: null,
		default_source: null,
		delinquent: false,
		description: null,
		discount: null,
		email: input.email,
		invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
		invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
		livemode: false,
		metadata: input.metadata,
		name: input.name,
		next_invoice_sequence: 1,
		phone: null,
		preferred_locales: [],
		shipping: null,
		tax_exempt: 'none',
		test_clock: null,
	}
}

export function newLineItem(price: Price, product: Product, quantity: number): LineItem {
	const amount = (price.unit_amount ?? 0) * quantity
	return {
		id: newId('li'),
		object: 'item',
		adjustable_quantity: null,
		amount_discount: 0,
		amount_subtotal: amount,
		amount_tax: 0,
		amount_total: amount,
		currency: price.currency,
		description: product.name,
		metadata: {},
		price,
		quantity,
	}
}

export type ProductInput = {
	id?: string
	name: string
	active: boolean
	description: string | null
	metadata: Record<string, string>
	defaultPrice?: string | null
	features?: string[]
}

/** A product as `POST /v1/products` makes one (and the catalogue's, with fixed ids). */
export function newProduct(input: ProductInput, created: number): Product {
	return {
		id: input.id ?? newId('prod', 14),
		object: 'product',
		active: input.active,
		created,
		default_price: input.defaultPrice ?? null,
		description: input.description,
		images: [],
		livemode: false,
		marketing_features: (input.features ?? []).map((name) => ({ name })),
		metadata: input.metadata,
		name: input.name,
		package_dimensions: null,
		shippable: null,
		statement_descriptor: null,
		tax_code: null,
		tax_details: null,
		type: 'service',
		unit_label: null,
		updated: created,
		url: null,
	}
}

export type PriceInput = {
	id?: string
	product: string
	currency: string
	unitAmount: number
	/** Null for a one-time price. */
	recurring: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount: number } | null
	active: boolean
	nickname: string | null
	metadata: Record<string, string>
	taxBehavior: 'exclusive' | 'inclusive' | 'unspecified'
}

/** A per-unit price as `POST /v1/prices` makes one (and the catalogue's, with fixed ids). */
export function newPrice(input: PriceInput, created: number): Price {
	return {
		id: input.id ?? newId('price'),
		object: 'price',
		active: input.active,
		billing_scheme: 'per_unit',
		created,
		currency: input.currency,
		custom_unit_amount: null,
		livemode: false,
		lookup_key: null,
		metadata: input.metadata,
		nickname: input.nickname,
		product: input.product,
		recurring: input.recurring
			? {
					interval: input.recurring.interval,
					interval_count: input.recurring.intervalCount,
					meter: null,
					trial_period_days: null,
					usage_type: 'licensed',
				}
			: null,
		tax_behavior: input.taxBehavior,
		tiers_mode: null,
		transform_quantity: null,
		type: input.recurring ? 'recurring' : 'one_time',
		unit_amount: input.unitAmount,
		unit_amount_decimal: String(input.unitAmount),
	}
}

export type CheckoutInput = {
	mode: 'payment' | 'subscription'
	customer: string | null
	customerEmail: string | null
	clientReferenceId: string | null
	metadata: Record<string, string>
	submitType: CheckoutSession['submit_type']
	locale: CheckoutSession['locale']
	successUrl: string
	cancelUrl: string | null
	lineItem: LineItem
}

export function newCheckoutSession(input: CheckoutInput, created: number, standInUrl: string): CheckoutSession {
	const id = newId('cs_test', 58)
	const subscription = input.mode === 'subscription'
	return {
		id,
		object: 'checkout.session',
		adaptive_pricing: { enabled: false },
		after_expiration: null,
		allow_promotion_codes: null,
		allowed_payment_method_types: null,
		amount_subtotal: input.lineItem.amount_subtotal,
		amount_total: input.lineItem.amount_total,
		automatic_tax: { enabled: false, liability: null, provider: null, status: null },
		billing_address_collection: null,
		cancel_url: input.cancelUrl,
		client_reference_id: input.clientReferenceId,
		client_secret: null,
		collected_information: null,
		consent: null,
		consent_collection: null,
		created,
		currency: input.lineItem.currency,
		currency_conversion: null,
		custom_fields: [],
		custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
		customer: input.customer,
		customer_account: null,
		// Stripe always creates a customer for a subscription; a one-time payment only when asked to.
		customer_creation: input.customer ? null : subscription ? 'always' : 'if_required',
		customer_details: null,
		customer_email: input.customerEmail,
		discounts: [],
		expires_at: created + 24 * 60 * 60,
		integration_identifier: null,
		invoice: null,
		invoice_creation: subscription ? null : { enabled: false, invoice_data: emptyInvoiceData() },
		livemode: false,
		locale: input.locale,
		managed_payments: null,
		metadata: input.metadata,
		mode: input.mode,
		origin_context: null,
		payment_intent: null,
		payment_link: null,
		payment_method_collection: subscription ? 'always' : 'if_required',
		payment_method_configuration_details: null,
		payment_method_options: null,
		payment_method_types: ['card'],
		payment_status: 'unpaid',
		permissions: null,
		phone_number_collection: { enabled: false },
		recovered_from: null,
		saved_payment_method_options: null,
		setup_intent: null,
		shipping_address_collection: null,
		shipping_cost: null,
		shipping_options: [],
		status: 'open',
		submit_type: input.submitType,
		subscription: null,
		success_url: input.successUrl,
		total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
		ui_mode: 'hosted_page',
		url: `${standInUrl}/checkout/${id}`,
		wallet_options: null,
	}
}

function emptyInvoiceData(): NonNullable<CheckoutSession['invoice_creation']>['invoice_data'] {
	return {
		account_tax_ids: null,
		custom_fields: null,
		description: null,
		footer: null,
		issuer: null,
		metadata: {},
		rendering_options: null,
	}
}

export function newPortalSession(
	customer: string,
	returnUrl: string | null,
	created: number,
	standInUrl: string,
): PortalSession {
	const id = newId('bps')
	return {
		id,
		object: 'billing_portal.session',
		configuration: 'bpc_local_default',
		created,
		customer,
		customer_account: null,
		flow: null,
		livemode: false,
		locale: null,
		on_behalf_of: null,
		return_url: returnUrl,
		url: `${standInUrl}/billing/${id}`,
	}
}

/** The legacy Plan view of a recurring price, which Stripe still embeds in every subscription item. */
export function planOf(price: Price): Plan {
	return {
		id: price.id,
		object: 'plan',
		active: price.active,
		amount: price.unit_amount,
		amount_decimal: price.unit_amount_decimal,
		billing_scheme: price.billing_scheme,
		created: price.created,
		currency: price.currency,
		interval: price.recurring?.interval ?? 'month',
		interval_count: price.recurring?.interval_count ?? 1,
		livemode: false,
		metadata: price.metadata,
		meter: null,
		nickname: price.nickname,
		product: typeof price.product === 'string' ? price.product : price.product.id,
		tiers_mode: null,
		transform_usage: null,
		trial_period_days: null,
		usage_type: 'licensed',
	}
}

/** One billing interval later, on the same day of the month where it exists (Jan 31 + 1 month = Feb 28), as Stripe bills. */
export function addInterval(seconds: number, interval: string, count = 1) {
	const date = new Date(seconds * 1000)
	const months = interval === 'year' ? 12 * count : interval === 'month' ? count : 0
	if (months === 0) return seconds + (interval === 'week' ? 7 : 1) * count * 24 * 60 * 60
	const target = new Date(date)
	target.setUTCDate(1)
	target.setUTCMonth(target.getUTCMonth() + months)
	const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
	target.setUTCDate(Math.min(date.getUTCDate(), lastDay))
	return Math.floor(target.getTime() / 1000)
}

export type SubscriptionInput = {
	id?: string
	customer: string
	price: Price
	quantity: number
	metadata: Record<string, string>
}

export function newSubscription(input: SubscriptionInput, created: number): Subscription {
	const id = input.id ?? newId('sub')
	const interval = input.price.recurring?.interval ?? 'month'
	const item: SubscriptionItem = {
		id: newId('si', 14),
		object: 'subscription_item',
		billing_thresholds: null,
		created,
		current_period_end: addInterval(created, interval, input.price.recurring?.interval_count ?? 1),
		current_period_start: created,
		current_trial: null,
		discounts: [],
		metadata: {},
		plan: planOf(input.price),
		price: input.price,
		quantity: input.quantity,
		subscription: id,
		tax_rates: [],
	}
	return {
		id,
		object: 'subscription',
		application: null,
		application_fee_percent: null,
		automatic_tax: { disabled_reason: null, enabled: false, liability: null },
		billing_cycle_anchor: created,
		billing_cycle_anchor_config: null,
		billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: created },
		billing_schedules: [],
		billing_thresholds: null,
		cancel_at: null,
		cancel_at_period_end: false,
		canceled_at: null,
		cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
		collection_method: 'charge_automatically',
		created,
		currency: input.price.currency,
		customer: input.customer,
		customer_account: null,
		days_until_due: null,
		default_payment_method: null,
		default_source: null,
		default_tax_rates: [],
		description: null,
		discounts: [],
		ended_at: null,
		invoice_settings: {
			account_tax_ids: null,
			custom_fields: null,
			description: null,
			footer: null,
			issuer: { type: 'self' },
		},
		items: list([item], `/v1/subscription_items?subscription=${id}`),
		latest_invoice: null,
		livemode: false,
		managed_payments: null,
		metadata: input.metadata,
		next_pending_invoice_item_invoice: null,
		on_behalf_of: null,
		pause_collection: null,
		payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
		pending_invoice_item_interval: null,
		pending_setup_intent: null,
		pending_update: null,
		schedule: null,
		start_date: created,
		status: 'active',
		test_clock: null,
		transfer_data: null,
		trial_end: null,
		trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
		trial_start: null,
	}
}

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

export type PaymentInput = {
	amount: number
	currency: string
	customer: string | null
	metadata: Record<string, string>
	receiptEmail: string | null
	description: string | null
}

export function newSucceededPaymentIntent(input: PaymentInput, created: number): PaymentIntent {
	const id = newId('pi')
	return {
		id,
		object: 'payment_intent',
		allowed_payment_method_types: null,
		amount: input.amount,
		amount_capturable: 0,
		amount_details: { tip: {} },
		amount_received: input.amount,
		application: null,
		application_fee_amount: null,
		automatic_payment_methods: null,
		canceled_at: null,
		cancellation_reason: null,
		capture_method: 'automatic_async',
		client_secret: `${id}_secret_${newId('x').slice(2)}`,
		confirmation_method: 'automatic',
		created,
		currency: input.currency,
		customer: input.customer,
		customer_account: null,
		description: input.description,
		excluded_payment_method_types: null,
		last_payment_error: null,
		latest_charge: null,
		livemode: false,
		managed_payments: null,
		metadata: input.metadata,
		next_action: null,
		on_behalf_of: null,
		payment_method: null,
		payment_method_configuration_details: null,
		payment_method_options: null,
		payment_method_types: ['card'],
		payment_record: null,
		processing: null,
		receipt_email: input.receiptEmail,
		review: null,
		setup_future_usage: null,
		shipping: null,
		source: null,
		statement_descriptor: null,
		statement_descriptor_suffix: null,
		status: 'succeeded',
		transfer_data: null,
		transfer_group: null,
	}
}
