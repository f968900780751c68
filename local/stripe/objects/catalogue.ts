import { newId, type Price, type Product } from '../store'

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
