import { newId, type PaymentIntent } from '../store'

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
