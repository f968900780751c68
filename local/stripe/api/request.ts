import type { Core } from '../billing'
import type { EventCause } from '../events'
import { expanded } from '../expand'
import { optionalInteger, optionalString, requiredString, stringList, type ParamSpec, type Params } from '../form'
import { invalidRequest, json, noSuch, type Reply } from '../http'
import { list } from '../objects/list'

/* What every resource's handlers share: the request, the route they answer, and how they answer. */

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

/** `id` and `childId` are what the route's pattern captures: `/v1/customers/:id/tax_ids/:childId`. */
export type Handler = (core: Core, request: ApiRequest, id: string, childId: string) => Reply

export type Route = { method: string; pattern: RegExp; spec: ParamSpec; handle: Handler }

export const expandOnly: ParamSpec = { expand: true }

export const causeOf = (request: ApiRequest): EventCause => ({
	id: request.requestId,
	idempotency_key: request.idempotencyKey ?? null,
})

const expandParam = (request: ApiRequest) => stringList(request.params, 'expand')

export function respond(core: Core, request: ApiRequest, value: unknown) {
	return json(200, expanded(core, value, expandParam(request)))
}

type Collection = 'customers' | 'subscriptions' | 'invoices' | 'paymentIntents' | 'prices' | 'products'

export function retrieve(collection: Collection, kind: string, param = 'id'): Handler {
	return (core, request, id) => {
		const found = core.store.state[collection][id]
		if (!found) throw noSuch(kind, id, param)
		return respond(core, request, found)
	}
}

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A string Stripe would take as a "clear this" for an optional field; a required one cannot be cleared. */
export function notEmpty(params: Params, name: string, param = name) {
	const value = optionalString(params, name, param)
	if (value === '') {
		throw invalidRequest(
			`You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
			param,
		)
	}
	return value
}

/** The top-level fields that changed, with their old values: an event's `previous_attributes`. */
export function previousOf<T extends object>(before: T, after: T) {
	const previous: Record<string, unknown> = {}
	for (const key of Object.keys(after) as (keyof T & string)[]) {
		if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key]
	}
	return previous
}

export function httpUrl(params: Params, name: string, required: boolean) {
	const value = required ? requiredString(params, name) : optionalString(params, name)
	if (value === undefined || value === '') return null
	// Stripe checks the URL before the `{CHECKOUT_SESSION_ID}` template is filled in, so the braces must pass.
	const candidate = value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')
	if (!URL.canParse(candidate) || !/^https?:$/.test(new URL(candidate).protocol))
		throw invalidRequest('Not a valid URL', name, 'url_invalid')
	return value
}

/**
 * One page of a list, newest first, as Stripe pages: `limit` (1–100, 10 by
 * default) and a cursor, `starting_after` or `ending_before`, naming an item
 * of the same list.
 */
export function pageOf<T extends { id: string }>(params: Params, newestFirst: T[], url: string, kind: string) {
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
