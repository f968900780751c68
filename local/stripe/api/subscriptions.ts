import { cancelNow, idOf, type Core } from '../billing'
import {
	hashList,
	mergeMetadata,
	metadataParam,
	optionalBoolean,
	optionalEnum,
	optionalHash,
	optionalInteger,
	optionalString,
	type Params,
} from '../form'
import { invalidRequest, noSuch, notImplemented, type Reply } from '../http'
import { changePrice } from '../invoices'
import { nowSeconds, type Subscription, type TaxRate } from '../store'
import { causeOf, expandOnly, pageOf, respond, retrieve, type ApiRequest, type Route } from './request'
import { taxRatesParam } from './tax-rates'

const cancellationSpec = { comment: true, feedback: true } as const

export const subscriptionRoutes: Route[] = [
	{
		method: 'GET',
		pattern: /^\/v1\/subscriptions$/,
		spec: { customer: true, status: true, limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listSubscriptions,
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
			items: { id: true, price: true, quantity: true, tax_rates: true },
			default_tax_rates: true,
			proration_behavior: true,
			metadata: true,
			cancellation_details: cancellationSpec,
			expand: true,
		},
		handle: updateSubscription,
	},
	{
		method: 'DELETE',
		pattern: /^\/v1\/subscriptions\/([^/]+)$/,
		spec: { cancellation_details: cancellationSpec, expand: true },
		handle: cancelSubscription,
	},
]

const listedStatuses = [
	'active',
	'all',
	'canceled',
	'ended',
	'incomplete',
	'incomplete_expired',
	'past_due',
	'paused',
	'trialing',
	'unpaid',
] as const

/**
 * `GET /v1/subscriptions`: a customer's or everyone's, newest first. Like Stripe, without `status` only those not
 * canceled; `all` lists every one, `ended` the canceled and the expired incomplete ones.
 */
function listSubscriptions(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const { state } = core.store
	const customer = optionalString(params, 'customer')
	if (customer && !state.customers[customer]) throw noSuch('customer', customer, 'customer', 400)
	const status = optionalEnum(params, 'status', listedStatuses)
	const ended = new Set<string>(['canceled', 'incomplete_expired'])
	const listed = (subscription: Subscription) => {
		if (status === 'all') return true
		if (status === 'ended') return ended.has(subscription.status)
		return status ? subscription.status === status : subscription.status !== 'canceled'
	}
	// Object.values keeps insertion order: reversed, the newest comes first even within one second.
	const matching = Object.values(state.subscriptions)
		.reverse()
		.filter((subscription) => (!customer || idOf(subscription.customer) === customer) && listed(subscription))
		.sort((a, b) => b.created - a.created)
	return respond(core, request, pageOf(params, matching, '/v1/subscriptions', 'subscription'))
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

/**
 * `items[0]` of an update: a new price, quantity or tax rates for the
 * subscription's one item, which must be named by its id.
 */
function itemChange(core: Core, params: Params, subscription: Subscription) {
	const items = hashList(params, 'items')
	if (items.length > 1) throw notImplemented('A subscription with more than one item')
	const [change] = items
	if (!change) return {}
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
	const taxRates =
		change.tax_rates === undefined ? undefined : taxRatesParam(core, change, 'tax_rates', 'items[0][tax_rates]')
	const priceChange = price.id === item.price.id && quantity === item.quantity ? undefined : { price, quantity }
	return { priceChange, taxRates }
}

const rateIds = (rates: TaxRate[] | null | undefined) => JSON.stringify((rates ?? []).map((rate) => rate.id))

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
	const { priceChange, taxRates } = itemChange(core, params, subscription)
	// `default_tax_rates=''` clears them; any change reaches only the invoices still to come.
	const defaultTaxRates =
		params.default_tax_rates === undefined ? undefined : taxRatesParam(core, params, 'default_tax_rates')
	const metadata = metadataParam(params, 'metadata')
	const details = cancellationDetails(params)

	const previous: Record<string, unknown> = {}
	const before = structuredClone(subscription)
	const item = subscription.items.data[0]
	if (item && taxRates && rateIds(taxRates) !== rateIds(item.tax_rates)) {
		previous.items = before.items
		item.tax_rates = taxRates
	}
	if (defaultTaxRates && rateIds(defaultTaxRates) !== rateIds(subscription.default_tax_rates)) {
		previous.default_tax_rates = before.default_tax_rates
		subscription.default_tax_rates = defaultTaxRates
	}
	if (priceChange) {
		Object.assign(previous, changePrice(core, subscription, { ...priceChange, behavior }, causeOf(request)), {
			items: before.items,
		})
	}
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
