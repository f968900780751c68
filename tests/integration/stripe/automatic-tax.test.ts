import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { localPriceId } from '../../../app/.server/billing/local-stripe'
import { localIvaTaxRate } from '../../../local/stripe/catalogue'
import {
	businessMonthly,
	enterpriseAnnual,
	newCustomer,
	pay,
	startStripeWorld,
	successUrl,
} from '../../support/stripe-stand-in'

// Stripe Tax (automatic_tax) as the app uses it on Checkout (issue 68, decision 019), for an account registered in
// Spain only, through the real SDK: the tax follows the billing address and tax ID typed on the page, and the
// subscription keeps calculating it for plan changes and renewals.
let stripe: Stripe
let stop: () => Promise<void>

beforeAll(async () => {
	;({ stripe, stop } = await startStripeWorld())
})
afterAll(() => stop())

/** What the app asks of Checkout. */
const taxCollection = {
	automatic_tax: { enabled: true },
	billing_address_collection: 'required',
	customer_update: { address: 'auto', name: 'auto' },
	tax_id_collection: { enabled: true },
} as const

const madrid = { name: 'Ejemplo SL', line1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid', country: 'ES' }
const berlin = {
	name: 'Beispiel GmbH',
	line1: 'Unter den Linden 1',
	postal_code: '10117',
	city: 'Berlin',
	country: 'DE',
}
const newYork = { name: 'Example Inc', line1: '1 Main St', postal_code: '10001', city: 'New York', country: 'US' }
const business = (name: string, taxId: string) => ({ business: '1', business_name: name, tax_id: taxId })

/** Stripe Tax's line: the rate it used, the reason it gives. */
const automatic = (amount: number, taxableAmount: number, reason: string) => ({
	amount,
	tax_behavior: 'exclusive',
	tax_rate_details: { tax_rate: localIvaTaxRate },
	taxability_reason: reason,
	taxable_amount: taxableAmount,
	type: 'tax_rate_details',
})

async function buy(form: Record<string, string>, params: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
	const customer = await newCustomer(stripe)
	const session = await stripe.checkout.sessions.create({
		mode: 'subscription',
		customer: customer.id,
		line_items: [{ price: businessMonthly, quantity: 1 }],
		success_url: successUrl,
		...taxCollection,
		...params,
	})
	expect(session.automatic_tax).toEqual({
		enabled: true,
		liability: { type: 'self' },
		provider: 'stripe',
		status: 'requires_location_inputs',
	})
	expect((await pay(session, form)).status).toBe(303)
	const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'invoice'] })
	return {
		customer,
		paid,
		invoice: paid.invoice as Stripe.Invoice,
		subscription: paid.subscription as Stripe.Subscription,
	}
}

describe('Checkout with Stripe Tax', () => {
	test('a Spanish company: 21 % IVA on the session, the subscription’s invoice and the customer', async () => {
		const { customer, paid, invoice, subscription } = await buy({ ...madrid, ...business('Ejemplo SL', 'B12345678') })
		expect(paid).toMatchObject({
			amount_subtotal: 19900,
			amount_total: 24079,
			total_details: { amount_tax: 4179 },
			automatic_tax: { enabled: true, status: 'complete' },
		})
		expect(subscription.automatic_tax).toEqual({ disabled_reason: null, enabled: true, liability: { type: 'self' } })
		expect(invoice).toMatchObject({
			total_excluding_tax: 19900,
			total: 24079,
			automatic_tax: { enabled: true, status: 'complete', provider: 'stripe' },
			customer_tax_exempt: 'none',
			customer_tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
			total_taxes: [automatic(4179, 19900, 'standard_rated')],
		})
		const saved = await stripe.customers.retrieve(customer.id)
		expect(saved).toMatchObject({ name: 'Ejemplo SL', address: { country: 'ES', city: 'Madrid' } })
	})

	test('an EU company with a VAT number: reverse charge, the legend on the invoice', async () => {
		const { paid, invoice } = await buy({ ...berlin, ...business('Beispiel GmbH', 'DE123456789') })
		expect(paid).toMatchObject({ amount_total: 19900, total_details: { amount_tax: 0 } })
		expect(invoice).toMatchObject({ total: 19900, total_taxes: [automatic(0, 19900, 'reverse_charge')] })
		const page = await (await fetch(invoice.hosted_invoice_url ?? '')).text()
		expect(page).toContain('Inversión del sujeto pasivo (Reverse charge)')
	})

	test('an EU consumer pays Spanish IVA; a buyer outside the EU none, not collected', async () => {
		const consumer = await buy(berlin)
		expect(consumer.invoice.total_taxes).toEqual([automatic(4179, 19900, 'standard_rated')])
		const abroad = await buy(newYork)
		expect(abroad.invoice).toMatchObject({ total: 19900, total_taxes: [automatic(0, 19900, 'not_collecting')] })
	})

	test('a one-time payment’s invoice is taxed too', async () => {
		const { invoice } = await buy(
			{ ...madrid, ...business('Ejemplo SL', 'B12345678') },
			{ mode: 'payment', line_items: [{ price: enterpriseAnnual, quantity: 1 }], invoice_creation: { enabled: true } },
		)
		expect(invoice).toMatchObject({ total_excluding_tax: 499900, total: 604879, total_taxes: [{ amount: 104979 }] })
	})

	test('Stripe’s refusals: tax rates beside it, and a customer without an address it may not save', async () => {
		const customer = await newCustomer(stripe)
		const base = { mode: 'subscription', customer: customer.id, success_url: successUrl } as const
		await expect(
			stripe.checkout.sessions.create({
				...base,
				line_items: [{ price: businessMonthly, quantity: 1, tax_rates: [localIvaTaxRate] }],
				automatic_tax: { enabled: true },
				customer_update: { address: 'auto' },
			}),
		).rejects.toMatchObject({ statusCode: 400, param: 'automatic_tax[enabled]' })
		await expect(
			stripe.checkout.sessions.create({
				...base,
				line_items: [{ price: businessMonthly, quantity: 1 }],
				automatic_tax: { enabled: true },
			}),
		).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('customer_update[address]') })
	})
})

describe('the subscription’s later invoices', () => {
	test('a plan change’s prorations are taxed for the company as it is', async () => {
		const { subscription } = await buy({ ...madrid, ...business('Ejemplo SL', 'B12345678') })
		const item = subscription.items.data[0]
		if (!item) throw new Error('no item')
		const updated = await stripe.subscriptions.update(subscription.id, {
			items: [{ id: item.id, price: localPriceId('business', 'annual') }],
			proration_behavior: 'create_prorations',
			expand: ['latest_invoice'],
		})
		const invoice = updated.latest_invoice as Stripe.Invoice
		expect(invoice.automatic_tax.enabled).toBe(true)
		for (const line of invoice.lines.data) expect(line.taxes?.[0]?.taxability_reason).toBe('standard_rated')
		const amounts = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0)
		expect(invoice.total_excluding_tax).toBe(amounts)
		expect(invoice.total).toBeGreaterThan(amounts)
	})

	// Moves the clock on, so it runs last.
	test('a renewal of a reverse-charge company stays at zero', async () => {
		const { subscription } = await buy({ ...berlin, ...business('Beispiel GmbH', 'DE123456789') })
		const end = subscription.items.data[0]?.current_period_end ?? 0
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			vi.setSystemTime((end + 60) * 1000)
			const [renewal] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data
			expect(renewal).toMatchObject({
				billing_reason: 'subscription_cycle',
				total: 19900,
				total_taxes: [automatic(0, 19900, 'reverse_charge')],
			})
		} finally {
			vi.useRealTimers()
		}
	})
})
