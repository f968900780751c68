import { newId, type PortalSession } from '../store'

export function newPortalSession(
	customer: string,
	returnUrl: string | null,
	created: number,
	standInUrl: string,
): PortalSession {
	const id = newId('bps')
	return {
		id,
		object: 'billing_portal.session',
		configuration: 'bpc_local_default',
		created,
		customer,
		customer_account: null,
		flow: null,
		livemode: false,
		locale: null,
		on_behalf_of: null,
		return_url: returnUrl,
		url: `${standInUrl}/billing/${id}`,
	}
}
