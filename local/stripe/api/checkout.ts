import { expireIfDue, idOf, type Core } from '../billing'
import { checkoutLineItems } from '../expand'
import {
	hashList,
	mergeMetadata,
	metadataParam,
	optionalBoolean,
	optionalEnum,
	optionalHash,
	optionalInteger,
	optionalString,
	requiredString,
	type Params,
} from '../form'
import { invalidRequest, missingParam, noSuch, notImplemented, type Reply } from '../http'
import { checkoutAutomaticTax, sessionTax } from '../automatic-tax'
import { invoiceData, newCheckoutSession, newLineItem } from '../objects/checkout'
import { nowSeconds, type CheckoutSession, type Customer } from '../store'
import { causeOf, emailPattern, expandOnly, httpUrl, pageOf, respond, type ApiRequest, type Route } from './request'
import { taxRatesParam } from './tax-rates'

export const checkoutRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/checkout\/sessions$/,
		spec: {
			mode: true,
			automatic_tax: { enabled: true },
			line_items: { price: true, quantity: true, tax_rates: true },
			customer: true,
			customer_email: true,
			client_reference_id: true,
			metadata: true,
			subscription_data: { metadata: true, default_tax_rates: true },
			billing_address_collection: true,
			customer_update: { address: true, name: true },
			tax_id_collection: { enabled: true, required: true },
			invoice_creation: { enabled: true, invoice_data: { description: true, footer: true, metadata: true } },
			payment_intent_data: { metadata: true },
			submit_type: true,
			success_url: true,
			cancel_url: true,
			locale: true,
			expand: true,
		},
		handle: createCheckoutSession,
	},
	{
		method: 'GET',
		pattern: /^\/v1\/checkout\/sessions$/,
		spec: { customer: true, status: true, limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listCheckoutSessions,
	},
	{ method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, spec: expandOnly, handle: retrieveCheckoutSession },
	{
		method: 'POST',
		pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
		spec: expandOnly,
		handle: expireCheckoutSession,
	},
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
	const billingAddressCollection =
		optionalEnum(params, 'billing_address_collection', ['auto', 'required'] as const) ?? null
	const customer = customerId ? state.customers[customerId] : undefined
	const customerUpdate = customerUpdateParam(params, customerId)
	const taxIdCollection = taxIdCollectionParam(params, customerId, customerUpdate)
	const invoiceCreation = invoiceCreationParam(params, mode, customerId)

	const lineTaxRates = taxRatesParam(core, item, 'tax_rates', 'line_items[0][tax_rates]')
	const subscriptionTaxRates = subscriptionData
		? taxRatesParam(core, subscriptionData, 'default_tax_rates', 'subscription_data[default_tax_rates]')
		: []
	const automatic = automaticTaxParam(params, customer, customerUpdate, [...lineTaxRates, ...subscriptionTaxRates])
	const lineItem = newLineItem(
		price,
		product,
		quantity,
		sessionTax(core, customer, automatic, lineTaxRates, subscriptionTaxRates),
	)

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
			billingAddressCollection,
			taxIdCollection,
			invoiceCreation,
			automaticTax: automatic ? checkoutAutomaticTax(core, customer) : disabledAutomaticTax,
		},
		nowSeconds(),
		core.url(),
	)
	state.checkoutSessions[session.id] = session
	state.checkoutDetails[session.id] = {
		lineItems: [lineItem],
		lineTaxRates: { [lineItem.id]: lineTaxRates },
		subscriptionTaxRates,
		customerUpdate,
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

const disabledAutomaticTax = { enabled: false, liability: null, provider: null, status: null }

/**
 * `automatic_tax[enabled]`: Stripe Tax instead of tax rates, which Stripe refuses alongside it. It needs the
 * customer's address: one the customer has, or the one the page collects and `customer_update[address]=auto` saves.
 */
function automaticTaxParam(
	params: Params,
	customer: Customer | undefined,
	customerUpdate: { address: boolean },
	taxRates: unknown[],
) {
	const hash = optionalHash(params, 'automatic_tax')
	if (!hash) return false
	const enabled = optionalBoolean(hash, 'enabled', 'automatic_tax[enabled]')
	if (enabled === undefined) throw missingParam('automatic_tax[enabled]')
	if (!enabled) return false
	if (taxRates.length > 0) {
		throw invalidRequest(
			'You cannot specify tax rates when `automatic_tax[enabled]` is true: Stripe Tax calculates the taxes.',
			'automatic_tax[enabled]',
		)
	}
	if (customer && !customer.address?.country && !customerUpdate.address) {
		throw invalidRequest(
			"Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
			'automatic_tax[enabled]',
		)
	}
	return true
}

/** `customer_update[…]`, which "can only be provided when `customer` is provided". */
function customerUpdateParam(params: Params, customerId: string | null) {
	const update = optionalHash(params, 'customer_update')
	if (!update) return { address: false, name: false }
	if (!customerId) {
		throw invalidRequest('`customer_update` can only be used with `customer` or `customer_account`.', 'customer_update')
	}
	const choice = (name: string) => optionalEnum(update, name, ['auto', 'never'] as const, `customer_update[${name}]`)
	return { address: choice('address') === 'auto', name: choice('name') === 'auto' }
}

/**
 * `tax_id_collection[…]`. A business's tax ID belongs with its legal name, so
 * Stripe refuses to collect one for an existing customer whose name it may
 * not update.
 */
function taxIdCollectionParam(params: Params, customerId: string | null, customerUpdate: { name: boolean }) {
	const collection = optionalHash(params, 'tax_id_collection')
	if (!collection) return { enabled: false, required: 'never' as const }
	const enabled = optionalBoolean(collection, 'enabled', 'tax_id_collection[enabled]')
	if (enabled === undefined) throw missingParam('tax_id_collection[enabled]')
	const required =
		optionalEnum(collection, 'required', ['if_supported', 'never'] as const, 'tax_id_collection[required]') ?? 'never'
	if (enabled && customerId && !customerUpdate.name) {
		throw invalidRequest(
			'Tax ID collection requires updating business name on the customer. To enable tax ID collection for an existing customer, please set `customer_update[name]` to `auto`.',
			'tax_id_collection[enabled]',
		)
	}
	return { enabled, required }
}

/** `invoice_creation[…]`: payment mode only, since a subscription invoices on its own. */
function invoiceCreationParam(params: Params, mode: 'payment' | 'subscription', customerId: string | null) {
	const creation = optionalHash(params, 'invoice_creation')
	if (!creation) return undefined
	if (mode !== 'payment')
		throw invalidRequest('`invoice_creation` can only be used in `payment` mode.', 'invoice_creation')
	const enabled = optionalBoolean(creation, 'enabled', 'invoice_creation[enabled]')
	if (enabled === undefined) throw missingParam('invoice_creation[enabled]')
	// Stripe would invoice a guest; the stand-in invoices only a customer it knows.
	if (enabled && !customerId) throw notImplemented('`invoice_creation` without a `customer`')
	const data = optionalHash(creation, 'invoice_data', 'invoice_creation[invoice_data]') ?? {}
	const at = (name: string) => `invoice_creation[invoice_data][${name}]`
	return {
		enabled,
		invoice_data: invoiceData({
			description: optionalString(data, 'description', at('description')) || null,
			footer: optionalString(data, 'footer', at('footer')) || null,
			metadata: mergeMetadata({}, metadataParam(data, 'metadata', at('metadata'))),
		}),
	}
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

/** `GET /v1/checkout/sessions`: a customer's or everyone's, newest first, optionally of one status. */
function listCheckoutSessions(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const { state } = core.store
	const customer = optionalString(params, 'customer')
	if (customer && !state.customers[customer]) throw noSuch('customer', customer, 'customer', 400)
	const status = optionalEnum(params, 'status', ['open', 'complete', 'expired'] as const)
	const sessions = Object.values(state.checkoutSessions)
	for (const session of sessions) expireIfDue(core, session)
	// Object.values keeps insertion order: reversed, the newest comes first even within one second.
	const matching = sessions
		.reverse()
		.filter((session) => (!customer || idOf(session.customer) === customer) && (!status || session.status === status))
		.sort((a, b) => b.created - a.created)
	return respond(core, request, pageOf(params, matching, '/v1/checkout/sessions', 'checkout.session'))
}

/** `POST /v1/checkout/sessions/:id/expire`: an open session can no longer be paid; any other is refused. */
function expireCheckoutSession(core: Core, request: ApiRequest, id: string): Reply {
	const session = findSession(core, id)
	if (session.status !== 'open') {
		throw invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.')
	}
	session.status = 'expired'
	core.store.changed()
	core.emit('checkout.session.expired', session, { cause: causeOf(request) })
	return respond(core, request, session)
}

function listLineItems(core: Core, request: ApiRequest, id: string): Reply {
	const session = findSession(core, id)
	return respond(core, request, checkoutLineItems(core, session.id))
}
