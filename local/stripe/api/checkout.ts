import { expireIfDue, idOf, type Core } from '../billing'
import { checkoutLineItems } from '../expand'
import {
	hashList,
	mergeMetadata,
	metadataParam,
	optionalEnum,
	optionalHash,
	optionalInteger,
	optionalString,
	requiredString,
} from '../form'
import { invalidRequest, missingParam, noSuch, notImplemented, type Reply } from '../http'
import { newCheckoutSession, newLineItem } from '../objects/checkout'
import { nowSeconds, type CheckoutSession } from '../store'
import { emailPattern, expandOnly, httpUrl, respond, type ApiRequest, type Route } from './request'

export const checkoutRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/checkout\/sessions$/,
		spec: {
			mode: true,
			line_items: { price: true, quantity: true },
			customer: true,
			customer_email: true,
			client_reference_id: true,
			metadata: true,
			subscription_data: { metadata: true },
			payment_intent_data: { metadata: true },
			submit_type: true,
			success_url: true,
			cancel_url: true,
			locale: true,
			expand: true,
		},
		handle: createCheckoutSession,
	},
	{ method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, spec: expandOnly, handle: retrieveCheckoutSession },
	{
		method: 'GET',
		pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
		spec: { limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listLineItems,
	},
]

function createCheckoutSession(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const { state } = core.store
	const mode = optionalEnum(params, 'mode', ['payment', 'setup', 'subscription'] as const)
	if (!mode) throw missingParam('mode')
	if (mode === 'setup') throw notImplemented('Checkout in `setup` mode')
	const successUrl = httpUrl(params, 'success_url', true) ?? ''
	const cancelUrl = httpUrl(params, 'cancel_url', false)

	const items = hashList(params, 'line_items')
	const [item] = items
	if (!item) throw missingParam('line_items')
	if (items.length > 1) throw notImplemented('A Checkout Session with more than one line item')
	const priceId = requiredString(item, 'price', 'line_items[0][price]')
	const quantity = optionalInteger(item, 'quantity', 'line_items[0][quantity]')
	if (quantity === undefined) throw missingParam('line_items[0][quantity]')
	if (quantity < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'line_items[0][quantity]')
	const price = state.prices[priceId]
	if (!price) throw noSuch('price', priceId, 'line_items[0][price]', 400)
	if (!price.active)
		throw invalidRequest(
			`The price specified is inactive. This field only accepts active prices.`,
			'line_items[0][price]',
		)
	if (mode === 'payment' && price.type === 'recurring') {
		throw invalidRequest(
			'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
			'line_items[0][price]',
		)
	}
	if (mode === 'subscription' && price.type !== 'recurring') {
		throw invalidRequest(
			'You must provide at least one recurring price in `subscription` mode when using prices.',
			'line_items',
		)
	}
	const product = state.products[idOf(price.product) ?? '']
	if (!product) throw noSuch('product', idOf(price.product) ?? '', 'line_items[0][price]', 400)

	const customerId = optionalString(params, 'customer') || null
	if (customerId && !state.customers[customerId]) throw noSuch('customer', customerId, 'customer', 400)
	const customerEmail = optionalString(params, 'customer_email') || null
	if (customerId && customerEmail)
		throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email')
	if (customerEmail && !emailPattern.test(customerEmail))
		throw invalidRequest(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid')

	const subscriptionData = optionalHash(params, 'subscription_data')
	const paymentIntentData = optionalHash(params, 'payment_intent_data')
	if (mode === 'payment' && subscriptionData)
		throw invalidRequest('You can not pass `subscription_data` in `payment` mode.', 'subscription_data')
	if (mode === 'subscription' && paymentIntentData) {
		throw invalidRequest('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data')
	}
	const clientReferenceId = optionalString(params, 'client_reference_id') || null
	if (clientReferenceId && clientReferenceId.length > 200) {
		throw invalidRequest('Invalid client_reference_id: must be at most 200 characters', 'client_reference_id')
	}
	const submitType =
		optionalEnum(params, 'submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const) ?? null
	const locale = (optionalString(params, 'locale') || null) as CheckoutSession['locale']
	const lineItem = newLineItem(price, product, quantity)

	const session = newCheckoutSession(
		{
			mode,
			customer: customerId,
			customerEmail,
			clientReferenceId,
			metadata: mergeMetadata({}, metadataParam(params, 'metadata')),
			submitType,
			locale,
			successUrl,
			cancelUrl,
			lineItem,
		},
		nowSeconds(),
		core.url(),
	)
	state.checkoutSessions[session.id] = session
	state.checkoutDetails[session.id] = {
		lineItems: [lineItem],
		subscriptionMetadata: mergeMetadata(
			{},
			subscriptionData ? metadataParam(subscriptionData, 'metadata', 'subscription_data[metadata]') : undefined,
		),
		paymentIntentMetadata: mergeMetadata(
			{},
			paymentIntentData ? metadataParam(paymentIntentData, 'metadata', 'payment_intent_data[metadata]') : undefined,
		),
	}
	core.store.changed()
	return respond(core, request, session)
}

function findSession(core: Core, id: string) {
	const session = core.store.state.checkoutSessions[id]
	if (!session) throw noSuch('checkout.session', id)
	expireIfDue(core, session)
	return session
}

function retrieveCheckoutSession(core: Core, request: ApiRequest, id: string): Reply {
	return respond(core, request, findSession(core, id))
}

function listLineItems(core: Core, request: ApiRequest, id: string): Reply {
	const session = findSession(core, id)
	return respond(core, request, checkoutLineItems(core, session.id))
}
