import { cancelNow, expireIfDue, idOf, type Core } from './billing'
import { changePrice } from './invoices'
import { typeMatches, type EventCause } from './events'
import { checkoutLineItems, expanded } from './expand'
import {
	hashList,
	mergeMetadata,
	metadataParam,
	onlySupported,
	optionalBoolean,
	optionalEnum,
	optionalHash,
	optionalInteger,
	optionalString,
	requiredString,
	stringList,
	type ParamSpec,
	type Params,
} from './form'
import { invalidRequest, json, missingParam, noSuch, notImplemented, StripeApiError, type Reply } from './http'
import { list, newCheckoutSession, newCustomer, newLineItem, newPortalSession, newPrice, newProduct } from './objects'
import { nowSeconds, type CheckoutSession, type Price, type Product, type Subscription } from './store'

export type ApiRequest = {
	method: string
	/** Without the query string, e.g. `/v1/customers/cus_123`. */
	path: string
	/** Query and body parameters together, as Stripe reads them. */
	params: Params
	/** The raw body, to tell a replayed idempotent request from a different one. */
	body: string
	requestId: string
	idempotencyKey: string | undefined
}

type Handler = (core: Core, request: ApiRequest, id: string) => Reply

type Route = { method: string; pattern: RegExp; spec: ParamSpec; handle: Handler }

const expandOnly: ParamSpec = { expand: true }

/** Everything `/v1` answers; any other method and path is outside the subset. */
const routes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/customers$/,
		spec: { email: true, name: true, description: true, phone: true, metadata: true, expand: true },
		handle: createCustomer,
	},
	{ method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, spec: expandOnly, handle: retrieve('customers', 'customer') },
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
	{
		method: 'POST',
		pattern: /^\/v1\/billing_portal\/sessions$/,
		spec: { customer: true, return_url: true, expand: true },
		handle: createPortalSession,
	},
	{
		method: 'GET',
		pattern: /^\/v1\/subscriptions\/([^/]+)$/,
		spec: expandOnly,
		handle: retrieve('subscriptions', 'subscription'),
	},
	{
		method: 'POST',
		pattern: /^\/v1\/subscriptions\/([^/]+)$/,
		spec: {
			cancel_at_period_end: true,
			items: { id: true, price: true, quantity: true },
			proration_behavior: true,
			metadata: true,
			cancellation_details: { comment: true, feedback: true },
			expand: true,
		},
		handle: updateSubscription,
	},
	{
		method: 'DELETE',
		pattern: /^\/v1\/subscriptions\/([^/]+)$/,
		spec: { cancellation_details: { comment: true, feedback: true }, expand: true },
		handle: cancelSubscription,
	},
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
	{
		method: 'POST',
		pattern: /^\/v1\/prices$/,
		spec: {
			currency: true,
			product: true,
			product_data: { name: true, active: true, metadata: true },
			unit_amount: true,
			recurring: { interval: true, interval_count: true },
			active: true,
			nickname: true,
			metadata: true,
			tax_behavior: true,
			expand: true,
		},
		handle: createPrice,
	},
	// Stripe names a missing price after the path's parameter (`price`), where older objects say `id`.
	{ method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, spec: expandOnly, handle: retrieve('prices', 'price', 'price') },
	{
		method: 'POST',
		pattern: /^\/v1\/prices\/([^/]+)$/,
		spec: { active: true, nickname: true, metadata: true, expand: true },
		handle: updatePrice,
	},
	{
		method: 'POST',
		pattern: /^\/v1\/products$/,
		spec: { name: true, active: true, description: true, metadata: true, expand: true },
		handle: createProduct,
	},
	{ method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, spec: expandOnly, handle: retrieve('products', 'product') },
	{
		method: 'POST',
		pattern: /^\/v1\/products\/([^/]+)$/,
		spec: { name: true, active: true, description: true, metadata: true, expand: true },
		handle: updateProduct,
	},
	{ method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, spec: expandOnly, handle: retrieveEvent },
	{
		method: 'GET',
		pattern: /^\/v1\/events$/,
		spec: { type: true, types: true, limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listEvents,
	},
]

type Saved = { endpoint: string; body: string; reply: Reply; requestId: string; at: number }

const idempotencyLifetimeMs = 24 * 60 * 60 * 1000

/**
 * The `/v1` API. Handlers run synchronously on in-memory data, so two
 * requests never interleave: a second request with an idempotency key
 * always finds the first one's saved answer.
 */
export function createApi(core: Core) {
	const idempotent = new Map<string, Saved>()

	function route(request: ApiRequest): Reply {
		for (const candidate of routes) {
			const match = candidate.pattern.exec(request.path)
			if (!match || candidate.method !== request.method) continue
			onlySupported(request.params, candidate.spec, `${request.method} ${request.path}`)
			return candidate.handle(core, request, decodeURIComponent(match[1] ?? ''))
		}
		throw notImplemented(`${request.method} ${request.path}`)
	}

	function run(request: ApiRequest): Reply {
		try {
			return route(request)
		} catch (error) {
			if (error instanceof StripeApiError) return error.reply()
			throw error
		}
	}

	return function handle(request: ApiRequest): Reply {
		const key = request.idempotencyKey
		if (request.method !== 'POST' || !key) return run(request)
		const endpoint = `${request.method} ${request.path}`
		const saved = idempotent.get(key)
		if (saved && Date.now() - saved.at < idempotencyLifetimeMs) {
			if (saved.endpoint !== endpoint || saved.body !== request.body) {
				return new StripeApiError(400, {
					type: 'idempotency_error',
					message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
				}).reply()
			}
			return {
				...saved.reply,
				headers: { ...saved.reply.headers, 'Idempotent-Replayed': 'true', 'Original-Request': saved.requestId },
			}
		}
		const reply = run(request)
		// Like Stripe, only a request that got as far as doing something is remembered; a rejected one may be retried as is.
		if (reply.status < 400) {
			const now = Date.now()
			for (const [oldKey, old] of idempotent) if (now - old.at >= idempotencyLifetimeMs) idempotent.delete(oldKey)
			idempotent.set(key, { endpoint, body: request.body, reply, requestId: request.requestId, at: now })
		}
		return reply
	}
}

const causeOf = (request: ApiRequest): EventCause => ({
	id: request.requestId,
	idempotency_key: request.idempotencyKey ?? null,
})

const expandParam = (request: ApiRequest) => stringList(request.params, 'expand')

function respond(core: Core, request: ApiRequest, value: unknown) {
	return json(200, expanded(core, value, expandParam(request)))
}

type Collection = 'customers' | 'subscriptions' | 'invoices' | 'paymentIntents' | 'prices' | 'products'

function retrieve(collection: Collection, kind: string, param = 'id'): Handler {
	return (core, request, id) => {
		const found = core.store.state[collection][id]
		if (!found) throw noSuch(kind, id, param)
		return respond(core, request, found)
	}
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function createCustomer(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const email = optionalString(params, 'email')
	if (email && !emailPattern.test(email))
		throw invalidRequest(`Invalid email address: ${email}`, 'email', 'email_invalid')
	const metadata = mergeMetadata({}, metadataParam(params, 'metadata'))
	const customer = newCustomer(
		{ email: email || null, name: optionalString(params, 'name') || null, metadata },
		nowSeconds(),
	)
	customer.description = optionalString(params, 'description') || null
	customer.phone = optionalString(params, 'phone') || null
	core.store.state.customers[customer.id] = customer
	core.store.changed()
	core.emit('customer.created', customer, { cause: causeOf(request) })
	return respond(core, request, customer)
}

/** A string Stripe would take as a "clear this" for an optional field; a required one cannot be cleared. */
function notEmpty(params: Params, name: string, param = name) {
	const value = optionalString(params, name, param)
	if (value === '') {
		throw invalidRequest(
			`You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
			param,
		)
	}
	return value
}

function productFrom(params: Params, param = '', now = nowSeconds()) {
	const at = (name: string) => (param ? `${param}[${name}]` : name)
	const name = notEmpty(params, 'name', at('name'))
	if (name === undefined) throw missingParam(at('name'))
	return newProduct(
		{
			name,
			active: optionalBoolean(params, 'active', at('active')) ?? true,
			description: optionalString(params, 'description', at('description')) || null,
			metadata: mergeMetadata({}, metadataParam(params, 'metadata', at('metadata'))),
		},
		now,
	)
}

function createProduct(core: Core, request: ApiRequest): Reply {
	const product = productFrom(request.params)
	core.store.state.products[product.id] = product
	core.store.changed()
	core.emit('product.created', product, { cause: causeOf(request) })
	return respond(core, request, product)
}

function updateProduct(core: Core, request: ApiRequest, id: string): Reply {
	const { params } = request
	const product = core.store.state.products[id]
	if (!product) throw noSuch('product', id)
	const name = notEmpty(params, 'name')
	const description = optionalString(params, 'description')
	const next: Product = {
		...product,
		name: name ?? product.name,
		active: optionalBoolean(params, 'active') ?? product.active,
		description: description === undefined ? product.description : description || null,
		metadata: mergeMetadata(product.metadata, metadataParam(params, 'metadata')),
	}
	const previous = previousOf(product, next)
	// Stripe sends no event, and changes nothing, for an update that changes nothing.
	if (Object.keys(previous).length === 0) return respond(core, request, product)
	const updated = { ...next, updated: nowSeconds() }
	core.store.state.products[id] = updated
	core.store.changed()
	core.emit('product.updated', updated, {
		previous: { ...previous, updated: product.updated },
		cause: causeOf(request),
	})
	return respond(core, request, updated)
}

const intervals = ['day', 'week', 'month', 'year'] as const

/** `recurring[…]` of a new price, or null for a one-time price. */
function recurringFrom(params: Params) {
	const recurring = optionalHash(params, 'recurring')
	if (!recurring) return null
	const interval = optionalEnum(recurring, 'interval', intervals, 'recurring[interval]')
	if (!interval) throw missingParam('recurring[interval]')
	const intervalCount = optionalInteger(recurring, 'interval_count', 'recurring[interval_count]') ?? 1
	if (intervalCount < 1)
		throw invalidRequest('This value must be greater than or equal to 1.', 'recurring[interval_count]')
	return { interval, intervalCount }
}

/**
 * `POST /v1/prices`: a per-unit price of an existing product (`product`) or
 * of one made with it (`product_data`). Tiered, metered and customer-chosen
 * amounts are outside the subset and refused as such.
 */
function createPrice(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const { state } = core.store
	const currency = requiredString(params, 'currency').toLowerCase()
	if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, 'currency')
	const productId = optionalString(params, 'product') || undefined
	const productData = optionalHash(params, 'product_data')
	if (productId && productData)
		throw invalidRequest('You may only specify one of these parameters: product, product_data.', 'product_data')
	if (!productId && !productData) throw missingParam('product')
	if (productId && !state.products[productId]) throw noSuch('product', productId, 'product', 400)
	const unitAmount = optionalInteger(params, 'unit_amount')
	if (unitAmount === undefined) throw missingParam('unit_amount')
	if (unitAmount < 0) throw invalidRequest('This value must be greater than or equal to 0.', 'unit_amount')
	const recurring = recurringFrom(params)
	const taxBehavior =
		optionalEnum(params, 'tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? 'unspecified'

	const now = nowSeconds()
	const product = productData ? productFrom(productData, 'product_data', now) : undefined
	const price = newPrice(
		{
			product: product?.id ?? productId ?? '',
			currency,
			unitAmount,
			recurring,
			active: optionalBoolean(params, 'active') ?? true,
			nickname: optionalString(params, 'nickname') || null,
			metadata: mergeMetadata({}, metadataParam(params, 'metadata')),
			taxBehavior,
		},
		now,
	)
	if (product) {
		state.products[product.id] = product
		core.emit('product.created', product, { cause: causeOf(request) })
	}
	state.prices[price.id] = price
	core.store.changed()
	core.emit('price.created', price, { cause: causeOf(request) })
	return respond(core, request, price)
}

/** `POST /v1/prices/:id`: what can change on a price once made (its amount, currency and interval never can). */
function updatePrice(core: Core, request: ApiRequest, id: string): Reply {
	const { params } = request
	const price = core.store.state.prices[id]
	if (!price) throw noSuch('price', id, 'price')
	const nickname = optionalString(params, 'nickname')
	const next: Price = {
		...price,
		active: optionalBoolean(params, 'active') ?? price.active,
		nickname: nickname === undefined ? price.nickname : nickname || null,
		metadata: mergeMetadata(price.metadata, metadataParam(params, 'metadata')),
	}
	const previous = previousOf(price, next)
	if (Object.keys(previous).length === 0) return respond(core, request, price)
	core.store.state.prices[id] = next
	core.store.changed()
	core.emit('price.updated', next, { previous, cause: causeOf(request) })
	return respond(core, request, next)
}

/** The top-level fields that changed, with their old values: an event's `previous_attributes`. */
function previousOf<T extends object>(before: T, after: T) {
	const previous: Record<string, unknown> = {}
	for (const key of Object.keys(after) as (keyof T & string)[]) {
		if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key]
	}
	return previous
}

function httpUrl(params: Params, name: string, required: boolean) {
	const value = required ? requiredString(params, name) : optionalString(params, name)
	if (value === undefined || value === '') return null
	// Stripe checks the URL before the `{CHECKOUT_SESSION_ID}` template is filled in, so the braces must pass.
	const candidate = value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')
	if (!URL.canParse(candidate) || !/^https?:$/.test(new URL(candidate).protocol))
		throw invalidRequest('Not a valid URL', name, 'url_invalid')
	return value
}

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

function createPortalSession(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const customerId = requiredString(params, 'customer')
	if (!core.store.state.customers[customerId]) throw noSuch('customer', customerId, 'customer', 400)
	const returnUrl = httpUrl(params, 'return_url', false)
	const session = newPortalSession(customerId, returnUrl, nowSeconds(), core.url())
	core.store.state.portalSessions[session.id] = session
	core.store.changed()
	return respond(core, request, session)
}

function findSubscription(core: Core, id: string) {
	const subscription = core.store.state.subscriptions[id]
	if (!subscription) throw noSuch('subscription', id)
	return subscription
}

function cancellationDetails(params: Params) {
	const details = optionalHash(params, 'cancellation_details')
	if (!details) return undefined
	return {
		comment: optionalString(details, 'comment', 'cancellation_details[comment]'),
		feedback: optionalEnum(
			details,
			'feedback',
			[
				'customer_service',
				'low_quality',
				'missing_features',
				'other',
				'switched_service',
				'too_complex',
				'too_expensive',
				'unused',
			] as const,
			'cancellation_details[feedback]',
		),
	}
}

/** The parameters a canceled subscription still takes; Stripe refuses every other change. */
const stillUpdatableWhenCanceled = new Set(['metadata', 'cancellation_details', 'expand'])

/** `items[0]` of an update: a new price or quantity for the subscription's one item, which must be named by its id. */
function itemChange(core: Core, params: Params, subscription: Subscription) {
	const items = hashList(params, 'items')
	if (items.length > 1) throw notImplemented('A subscription with more than one item')
	const [change] = items
	if (!change) return undefined
	const item = subscription.items.data[0]
	const itemId = optionalString(change, 'id', 'items[0][id]')
	if (!itemId) throw notImplemented('Adding a second item to a subscription')
	if (!item || itemId !== item.id) throw noSuch('subscription_item', itemId, 'items[0][id]', 400)
	const priceId = optionalString(change, 'price', 'items[0][price]')
	const price = priceId ? core.store.state.prices[priceId] : item.price
	if (!price) throw noSuch('price', priceId ?? '', 'items[0][price]', 400)
	if (!price.active)
		throw invalidRequest('The price specified is inactive. This field only accepts active prices.', 'items[0][price]')
	if (price.type !== 'recurring') {
		throw invalidRequest(
			'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
			'items[0][price]',
		)
	}
	const quantity = optionalInteger(change, 'quantity', 'items[0][quantity]') ?? item.quantity ?? 1
	if (quantity < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'items[0][quantity]')
	if (price.id === item.price.id && quantity === item.quantity) return undefined
	return { price, quantity }
}

function updateSubscription(core: Core, request: ApiRequest, id: string): Reply {
	const { params } = request
	const subscription = findSubscription(core, id)
	if (subscription.status === 'canceled' && Object.keys(params).some((name) => !stillUpdatableWhenCanceled.has(name))) {
		throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.')
	}
	const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end')
	const behavior =
		optionalEnum(params, 'proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const) ??
		'create_prorations'
	const change = itemChange(core, params, subscription)
	const metadata = metadataParam(params, 'metadata')
	const details = cancellationDetails(params)

	const previous: Record<string, unknown> = {}
	const before = structuredClone(subscription)
	if (change) Object.assign(previous, changePrice(core, subscription, { ...change, behavior }, causeOf(request)))
	if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
		const periodEnd = subscription.items.data[0]?.current_period_end ?? null
		subscription.cancel_at_period_end = cancelAtPeriodEnd
		subscription.cancel_at = cancelAtPeriodEnd ? periodEnd : null
		subscription.canceled_at = cancelAtPeriodEnd ? nowSeconds() : null
		subscription.cancellation_details = {
			comment: subscription.cancellation_details?.comment ?? null,
			feedback: subscription.cancellation_details?.feedback ?? null,
			feedback_option: null,
			reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
		}
		Object.assign(previous, {
			cancel_at_period_end: before.cancel_at_period_end,
			cancel_at: before.cancel_at,
			canceled_at: before.canceled_at,
			cancellation_details: before.cancellation_details,
		})
	}
	if (metadata !== undefined) {
		const merged = mergeMetadata(subscription.metadata, metadata)
		if (JSON.stringify(merged) !== JSON.stringify(subscription.metadata)) {
			previous.metadata = before.metadata
			subscription.metadata = merged
		}
	}
	if (details) {
		subscription.cancellation_details = {
			comment:
				details.comment === undefined ? (subscription.cancellation_details?.comment ?? null) : details.comment || null,
			feedback: details.feedback ?? subscription.cancellation_details?.feedback ?? null,
			feedback_option: null,
			reason: subscription.cancellation_details?.reason ?? null,
		}
		if (JSON.stringify(subscription.cancellation_details) !== JSON.stringify(before.cancellation_details)) {
			previous.cancellation_details = before.cancellation_details
		}
	}
	if (Object.keys(previous).length > 0) {
		core.store.changed()
		core.emit('customer.subscription.updated', subscription, { previous, cause: causeOf(request) })
	}
	return respond(core, request, subscription)
}

function cancelSubscription(core: Core, request: ApiRequest, id: string): Reply {
	const subscription = findSubscription(core, id)
	const details = cancellationDetails(request.params)
	if (subscription.status === 'canceled') throw invalidRequest(`This subscription (${id}) has already been canceled.`)
	cancelNow(core, subscription, causeOf(request), { comment: details?.comment, feedback: details?.feedback })
	return respond(core, request, subscription)
}

function retrieveEvent(core: Core, request: ApiRequest, id: string): Reply {
	const event = core.store.state.events.find((candidate) => candidate.id === id)
	if (!event) throw noSuch('event', id)
	return respond(core, request, event)
}

/**
 * One page of a list, newest first, as Stripe pages: `limit` (1–100, 10 by
 * default) and a cursor, `starting_after` or `ending_before`, naming an item
 * of the same list.
 */
function pageOf<T extends { id: string }>(params: Params, newestFirst: T[], url: string, kind: string) {
	const limit = optionalInteger(params, 'limit') ?? 10
	if (limit < 1 || limit > 100) throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit')
	const startingAfter = optionalString(params, 'starting_after')
	const endingBefore = optionalString(params, 'ending_before')
	if (startingAfter) {
		const index = newestFirst.findIndex((item) => item.id === startingAfter)
		if (index < 0) throw noSuch(kind, startingAfter, 'starting_after', 400)
		return list(newestFirst.slice(index + 1, index + 1 + limit), url, newestFirst.length > index + 1 + limit)
	}
	if (endingBefore) {
		const index = newestFirst.findIndex((item) => item.id === endingBefore)
		if (index < 0) throw noSuch(kind, endingBefore, 'ending_before', 400)
		return list(newestFirst.slice(Math.max(0, index - limit), index), url, index - limit > 0)
	}
	return list(newestFirst.slice(0, limit), url, newestFirst.length > limit)
}

function listEvents(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const type = optionalString(params, 'type')
	const types = stringList(params, 'types')
	if (type && types.length > 0)
		throw invalidRequest('You may only specify one of these parameters: type, types.', 'types')
	const patterns = type ? [type] : types
	const newestFirst = [...core.store.state.events].reverse()
	const matching =
		patterns.length === 0
			? newestFirst
			: newestFirst.filter((event) => patterns.some((pattern) => typeMatches(event.type, pattern)))
	return respond(core, request, pageOf(params, matching, '/v1/events', 'event'))
}

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
