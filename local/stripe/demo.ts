import { localPriceId } from '../../app/.server/billing/local-stripe'
import { periodLine } from './invoices'
import { newCustomer } from './objects/customers'
import { newDraftInvoice } from './objects/invoices'
import { newSubscription } from './objects/subscriptions'
import type { Core } from './billing'
import { automaticTax } from './automatic-tax'
import { newTaxId } from './objects/tax'
import { printedTaxIds } from './tax-ids'

/**
 * The seeded client's billing (supabase/seed.sql holds the same rows under the same ids): a Spanish
 * company, with its address and NIF, on a Business monthly subscription begun on the first of the month
 * before last, at midnight UTC, and its three paid invoices, with IVA as Stripe Tax charges it. Their hosted pages have fixed addresses, which the seed's `facturas` rows name.
 */
export const demoClient = {
	userId: 'c0000000-0000-4000-8000-000000000001',
	email: 'cliente@kia.test',
	name: 'Javier Ortega',
	company: 'Ortega Asesores SL',
	nif: 'B12345678',
	customer: 'cus_KiaDemoJavier1',
	invoicePrefix: 'KIADEMO',
	subscription: 'sub_KiaDemoBusinessMonthly01',
	item: 'si_KiaDemoItem001',
	invoice: (n: number) => `in_KiaDemoInvoice000000000${n}`,
	hostedSecret: (n: number) => `test_KiaDemoInvoicePage00000000000000000000000${n}`,
} as const

/** Midnight UTC on the first of the month `offset` months from `now`'s, in Unix seconds. */
function firstOfMonth(now: Date, offset: number) {
	return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1) / 1000
}

/**
 * Puts the seeded client's customer, subscription and invoices in a new store, as they would be after
 * three monthly payments. No events: the seed wrote what the webhook would have.
 */
export function loadDemoClient(core: Core, now = new Date()) {
	const { state } = core.store
	const price = state.prices[localPriceId('business', 'monthly')]
	if (!price) throw new Error('The catalogue has no Business monthly price')
	const started = firstOfMonth(now, -2)
	const metadata = { user_id: demoClient.userId, plan: 'business', period: 'monthly' }

	const customer = newCustomer(
		{
			id: demoClient.customer,
			email: demoClient.email,
			name: demoClient.name,
			metadata: { user_id: demoClient.userId },
		},
		started,
	)
	customer.name = demoClient.company
	customer.address = {
		city: 'Madrid',
		country: 'ES',
		line1: 'Calle Mayor 1',
		line2: null,
		postal_code: '28013',
		state: null,
	}
	const taxId = newTaxId(
		{
			customer: customer.id,
			type: 'es_cif',
			value: demoClient.nif,
			country: 'ES',
			verification: { status: 'unverified', verified_address: null, verified_name: null },
		},
		started,
	)
	state.taxIds[taxId.id] = taxId
	customer.invoice_prefix = demoClient.invoicePrefix
	customer.currency = price.currency
	customer.invoice_settings.default_payment_method = 'pm_card_visa'
	state.customers[customer.id] = customer

	const subscription = newSubscription(
		{ id: demoClient.subscription, customer: customer.id, price, quantity: 1, metadata, automaticTax: true },
		started,
	)
	subscription.default_payment_method = 'pm_card_visa'
	state.subscriptions[subscription.id] = subscription
	const item = subscription.items.data[0]
	if (!item) throw new Error('A new subscription has an item')
	item.id = demoClient.item

	for (const n of [1, 2, 3]) {
		const period = { start: firstOfMonth(now, n - 3), end: firstOfMonth(now, n - 2) }
		const invoice = newDraftInvoice(
			{
				id: demoClient.invoice(n),
				source: { subscription, itemId: item.id },
				customer,
				customerTaxIds: printedTaxIds(core, customer.id),
				currency: subscription.currency,
				reason: n === 1 ? 'subscription_create' : 'subscription_cycle',
				lines: [periodLine(core, price, 1, period)],
				defaultTaxRates: [],
				automaticTax: automaticTax(core, customer),
			},
			period.start,
		)
		const secret = demoClient.hostedSecret(n)
		invoice.number = `${demoClient.invoicePrefix}-${String(n).padStart(4, '0')}`
		invoice.status = 'paid'
		invoice.attempted = true
		invoice.attempt_count = 1
		invoice.amount_paid = invoice.amount_due
		invoice.amount_remaining = 0
		invoice.effective_at = period.start
		invoice.ending_balance = 0
		invoice.hosted_invoice_url = `${core.url()}/i/${secret}`
		invoice.invoice_pdf = `${core.url()}/invoice/${secret}/pdf`
		invoice.status_transitions.finalized_at = period.start
		invoice.status_transitions.paid_at = period.start
		state.invoices[invoice.id] = invoice
		state.hostedInvoices[secret] = invoice.id
		subscription.latest_invoice = invoice.id
		item.current_period_start = period.start
		item.current_period_end = period.end
	}
	customer.next_invoice_sequence = 4
	core.store.changed()
}
