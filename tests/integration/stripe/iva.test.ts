import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { localPriceId } from '../../../app/.server/billing/local-stripe'
import {
	businessMonthly,
	enterpriseAnnual,
	nbsp,
	newCustomer,
	pay,
	sessionOf,
	startStripeWorld,
	successUrl,
	verifiedEvents,
	type Receiver,
} from '../../support/stripe-stand-in'

// Charging Spanish IVA with a manual tax rate (issue 68), through the real SDK: Checkout, the subscription's
// invoices (first, plan change, renewal), a one-time payment's invoice, reverse charge, and Stripe's rounding.
let receiver: Receiver
let stripe: Stripe
let stop: () => Promise<void>
let iva: Stripe.TaxRate

beforeAll(async () => {
	;({ receiver, stripe, stop } = await startStripeWorld())
	iva = await stripe.taxRates.create({
		display_name: 'IVA',
		percentage: 21,
		inclusive: false,
		country: 'ES',
		jurisdiction: 'ES',
		tax_type: 'vat',
	})
})
afterAll(() => stop())

/** Addresses as sent; Stripe answers with every part, `line2: null` included. */
const madridParam = { line1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid', state: 'M', country: 'ES' }
const madrid = { ...madridParam, line2: null }
const berlinParam = { line1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin', country: 'DE' }

/** A line's or an invoice's tax at a manual, exclusive rate, as Stripe shows it. */
const taxOf = (rate: Stripe.TaxRate, amount: number, taxableAmount: number, reason = 'not_available') => ({
	amount,
	tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
	tax_rate_details: { tax_rate: rate.id },
	taxability_reason: reason,
	taxable_amount: taxableAmount,
	type: 'tax_rate_details',
})

/** 21 % of `cents`, to the cent, half away from zero. */
const iva21 = (cents: number) => Math.sign(cents) * Math.round((Math.abs(cents) * 21) / 100)

/** What the app does before Checkout for a buyer who gave their billing details. */
async function company(details: Stripe.CustomerUpdateParams, taxId: Stripe.CustomerCreateTaxIdParams) {
	const customer = await newCustomer(stripe)
	await stripe.customers.update(customer.id, details)
	await stripe.customers.createTaxId(customer.id, taxId)
	return customer
}

const spanishCompany = () =>
	company({ name: 'Ejemplo SL', address: madridParam }, { type: 'es_cif', value: 'B12345678' })

async function subscribe(customer: string, params: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
	const session = await stripe.checkout.sessions.create({
		mode: 'subscription',
		customer,
		line_items: [{ price: businessMonthly, quantity: 1 }],
		subscription_data: { default_tax_rates: [iva.id] },
		success_url: successUrl,
		...params,
	})
	expect((await pay(session)).status).toBe(303)
	const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'invoice'] })
	return {
		session,
		paid,
		subscription: paid.subscription as Stripe.Subscription,
		invoice: paid.invoice as Stripe.Invoice,
	}
}

async function hostedAndPdf(invoice: Stripe.Invoice) {
	const page = await (await fetch(invoice.hosted_invoice_url ?? '')).text()
	const pdf = Buffer.from(await (await fetch(invoice.invoice_pdf ?? '')).arrayBuffer()).toString('latin1')
	return { page, pdf }
}

describe('a Spanish company', () => {
	test('on monthly Business pays 199 € and 21 % IVA, 240,79 €, on the session, the page and the invoice', async () => {
		const customer = await spanishCompany()
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			subscription_data: { default_tax_rates: [iva.id] },
			success_url: successUrl,
		})
		expect(session).toMatchObject({
			amount_subtotal: 19900,
			amount_total: 24079,
			total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 4179 },
		})
		const checkout = await (await fetch(session.url ?? '')).text()
		expect(checkout).toContain(`<td>Base imponible</td><td>199,00${nbsp}€</td>`)
		expect(checkout).toContain(`<td>IVA (21${nbsp}%)</td><td>41,79${nbsp}€</td>`)
		expect(checkout).toContain(`<td>Total</td><td>240,79${nbsp}€</td>`)

		expect((await pay(session)).status).toBe(303)
		const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'invoice'] })
		expect(paid.customer_details).toEqual({
			address: madrid,
			business_name: null,
			email: customer.email,
			individual_name: null,
			name: 'Ejemplo SL',
			phone: null,
			tax_exempt: 'none',
			tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
		})
		const subscription = paid.subscription as Stripe.Subscription
		expect(subscription.default_tax_rates?.map((rate) => rate.id)).toEqual([iva.id])
		expect(subscription.items.data[0]?.tax_rates).toEqual([])

		const invoice = paid.invoice as Stripe.Invoice
		expect(invoice).toMatchObject({
			status: 'paid',
			billing_reason: 'subscription_create',
			subtotal: 19900,
			subtotal_excluding_tax: 19900,
			total_excluding_tax: 19900,
			total: 24079,
			amount_due: 24079,
			amount_paid: 24079,
			customer_name: 'Ejemplo SL',
			customer_address: madrid,
			customer_tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
			customer_tax_exempt: 'none',
		})
		expect(invoice.total_taxes).toEqual([taxOf(iva, 4179, 19900)])
		expect(invoice.lines.data.map((line) => [line.amount, line.taxes])).toEqual([[19900, [taxOf(iva, 4179, 19900)]]])
		expect(invoice.default_tax_rates).toEqual([{ ...iva }])

		const { page, pdf } = await hostedAndPdf(invoice)
		for (const document of [page, pdf]) {
			expect(document).toContain('Ejemplo SL')
			expect(document).toContain('NIF: B12345678')
			expect(document).toContain('Base imponible')
			expect(document).toContain('Madrid')
		}
		expect(page).toContain(`<td>IVA (21${nbsp}%)</td><td>41,79${nbsp}€</td>`)
		expect(page).toContain(`<td>Total</td><td>240,79${nbsp}€</td>`)
		expect(pdf).toContain('IVA \\(21')
		expect(pdf).toContain('41,79')
		expect(pdf).toContain('Total: 240,79')
		expect(page).not.toContain('sujeto pasivo')
	})

	test('gives Checkout its billing address and tax ID when asked, and they reach the customer and invoice', async () => {
		const customer = await newCustomer(stripe)
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			subscription_data: { default_tax_rates: [iva.id] },
			billing_address_collection: 'required',
			customer_update: { name: 'auto', address: 'auto' },
			tax_id_collection: { enabled: true },
			success_url: successUrl,
		})
		expect(session).toMatchObject({
			billing_address_collection: 'required',
			tax_id_collection: { enabled: true, required: 'never' },
		})
		const checkout = await (await fetch(session.url ?? '')).text()
		expect(checkout).toContain('Dirección de facturación')
		expect(checkout).toContain('Compro como empresa')

		expect((await pay(session)).status).toBe(400)
		const address = { name: 'Ana Pérez', line1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid', country: 'ES' }
		const wrongNif = await pay(session, { ...address, business: '1', business_name: 'Ejemplo SL', tax_id: 'B123' })
		expect(wrongNif.status).toBe(400)
		expect(await wrongNif.text()).toContain('no es válido')

		const paid = await pay(session, { ...address, business: '1', business_name: 'Ejemplo SL', tax_id: 'B12345678' })
		expect(paid.status).toBe(303)
		const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['invoice'] })
		const expectedAddress = { ...madrid, state: null }
		expect(completed.customer_details).toMatchObject({
			address: expectedAddress,
			business_name: 'Ejemplo SL',
			name: 'Ejemplo SL',
			tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
		})
		expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ name: 'Ejemplo SL', address: expectedAddress })
		expect((await stripe.customers.listTaxIds(customer.id)).data.map((taxId) => taxId.value)).toEqual(['B12345678'])
		expect(completed.invoice).toMatchObject({
			customer_name: 'Ejemplo SL',
			customer_address: expectedAddress,
			customer_tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
			total: 24079,
		})
	})

	test('Checkout refuses what Stripe refuses: customer_update without a customer, a tax ID it may not name', async () => {
		const customer = await newCustomer(stripe)
		const base = {
			mode: 'subscription' as const,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			success_url: successUrl,
		}
		const withoutCustomer = await stripe.checkout.sessions
			.create({ ...base, customer_email: 'a@kia.test', customer_update: { address: 'auto' } })
			.catch((caught: unknown) => caught)
		expect(withoutCustomer).toMatchObject({
			statusCode: 400,
			message: expect.stringContaining('`customer_update` can only be used with `customer`'),
		})
		const nameless = await stripe.checkout.sessions
			.create({ ...base, customer: customer.id, tax_id_collection: { enabled: true } })
			.catch((caught: unknown) => caught)
		expect(nameless).toMatchObject({
			statusCode: 400,
			message: expect.stringContaining('Tax ID collection requires updating business name on the customer'),
		})
		const archived = await stripe.taxRates.create({ display_name: 'IVA', percentage: 21, inclusive: false })
		await stripe.taxRates.update(archived.id, { active: false })
		const withArchived = await stripe.checkout.sessions
			.create({ ...base, customer: customer.id, subscription_data: { default_tax_rates: [archived.id] } })
			.catch((caught: unknown) => caught)
		expect(withArchived).toMatchObject({ statusCode: 400, param: 'subscription_data[default_tax_rates][0]' })
		const unknown = await stripe.checkout.sessions
			.create({
				...base,
				customer: customer.id,
				line_items: [{ price: businessMonthly, quantity: 1, tax_rates: ['txr_nope'] }],
			})
			.catch((caught: unknown) => caught)
		expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][tax_rates][0]' })
	})

	test('buying annual Enterprise once pays 4.999 € and 21 % IVA, with the paid invoice Checkout makes', async () => {
		const customer = await spanishCompany()
		const session = await stripe.checkout.sessions.create({
			mode: 'payment',
			customer: customer.id,
			line_items: [{ price: enterpriseAnnual, quantity: 1, tax_rates: [iva.id] }],
			invoice_creation: { enabled: true, invoice_data: { metadata: { plan: 'enterprise' } } },
			success_url: successUrl,
		})
		expect(session).toMatchObject({
			amount_subtotal: 499900,
			amount_total: 604879,
			total_details: { amount_tax: 104979 },
			invoice_creation: { enabled: true, invoice_data: { metadata: { plan: 'enterprise' } } },
		})
		expect((await pay(session)).status).toBe(303)
		const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent', 'invoice'] })
		expect(paid.payment_intent).toMatchObject({ status: 'succeeded', amount: 604879 })
		const invoice = paid.invoice as Stripe.Invoice
		expect(invoice).toMatchObject({
			billing_reason: 'manual',
			status: 'paid',
			parent: null,
			subtotal: 499900,
			total_excluding_tax: 499900,
			total: 604879,
			amount_paid: 604879,
			default_tax_rates: [],
			metadata: { plan: 'enterprise' },
			customer_tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
		})
		expect(invoice.total_taxes).toEqual([taxOf(iva, 104979, 499900)])
		expect(invoice.lines.data[0]).toMatchObject({
			amount: 499900,
			parent: { type: 'invoice_item_details', invoice_item_details: { proration: false, subscription: null } },
			taxes: [taxOf(iva, 104979, 499900)],
		})
		await vi.waitFor(async () => {
			const events = await verifiedEvents(stripe, receiver, (event) => sessionOf(event).id === invoice.id)
			expect(events.map((event) => event.type)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid'])
		})
		expect((await hostedAndPdf(invoice)).page).toContain(`<td>Total</td><td>6048,79${nbsp}€</td>`)
	})
})

describe('an EU business outside Spain', () => {
	test('with a VAT number and tax_exempt reverse, is charged no IVA, and the invoice says reverse charge', async () => {
		const customer = await company(
			{ name: 'Beispiel GmbH', address: berlinParam, tax_exempt: 'reverse' },
			{ type: 'eu_vat', value: 'DE123456789' },
		)
		const { paid, invoice } = await subscribe(customer.id, { subscription_data: {} })
		expect(paid).toMatchObject({ amount_total: 19900, customer_details: { tax_exempt: 'reverse' } })
		expect(invoice).toMatchObject({
			total: 19900,
			amount_paid: 19900,
			customer_tax_exempt: 'reverse',
			customer_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
			total_taxes: [],
		})
		const { page, pdf } = await hostedAndPdf(invoice)
		for (const document of [page, pdf]) {
			expect(document).toContain('Reverse charge')
			expect(document).toContain('NIF-IVA: DE123456789')
			expect(document).toContain('Alemania')
		}
		expect(page).toContain('Inversión del sujeto pasivo')
		expect(pdf).toContain('Inversi\\363n del sujeto pasivo')
	})

	test('a rate applied all the same charges a reverse-charge or exempt customer nothing, as Stripe does', async () => {
		for (const [exemption, reason] of [
			['reverse', 'reverse_charge'],
			['exempt', 'customer_exempt'],
		] as const) {
			const customer = await newCustomer(stripe)
			await stripe.customers.update(customer.id, { tax_exempt: exemption })
			const { paid, invoice } = await subscribe(customer.id)
			expect(paid).toMatchObject({ amount_total: 19900, total_details: { amount_tax: 0 } })
			expect(invoice).toMatchObject({ total: 19900, customer_tax_exempt: exemption })
			expect(invoice.total_taxes).toEqual([taxOf(iva, 0, 19900, reason)])
		}
	})
})

describe('a subscription’s later invoices', () => {
	test('a plan change’s prorations carry the rate, credits and charges alike', async () => {
		const { subscription } = await subscribe((await spanishCompany()).id)
		const item = subscription.items.data[0]
		if (!item) throw new Error('no item')
		await stripe.subscriptions.update(subscription.id, {
			items: [{ id: item.id, price: localPriceId('enterprise', 'monthly') }],
			proration_behavior: 'create_prorations',
		})
		const updated = await stripe.subscriptions.update(subscription.id, {
			items: [{ id: item.id, price: localPriceId('business', 'annual') }],
			proration_behavior: 'create_prorations',
			expand: ['latest_invoice'],
		})
		const invoice = updated.latest_invoice as Stripe.Invoice
		const lines = invoice.lines.data
		expect(lines.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([true, true, true, false])
		expect(lines[0]?.amount).toBeLessThan(0)
		for (const line of lines) expect(line.taxes).toEqual([taxOf(iva, iva21(line.amount), line.amount)])
		const amounts = lines.reduce((sum, line) => sum + line.amount, 0)
		const taxes = lines.reduce((sum, line) => sum + iva21(line.amount), 0)
		expect(invoice.total_taxes).toEqual([taxOf(iva, taxes, amounts)])
		expect(invoice).toMatchObject({ subtotal: amounts, total_excluding_tax: amounts, total: amounts + taxes })
	})

	test('Stripe rounds each line’s tax to the cent, half up; an inclusive rate is backed out of the price', async () => {
		const customer = await spanishCompany()
		const price = await stripe.prices.create({
			currency: 'eur',
			unit_amount: 1250,
			recurring: { interval: 'month' },
			product_data: { name: 'Mantenimiento' },
		})
		const { invoice } = await subscribe(customer.id, { line_items: [{ price: price.id, quantity: 1 }] })
		// 21 % of 12,50 € is 2,625 €.
		expect(invoice).toMatchObject({ subtotal: 1250, total: 1513, total_taxes: [{ amount: 263 }] })

		const included = await stripe.taxRates.create({ display_name: 'IVA reducido', percentage: 10, inclusive: true })
		const session = await stripe.checkout.sessions.create({
			mode: 'payment',
			customer: customer.id,
			line_items: [{ price: enterpriseAnnual, quantity: 1, tax_rates: [included.id] }],
			invoice_creation: { enabled: true },
			success_url: successUrl,
		})
		expect(session).toMatchObject({
			amount_subtotal: 499900,
			amount_total: 499900,
			total_details: { amount_tax: 45445 },
		})
		await pay(session)
		const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['invoice'] })
		// 4.999 € hold 10 % on 4.544,55 €: 454,45 €.
		expect(paid.invoice).toMatchObject({
			subtotal: 499900,
			subtotal_excluding_tax: 454455,
			total: 499900,
			total_taxes: [{ amount: 45445, tax_behavior: 'inclusive', taxable_amount: 454455 }],
		})
	})

	// Moves the clock on, so it runs last: the events it causes carry signatures from the future.
	test('renewals carry the rate, and a change of the subscription’s rates reaches the next one', async () => {
		const { subscription } = await subscribe((await spanishCompany()).id)
		const firstEnd = subscription.items.data[0]?.current_period_end ?? 0
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			vi.setSystemTime((firstEnd + 60) * 1000)
			const [renewal, first] = (await stripe.invoices.list({ subscription: subscription.id })).data
			expect(first?.billing_reason).toBe('subscription_create')
			expect(renewal).toMatchObject({
				billing_reason: 'subscription_cycle',
				status: 'paid',
				subtotal: 19900,
				total: 24079,
				amount_paid: 24079,
				customer_tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
			})
			expect(renewal?.total_taxes).toEqual([taxOf(iva, 4179, 19900)])
			expect(renewal?.lines.data[0]?.period.start).toBe(firstEnd)
			const renewed = await stripe.subscriptions.retrieve(subscription.id)
			expect(renewed.items.data[0]?.current_period_start).toBe(firstEnd)
			expect(renewed.latest_invoice).toBe(renewal?.id)

			const untaxed = await stripe.subscriptions.update(subscription.id, { default_tax_rates: '' })
			expect(untaxed.default_tax_rates).toEqual([])
			vi.setSystemTime(((renewed.items.data[0]?.current_period_end ?? 0) + 60) * 1000)
			const [next] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data
			expect(next).toMatchObject({ billing_reason: 'subscription_cycle', total: 19900, total_taxes: [] })

			await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
			const lastEnd = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.current_period_end ?? 0
			vi.setSystemTime((lastEnd + 60) * 1000)
			const ended = await stripe.subscriptions.retrieve(subscription.id)
			expect(ended).toMatchObject({ status: 'canceled', ended_at: lastEnd })
			expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(3)
		} finally {
			vi.useRealTimers()
		}
	})
})
