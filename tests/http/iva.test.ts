import { afterAll, beforeAll, expect, test } from 'vitest'
import { germanCompany, spanishCompany, subscribe, type CheckoutBuyer } from '../support/billing'
import { createAccount } from '../support/data'
import { sessionCookie } from '../support/hostile-input'
import { stripeClient } from '../support/stripe'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// Issue 68: a checkout charges IVA on top of the price through Stripe Tax, and the buyer's tax ID lands on the
// customer. A Spanish company pays 21 %; an EU company with a VAT number pays none, under the reverse charge.
// Checked in Stripe (the stand-in), in our table and on the portal's invoice list.
let stack: TestApp
beforeAll(async () => {
	stack = await startTestApp()
})
afterAll(() => stack?.stop())

/** Business monthly bought as `buyer`: Stripe's first invoice, its customer's tax IDs, our row and the portal page. */
async function buyAs(label: string, buyer: CheckoutBuyer) {
	const account = await createAccount(label)
	const cookie = await sessionCookie(account.email)
	const { invoiceId, customerId } = await subscribe({ cookie, userId: account.id }, 'business', 'monthly', buyer)
	const stripe = stripeClient()
	const [invoice, taxIds, customer, row, portal] = await Promise.all([
		stripe.invoices.retrieve(invoiceId),
		stripe.customers.listTaxIds(customerId),
		stripe.customers.retrieve(customerId),
		serviceClient().from('facturas').select('total, total_excluding_tax, tax, tax_reason').eq('id', invoiceId).single(),
		rawRequest(stack.portal('/dashboard/suscripcion'), { headers: { Cookie: cookie } }),
	])
	const subscription = await stripe.subscriptions.retrieve(String(invoice.parent?.subscription_details?.subscription))
	return { invoice, taxIds: taxIds.data, customer, row: row.data, portal, subscription }
}

/** The portal's invoice row as text: no-break spaces as plain ones, tags gone. */
const text = (html: string) =>
	html
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/gu, ' ')
		.trim()

test('a Spanish company with its NIF pays 21 % IVA on top, on Stripe’s invoice and in the portal', async () => {
	const { invoice, taxIds, customer, row, portal, subscription } = await buyAs('iva-espana', spanishCompany)
	expect(subscription.automatic_tax.enabled).toBe(true)
	expect(invoice).toMatchObject({
		subtotal: 19_900,
		total_excluding_tax: 19_900,
		total: 24_079,
		automatic_tax: { enabled: true, status: 'complete' },
		customer_tax_ids: [{ type: 'es_cif', value: 'B12345678' }],
		total_taxes: [{ amount: 4_179, taxability_reason: 'standard_rated', taxable_amount: 19_900 }],
	})
	expect(taxIds.map(({ type, value }) => [type, value])).toEqual([['es_cif', 'B12345678']])
	expect(customer).toMatchObject({ name: 'Ortega Asesores SL', address: { country: 'ES', city: 'Madrid' } })
	expect(row).toEqual({ total: 24_079, total_excluding_tax: 19_900, tax: 4_179, tax_reason: null })

	expect(portal.status).toBe(200)
	const page = text(portal.body)
	expect(page).toContain('Base imponible IVA Total')
	expect(page).toMatch(/199 € 41,79 € 240,79 €/)
	expect(page).not.toContain('Inversión del sujeto pasivo')
})

test('a German company with an EU VAT number is invoiced under the reverse charge, said on the invoice', async () => {
	const { invoice, taxIds, row, portal } = await buyAs('iva-alemania', germanCompany)
	expect(invoice).toMatchObject({
		total_excluding_tax: 19_900,
		total: 19_900,
		customer_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
		total_taxes: [{ amount: 0, taxability_reason: 'reverse_charge', taxable_amount: 19_900 }],
	})
	expect(taxIds.map(({ type, value, country }) => [type, value, country])).toEqual([['eu_vat', 'DE123456789', 'DE']])
	expect(row).toEqual({ total: 19_900, total_excluding_tax: 19_900, tax: 0, tax_reason: 'reverse_charge' })

	const page = text(portal.body)
	expect(page).toMatch(/199 € 0 € Inversión del sujeto pasivo 199 €/)
	const hosted = await fetch(String(invoice.hosted_invoice_url))
	expect(text(await hosted.text())).toContain('Inversión del sujeto pasivo (Reverse charge)')
})
