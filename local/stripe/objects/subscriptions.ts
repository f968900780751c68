import { newId, type Plan, type Price, type Subscription, type SubscriptionItem, type TaxRate } from '../store'
import { list } from './list'

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
	/** The subscription's `default_tax_rates`: for every item without rates of its own. */
	defaultTaxRates?: TaxRate[]
	/** The item's own `tax_rates`. */
	itemTaxRates?: TaxRate[]
	/** Stripe Tax works out the tax of every invoice (a Checkout Session with `automatic_tax[enabled]`). */
	automaticTax?: boolean
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
		tax_rates: input.itemTaxRates ?? [],
	}
	return {
		id,
		object: 'subscription',
		application: null,
		application_fee_percent: null,
		automatic_tax: input.automaticTax
			? { disabled_reason: null, enabled: true, liability: { type: 'self' } }
			: { disabled_reason: null, enabled: false, liability: null },
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
		default_tax_rates: input.defaultTaxRates ?? [],
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
