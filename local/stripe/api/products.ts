import type { Core } from '../billing'
import {
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
import { invalidRequest, missingParam, noSuch, type Reply } from '../http'
import { newPrice, newProduct } from '../objects/catalogue'
import { nowSeconds, type Price, type Product } from '../store'
import { causeOf, expandOnly, notEmpty, previousOf, respond, retrieve, type ApiRequest, type Route } from './request'

export const productRoutes: Route[] = [
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
]

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
