import type { Core } from './billing'
import type { Params } from './form'
import type { Reply } from './http'
import { checkoutPage, payCheckout } from './pages/checkout'
import { invoicePage, invoicePdf, payOpenInvoice } from './pages/invoice'
import { cancelFromPortal, changeBillingName, changeCard, portalPage } from './pages/portal'
import { pricePage } from './pages/price'

/*
 * The pages Stripe hosts, reduced to what a developer needs to click
 * through: the checkout (pay or go back), the billing portal (subscriptions,
 * payment method, billing name, invoices) and each invoice's page and PDF.
 * Plain HTML forms, so they work without JavaScript; like Stripe's, none of
 * them can be framed (http.ts). One file per page in pages/.
 */

/** The page at `path`, or undefined for an address that is none of them. */
export function handlePage(
	core: Core,
	method: string,
	path: string,
	form: Params,
	query: URLSearchParams,
): Reply | undefined {
	const checkout = /^\/checkout\/([^/]+)$/.exec(path)
	if (checkout && method === 'GET') return checkoutPage(core, decodeURIComponent(checkout[1] ?? ''))
	const pay = /^\/checkout\/([^/]+)\/pay$/.exec(path)
	if (pay && method === 'POST') return payCheckout(core, decodeURIComponent(pay[1] ?? ''), form)
	const portal = /^\/billing\/([^/]+)$/.exec(path)
	if (portal && method === 'GET') return portalPage(core, decodeURIComponent(portal[1] ?? ''), query)
	const cancel = /^\/billing\/([^/]+)\/subscriptions\/([^/]+)\/cancel$/.exec(path)
	if (cancel && method === 'POST')
		return cancelFromPortal(core, decodeURIComponent(cancel[1] ?? ''), decodeURIComponent(cancel[2] ?? ''))
	const card = /^\/billing\/([^/]+)\/payment-method$/.exec(path)
	if (card && method === 'POST') return changeCard(core, decodeURIComponent(card[1] ?? ''), form)
	const details = /^\/billing\/([^/]+)\/details$/.exec(path)
	if (details && method === 'POST') return changeBillingName(core, decodeURIComponent(details[1] ?? ''), form)
	const invoice = /^\/i\/([^/]+)$/.exec(path)
	if (invoice && method === 'GET') return invoicePage(core, decodeURIComponent(invoice[1] ?? ''))
	const payInvoice = /^\/i\/([^/]+)\/pay$/.exec(path)
	if (payInvoice && method === 'POST') return payOpenInvoice(core, decodeURIComponent(payInvoice[1] ?? ''))
	const pdf = /^\/invoice\/([^/]+)\/pdf$/.exec(path)
	if (pdf && method === 'GET') return invoicePdf(core, decodeURIComponent(pdf[1] ?? ''))
	const price = /^\/test\/prices\/([^/]+)$/.exec(path)
	if (price && method === 'GET') return pricePage(core, decodeURIComponent(price[1] ?? ''))
	return undefined
}
