import { newId, type TaxId, type TaxRate } from '../store'

export type TaxRateInput = {
	id?: string
	displayName: string
	percentage: number
	inclusive: boolean
	active: boolean
	country: string | null
	state: string | null
	jurisdiction: string | null
	description: string | null
	taxType: TaxRate['tax_type']
	metadata: Record<string, string>
}

/**
 * A tax rate made by hand (`POST /v1/tax_rates`). The fields Stripe Tax fills
 * in for the rates it makes itself (`effective_percentage`, `flat_amount`,
 * `jurisdiction_level`, `rate_type`) stay null on these.
 */
export function newTaxRate(input: TaxRateInput, created: number): TaxRate {
	return {
		id: input.id ?? newId('txr'),
		object: 'tax_rate',
		active: input.active,
		country: input.country,
		created,
		description: input.description,
		display_name: input.displayName,
		effective_percentage: null,
		flat_amount: null,
		inclusive: input.inclusive,
		jurisdiction: input.jurisdiction,
		jurisdiction_level: null,
		livemode: false,
		metadata: input.metadata,
		percentage: input.percentage,
		rate_type: null,
		state: input.state,
		tax_type: input.taxType,
	}
}

export function newTaxId(
	input: { customer: string; type: string; value: string; country: string | null; verification: TaxId['verification'] },
	created: number,
): TaxId {
	return {
		id: newId('txi'),
		object: 'tax_id',
		country: input.country,
		created,
		customer: input.customer,
		customer_account: null,
		livemode: false,
		owner: { customer: input.customer, customer_account: null, type: 'customer' },
		type: input.type,
		value: input.value,
		verification: input.verification,
	}
}
