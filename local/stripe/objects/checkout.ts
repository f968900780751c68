import { newId, type CheckoutSession, type LineItem, type Price, type Product, type TaxRate } from '../store'
import { lineTaxes, type TaxTreatment } from '../tax'

export type LineItemTax = { rates: TaxRate[]; exempt: TaxTreatment; automatic?: boolean }

/** A line item's amounts, its tax worked out from `rates` for a customer taxed as `exempt` says. */
export function lineItemAmounts(amount: number, tax: LineItemTax) {
	const { exclusive, inclusive, backedOut } = lineTaxes(amount, tax.rates, tax.exempt, tax.automatic)
	return { amount_subtotal: amount, amount_tax: exclusive + inclusive, amount_total: amount + exclusive - backedOut }
}

/** A line item of a new session, with its tax. */
export function newLineItem(
	price: Price,
	product: Product,
	quantity: number,
	tax: LineItemTax = { rates: [], exempt: 'none' },
): LineItem {
	const amount = (price.unit_amount ?? 0) * quantity
	return {
		id: newId('li'),
		object: 'item',
		adjustable_quantity: null,
		amount_discount: 0,
		...lineItemAmounts(amount, tax),
		currency: price.currency,
		description: product.name,
		metadata: {},
		price,
		quantity,
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
	billingAddressCollection: CheckoutSession['billing_address_collection']
	taxIdCollection: NonNullable<CheckoutSession['tax_id_collection']>
	automaticTax: CheckoutSession['automatic_tax']
	/** Payment mode only: whether paying also issues a paid invoice. */
	invoiceCreation?: NonNullable<CheckoutSession['invoice_creation']>
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
		automatic_tax: input.automaticTax,
		billing_address_collection: input.billingAddressCollection,
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
		invoice_creation: subscription ? null : (input.invoiceCreation ?? { enabled: false, invoice_data: invoiceData() }),
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
		tax_id_collection: input.taxIdCollection,
		total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: input.lineItem.amount_tax },
		ui_mode: 'hosted_page',
		url: `${standInUrl}/checkout/${id}`,
		wallet_options: null,
	}
}

type InvoiceData = NonNullable<CheckoutSession['invoice_creation']>['invoice_data']

/** `invoice_creation[invoice_data]` as a session shows it, from what was given of it. */
export function invoiceData(
	given: Partial<Pick<InvoiceData, 'description' | 'footer' | 'metadata'>> = {},
): InvoiceData {
	return {
		account_tax_ids: null,
		custom_fields: null,
		description: given.description ?? null,
		footer: given.footer ?? null,
		issuer: null,
		metadata: given.metadata ?? {},
		rendering_options: null,
	}
}
