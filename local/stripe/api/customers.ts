import type { Core } from '../billing'
import { mergeMetadata, metadataParam, optionalString } from '../form'
import { invalidRequest, type Reply } from '../http'
import { newCustomer } from '../objects/customers'
import { nowSeconds } from '../store'
import { causeOf, emailPattern, expandOnly, respond, retrieve, type ApiRequest, type Route } from './request'

export const customerRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/customers$/,
		spec: { email: true, name: true, description: true, phone: true, metadata: true, expand: true },
		handle: createCustomer,
	},
	{ method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, spec: expandOnly, handle: retrieve('customers', 'customer') },
]

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
