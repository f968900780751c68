import type { Core } from '../billing'
import { requiredString } from '../form'
import { noSuch, type Reply } from '../http'
import { addTaxId, taxIdsOf } from '../tax-ids'
import { causeOf, expandOnly, pageOf, respond, type ApiRequest, type Route } from './request'

export const taxIdRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/customers\/([^/]+)\/tax_ids$/,
		spec: { type: true, value: true, expand: true },
		handle: createTaxId,
	},
	{
		method: 'GET',
		pattern: /^\/v1\/customers\/([^/]+)\/tax_ids$/,
		spec: { limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listTaxIds,
	},
	{ method: 'GET', pattern: /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/, spec: expandOnly, handle: retrieveTaxId },
	{ method: 'DELETE', pattern: /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/, spec: {}, handle: deleteTaxId },
]

function findCustomer(core: Core, id: string) {
	const customer = core.store.state.customers[id]
	if (!customer) throw noSuch('customer', id)
	return customer
}

function findTaxId(core: Core, customerId: string, id: string) {
	findCustomer(core, customerId)
	const taxId = core.store.state.taxIds[id]
	if (!taxId || taxId.customer !== customerId) throw noSuch('tax_id', id)
	return taxId
}

function createTaxId(core: Core, request: ApiRequest, customerId: string): Reply {
	const customer = findCustomer(core, customerId)
	const type = requiredString(request.params, 'type')
	const value = requiredString(request.params, 'value')
	return respond(core, request, addTaxId(core, customer, { type, value }, causeOf(request)))
}

/** `GET /v1/customers/:id/tax_ids`: newest first, like every Stripe list. */
function listTaxIds(core: Core, request: ApiRequest, customerId: string): Reply {
	findCustomer(core, customerId)
	const newestFirst = taxIdsOf(core, customerId).reverse()
	return respond(core, request, pageOf(request.params, newestFirst, `/v1/customers/${customerId}/tax_ids`, 'tax_id'))
}

function retrieveTaxId(core: Core, request: ApiRequest, customerId: string, id: string): Reply {
	return respond(core, request, findTaxId(core, customerId, id))
}

function deleteTaxId(core: Core, request: ApiRequest, customerId: string, id: string): Reply {
	const taxId = findTaxId(core, customerId, id)
	delete core.store.state.taxIds[id]
	core.store.changed()
	core.emit('customer.tax_id.deleted', taxId, { cause: causeOf(request) })
	return respond(core, request, { id, object: 'tax_id', deleted: true })
}
