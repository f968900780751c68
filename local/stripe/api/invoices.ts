import { idOf, type Core } from '../billing'
import { optionalEnum, optionalString } from '../form'
import { noSuch, type Reply } from '../http'
import { expandOnly, pageOf, respond, retrieve, type ApiRequest, type Route } from './request'

export const invoiceRoutes: Route[] = [
	{
		method: 'GET',
		pattern: /^\/v1\/invoices$/,
		spec: {
			customer: true,
			subscription: true,
			status: true,
			limit: true,
			starting_after: true,
			ending_before: true,
			expand: true,
		},
		handle: listInvoices,
	},
	{ method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, spec: expandOnly, handle: retrieve('invoices', 'invoice') },
	{
		method: 'GET',
		pattern: /^\/v1\/payment_intents\/([^/]+)$/,
		spec: expandOnly,
		handle: retrieve('paymentIntents', 'payment_intent'),
	},
]

/** `GET /v1/invoices`: every invoice, or a customer's or a subscription's, newest first, optionally of one status. */
function listInvoices(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const { state } = core.store
	const customer = optionalString(params, 'customer')
	if (customer && !state.customers[customer]) throw noSuch('customer', customer, 'customer', 400)
	const subscription = optionalString(params, 'subscription')
	if (subscription && !state.subscriptions[subscription])
		throw noSuch('subscription', subscription, 'subscription', 400)
	const status = optionalEnum(params, 'status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const)
	// Object.values keeps insertion order: reversed, the newest comes first even within one second.
	const matching = Object.values(state.invoices)
		.reverse()
		.filter(
			(invoice) =>
				(!customer || idOf(invoice.customer) === customer) &&
				(!subscription || idOf(invoice.parent?.subscription_details?.subscription ?? null) === subscription) &&
				(!status || invoice.status === status),
		)
		.sort((a, b) => b.created - a.created)
	return respond(core, request, pageOf(params, matching, '/v1/invoices', 'invoice'))
}
