import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { expect } from 'vitest'
import { localPriceId, localStripe } from '../../app/.server/billing/local-stripe'
import { startStripe } from '../../local/stripe/server'

// The Stripe stand-in driven through the real SDK (tests/integration/stripe/): a stand-in and a webhook endpoint
// of the test file's own, and what its tests share. Expected shapes come from the SDK's types and Stripe's
// documented behaviour.
export const secretKey = localStripe.STRIPE_SECRET_KEY ?? ''
export const webhookSecret = localStripe.STRIPE_WEBHOOK_SECRET ?? ''
export const businessMonthly = localPriceId('business', 'monthly')
export const starterAnnual = localPriceId('starter', 'annual')
export const enterpriseAnnual = localPriceId('enterprise', 'annual')
export const successUrl = 'http://portal.kia.localhost:5173/pago/completado?session_id={CHECKOUT_SESSION_ID}'
export const cancelUrl = 'http://portal.kia.localhost:5173/planes'
/** Intl puts a no-break space between the amount and the euro sign. */
export const nbsp = '\u00a0'

export type Delivery = { headers: IncomingHttpHeaders; body: string; status: number }

/** A webhook endpoint that records every delivery and answers what `respond` says (200 by default). */
export async function startReceiver() {
	const deliveries: Delivery[] = []
	let respond: (body: string, attempt: number) => number = () => 200
	const server = createServer((req, res) => {
		let body = ''
		req.setEncoding('utf8')
		req.on('data', (chunk: string) => (body += chunk))
		req.on('end', () => {
			const status = respond(body, deliveries.length)
			deliveries.push({ headers: req.headers, body, status })
			res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`,
		deliveries,
		respondWith(next: typeof respond) {
			respond = next
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>

export const sdk = (port: number, key = secretKey) => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })

/** Events the receiver accepted that concern one object, in arrival order, verified as the app verifies them. */
export async function verifiedEvents(stripe: Stripe, receiver: Receiver, belongsTo: (event: Stripe.Event) => boolean) {
	const events: Stripe.Event[] = []
	for (const delivery of receiver.deliveries) {
		if (delivery.status >= 300) continue
		const event = await stripe.webhooks.constructEventAsync(
			delivery.body,
			String(delivery.headers['stripe-signature']),
			webhookSecret,
		)
		if (belongsTo(event)) events.push(event)
	}
	return events
}

export const sessionOf = (event: Stripe.Event) =>
	event.data.object as { id: string; object: string; subscription?: unknown; customer?: unknown }

export async function pay(session: Stripe.Checkout.Session, form: Record<string, string> = {}) {
	return fetch(`${session.url}/pay`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(form).toString(),
	})
}

/** A stand-in posting its events to a receiver of its own, and the SDK pointed at it. */
export async function startStripeWorld() {
	const receiver = await startReceiver()
	const local = await startStripe({ port: 0, webhookUrl: receiver.url, log: false })
	return {
		local,
		receiver,
		stripe: sdk(local.port),
		stop: async () => {
			await local.stop()
			await receiver.close()
		},
	}
}

export function expectUnframeable(response: Response) {
	expect(response.headers.get('x-frame-options')).toBe('DENY')
	expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
}

export async function newCustomer(stripe: Stripe, userId: string = crypto.randomUUID()) {
	return stripe.customers.create({
		email: `${userId.slice(0, 8)}@kia.test`,
		name: 'Ana Pérez',
		metadata: { user_id: userId },
	})
}

/** A customer with an active subscription to `price`, bought through the hosted checkout. */
export async function activeSubscription(stripe: Stripe, price = businessMonthly) {
	const customer = await newCustomer(stripe)
	const session = await stripe.checkout.sessions.create({
		mode: 'subscription',
		customer: customer.id,
		line_items: [{ price, quantity: 1 }],
		success_url: successUrl,
	})
	await pay(session)
	const paid = await stripe.checkout.sessions.retrieve(session.id)
	return { customer, subscriptionId: String(paid.subscription) }
}
