import type { Core } from './billing'
import { invalidRequest } from './http'
import { list } from './objects/list'
import { taxIdsOf } from './tax-ids'

/** Stripe refuses to expand deeper than four levels. */
const maxDepth = 4

export function checkoutLineItems(core: Core, sessionId: string) {
	return list(
		core.store.state.checkoutDetails[sessionId]?.lineItems ?? [],
		`/v1/checkout/sessions/${sessionId}/line_items`,
	)
}

/**
 * A copy of `value` with the `expand[]` paths replaced by the objects they
 * name: `customer`, `subscription.latest_invoice`, `items.data.price.product`,
 * and what Stripe only includes on request: a Checkout Session's `line_items`
 * and a customer's `tax_ids`.
 */
export function expanded<T>(core: Core, value: T, paths: string[]): T {
	if (paths.length === 0) return value
	const copy = structuredClone(value)
	for (const path of paths) {
		const segments = path.split('.')
		if (segments.length > maxDepth) {
			throw invalidRequest(`You cannot expand more than ${maxDepth} levels of a property. Property: ${path}`, 'expand')
		}
		expandInto(core, copy as Record<string, unknown>, segments, path)
	}
	return copy
}

function cannotExpand(path: string) {
	return invalidRequest(`This property cannot be expanded (${path}).`, 'expand')
}

function expandInto(core: Core, target: Record<string, unknown>, segments: string[], path: string) {
	const [head, ...rest] = segments
	if (head === undefined) return
	let value = target[head]
	if (head === 'line_items' && target.object === 'checkout.session' && typeof target.id === 'string') {
		value = checkoutLineItems(core, target.id)
	} else if (head === 'tax_ids' && target.object === 'customer' && typeof target.id === 'string') {
		value = list(taxIdsOf(core, target.id).reverse(), `/v1/customers/${target.id}/tax_ids`)
	} else if (typeof value === 'string') {
		const found = core.store.find(value)
		if (!found) throw cannotExpand(path)
		value = structuredClone(found)
	}
	if (value === undefined) throw cannotExpand(path)
	// Like Stripe, a null reference stays null.
	if (value === null) return
	if (typeof value !== 'object') throw cannotExpand(path)
	target[head] = value
	if (rest.length === 0) return
	const children = Array.isArray(value) ? value : [value]
	for (const child of children) {
		if (child !== null && typeof child === 'object') expandInto(core, child as Record<string, unknown>, rest, path)
	}
}
