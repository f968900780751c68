import { randomBytes } from 'node:crypto'
import { newId, type Customer } from '../store'

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
