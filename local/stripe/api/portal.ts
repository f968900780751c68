import type { Core } from '../billing'
import { requiredString } from '../form'
import { noSuch, type Reply } from '../http'
import { newPortalSession } from '../objects/portal'
import { nowSeconds } from '../store'
import { httpUrl, respond, type ApiRequest, type Route } from './request'

export const portalRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/billing_portal\/sessions$/,
		spec: { customer: true, return_url: true, expand: true },
		handle: createPortalSession,
	},
]

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
