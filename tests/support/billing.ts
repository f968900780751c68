import { serviceClient } from './e2e-data'
import { send, urlencoded } from './hostile-input'
import { stripeClient } from './stripe'
import { siteURL } from './urls'

async function poll<T>(what: string, read: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		const value = await read()
		if (value) return value
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`Timed out waiting for ${what}`)
}

/**
 * Buys a subscription as the signed-in browser with `cookie` would: the app's
 * 'Pagar y Activar' (which creates the Stripe customer and the Checkout
 * Session), then 'Pagar' on the Stripe stand-in's checkout. Returns once
 * Stripe's webhook has recorded the subscription and its first invoice.
 */
export async function subscribe(
	{ cookie, userId }: { cookie: string; userId: string },
	plan = 'business',
	period: 'monthly' | 'annual' = 'monthly',
) {
	const checkout = await send(siteURL(`/tarifas/${plan}`), urlencoded([['period', period]]), { cookie })
	const location = String(checkout.headers.location ?? '')
	if (checkout.status !== 303 || !location.includes('/checkout/cs_'))
		throw new Error(`'Pagar y Activar' answered ${checkout.status} ${location}`)
	const paid = await fetch(`${location}/pay`, { method: 'POST', redirect: 'manual' })
	if (paid.status !== 303) throw new Error(`Paying the checkout answered ${paid.status}`)
	const service = serviceClient()
	const subscription = await poll('the subscription row', async () => {
		const { data } = await service.from('suscripciones').select('id, customer_id').eq('user_id', userId).maybeSingle()
		return data
	})
	const invoice = await poll('the first invoice row', async () => {
		const { data } = await service
			.from('facturas')
			.select('id, number')
			.eq('subscription_id', subscription.id)
			.maybeSingle()
		return data?.number ? data : null
	})
	const ids = { subscriptionId: subscription.id, customerId: subscription.customer_id, invoiceId: invoice.id }
	await webhooksDelivered(Object.values(ids))
	return ids
}

/**
 * Returns once the stand-in has delivered every event about `ids` (the app
 * answers a delivery only after handling it, Stripe calls included), so a
 * test that counts Stripe calls starts from a quiet state.
 */
export async function webhooksDelivered(ids: string[]) {
	await poll(`the webhooks about ${ids.join(', ')}`, async () => {
		const { data } = await stripeClient().events.list({ limit: 100 })
		const ours = data.filter((event) => ids.some((id) => JSON.stringify(event.data.object).includes(id)))
		return ours.every((event) => event.pending_webhooks === 0)
	})
}

export type StandInRequest = { id: string; method: string; path: string; params: Record<string, unknown>; at: number }

/**
 * The Stripe stand-in's API requests that name any of `ids` (a customer, a
 * subscription, an invoice) in their path or parameters, newest first. Other
 * tests call the same stand-in at the same time, so a test counts only the
 * requests about its own objects; nothing can ask Stripe about them without
 * naming one of them.
 */
export async function stripeRequestsAbout(ids: string[]) {
	const response = await fetch(`${process.env.E2E_STRIPE_URL}/local/requests`)
	const log = (await response.json()) as { data: StandInRequest[] }
	return log.data.filter((request) => ids.some((id) => JSON.stringify([request.path, request.params]).includes(id)))
}
