import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { localPriceId, localStripe } from '../../app/.server/local-stripe'
import { startStripe, type LocalStripe } from '../../local/stripe/server'

// Expected shapes come from the SDK's types and Stripe's documented behaviour, driven through the real SDK.
const secretKey = localStripe.STRIPE_SECRET_KEY ?? ''
const webhookSecret = localStripe.STRIPE_WEBHOOK_SECRET ?? ''
const businessMonthly = localPriceId('business', 'monthly')
const starterAnnual = localPriceId('starter', 'annual')
const enterpriseAnnual = localPriceId('enterprise', 'annual')
const successUrl = 'http://portal.kia.localhost:5173/pago/completado?session_id={CHECKOUT_SESSION_ID}'
const cancelUrl = 'http://portal.kia.localhost:5173/planes'
/** Intl puts a no-break space between the amount and the euro sign. */
const nbsp = '\u00a0'

type Delivery = { headers: IncomingHttpHeaders; body: string; status: number }

/** A webhook endpoint that records every delivery and answers what `respond` says (200 by default). */
async function startReceiver() {
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

type Receiver = Awaited<ReturnType<typeof startReceiver>>

const sdk = (port: number, key = secretKey) => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })

/** Events the receiver accepted that concern one object, in arrival order, verified as the app verifies them. */
async function verifiedEvents(stripe: Stripe, receiver: Receiver, belongsTo: (event: Stripe.Event) => boolean) {
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

const sessionOf = (event: Stripe.Event) =>
	event.data.object as { id: string; object: string; subscription?: unknown; customer?: unknown }

async function pay(session: Stripe.Checkout.Session, form: Record<string, string> = {}) {
	return fetch(`${session.url}/pay`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(form).toString(),
	})
}

let local: LocalStripe
let receiver: Receiver
let stripe: Stripe

beforeAll(async () => {
	receiver = await startReceiver()
	local = await startStripe({ port: 0, webhookUrl: receiver.url, log: false })
	stripe = sdk(local.port)
})
afterAll(async () => {
	await local.stop()
	await receiver.close()
})

/** Stripe's hosted pages refuse every frame; so must the stand-in's, or a test could pass on a framed page. */
function expectUnframeable(response: Response) {
	expect(response.headers.get('x-frame-options')).toBe('DENY')
	expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
}

async function newCustomer(userId: string = crypto.randomUUID()) {
	return stripe.customers.create({
		email: `${userId.slice(0, 8)}@kia.test`,
		name: 'Ana Pérez',
		metadata: { user_id: userId },
	})
}

describe('customers', () => {
	test('are created and retrieved with Stripe’s shape', async () => {
		const created = await newCustomer('user-1')
		expect(created.id).toMatch(/^cus_/)
		expect(created).toMatchObject({
			object: 'customer',
			email: 'user-1@kia.test',
			name: 'Ana Pérez',
			metadata: { user_id: 'user-1' },
			livemode: false,
		})
		const fetched = await stripe.customers.retrieve(created.id)
		expect(fetched).toEqual(expect.objectContaining({ id: created.id, email: 'user-1@kia.test' }))
	})

	test('an unknown id is a 404 resource_missing', async () => {
		const error = await stripe.customers.retrieve('cus_nope').catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
		expect(error).toMatchObject({
			statusCode: 404,
			code: 'resource_missing',
			message: "No such customer: 'cus_nope'",
			param: 'id',
		})
	})

	test('one idempotency key gives one customer, even for concurrent requests', async () => {
		const key = `crear-cliente-${crypto.randomUUID()}`
		const params = { email: 'idem@kia.test', metadata: { user_id: 'idem' } }
		const [first, second] = await Promise.all([
			stripe.customers.create(params, { idempotencyKey: key }),
			stripe.customers.create(params, { idempotencyKey: key }),
		])
		expect(second.id).toBe(first.id)
		const replayed = [first, second].filter(
			(customer) => customer.lastResponse.headers['idempotent-replayed'] === 'true',
		)
		expect(replayed).toHaveLength(1)

		const reused = await stripe.customers
			.create({ email: 'otro@kia.test' }, { idempotencyKey: key })
			.catch((caught: unknown) => caught)
		expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
	})
})

describe('checkout sessions', () => {
	test('subscription mode: an open, unpaid session on the hosted page, with its line item on request', async () => {
		const customer = await newCustomer()
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			client_reference_id: 'user-2',
			line_items: [{ price: businessMonthly, quantity: 1 }],
			metadata: { plan: 'business' },
			subscription_data: { metadata: { user_id: 'user-2' } },
			success_url: successUrl,
			cancel_url: cancelUrl,
		})
		expect(session.id).toMatch(/^cs_test_/)
		expect(session).toMatchObject({
			object: 'checkout.session',
			mode: 'subscription',
			status: 'open',
			payment_status: 'unpaid',
			amount_total: 19900,
			currency: 'eur',
			customer: customer.id,
			client_reference_id: 'user-2',
			metadata: { plan: 'business' },
			success_url: successUrl,
			cancel_url: cancelUrl,
			subscription: null,
			url: `${local.url}/checkout/${session.id}`,
		})
		expect(session.expires_at).toBeGreaterThan(session.created)
		expect(session.line_items).toBeUndefined()

		const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'customer'] })
		const item = expanded.line_items?.data[0]
		expect(item?.price).toMatchObject({
			id: businessMonthly,
			type: 'recurring',
			unit_amount: 19900,
			currency: 'eur',
			recurring: { interval: 'month' },
		})
		expect(item?.quantity).toBe(1)
		expect(expanded.customer).toMatchObject({ id: customer.id, object: 'customer' })

		const lineItems = await stripe.checkout.sessions.listLineItems(session.id)
		expect(lineItems.data.map((line) => line.price?.id)).toEqual([businessMonthly])
	})

	test('payment mode takes the one-time Enterprise annual price', async () => {
		const session = await stripe.checkout.sessions.create({
			mode: 'payment',
			line_items: [{ price: enterpriseAnnual, quantity: 1 }],
			customer_email: 'empresa@kia.test',
			payment_intent_data: { metadata: { user_id: 'user-3' } },
			submit_type: 'pay',
			success_url: successUrl,
		})
		expect(session).toMatchObject({
			mode: 'payment',
			amount_total: 499900,
			customer: null,
			customer_email: 'empresa@kia.test',
			payment_intent: null,
		})
		const price = await stripe.prices.retrieve(enterpriseAnnual, { expand: ['product'] })
		expect(price).toMatchObject({ type: 'one_time', recurring: null, nickname: 'Enterprise · Anual' })
		expect(price.product).toMatchObject({ name: 'KIA Enterprise' })
	})

	test('the request body is form-encoded like the real API, and expand[] works on GET', async () => {
		const form = new URLSearchParams({
			mode: 'subscription',
			'line_items[0][price]': starterAnnual,
			'line_items[0][quantity]': '1',
			'subscription_data[metadata][user_id]': 'user-4',
			success_url: successUrl,
		})
		const headers = { Authorization: `Bearer ${secretKey}` }
		const created = await fetch(`${local.url}/v1/checkout/sessions`, { method: 'POST', headers, body: form })
		expect(created.status).toBe(200)
		const session = (await created.json()) as { id: string; amount_total: number }
		expect(session.amount_total).toBe(99900)
		const fetched = await fetch(`${local.url}/v1/checkout/sessions/${session.id}?expand[]=line_items`, { headers })
		const body = (await fetched.json()) as { line_items: { object: string; data: { price: { id: string } }[] } }
		expect(body.line_items.object).toBe('list')
		expect(body.line_items.data[0]?.price.id).toBe(starterAnnual)
	})

	test('invalid requests fail with Stripe’s errors', async () => {
		const attempt = (params: Stripe.Checkout.SessionCreateParams) =>
			stripe.checkout.sessions.create(params).catch((caught: unknown) => caught)

		const unknown = await attempt({
			mode: 'subscription',
			line_items: [{ price: 'price_nope', quantity: 1 }],
			success_url: successUrl,
		})
		expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
		expect(unknown).toMatchObject({
			statusCode: 400,
			type: 'StripeInvalidRequestError',
			rawType: 'invalid_request_error',
			code: 'resource_missing',
			message: "No such price: 'price_nope'",
			param: 'line_items[0][price]',
		})

		const recurringInPayment = await attempt({
			mode: 'payment',
			line_items: [{ price: businessMonthly, quantity: 1 }],
			success_url: successUrl,
		})
		expect(recurringInPayment).toMatchObject({
			statusCode: 400,
			message: expect.stringContaining('`payment` mode but passed a recurring price'),
		})

		const oneTimeInSubscription = await attempt({
			mode: 'subscription',
			line_items: [{ price: enterpriseAnnual, quantity: 1 }],
			success_url: successUrl,
		})
		expect(oneTimeInSubscription).toMatchObject({
			statusCode: 400,
			message: expect.stringContaining('recurring price in `subscription` mode'),
		})

		const noSuccessUrl = await attempt({ mode: 'payment', line_items: [{ price: enterpriseAnnual, quantity: 1 }] })
		expect(noSuccessUrl).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'success_url' })

		const unknownCustomer = await attempt({
			mode: 'payment',
			customer: 'cus_nope',
			line_items: [{ price: enterpriseAnnual, quantity: 1 }],
			success_url: successUrl,
		})
		expect(unknownCustomer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' })
	})

	test('a key that is not a test secret key is refused with 401', async () => {
		const error = await sdk(local.port, 'sk_live_not_for_the_stand_in')
			.customers.create({})
			.catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
		expect(error).toMatchObject({
			statusCode: 401,
			message: expect.stringMatching(/^Invalid API Key provided: sk_live_\*+/),
		})
		expect(String((error as Error).message)).not.toContain('not_for_the_stand_in')

		const missing = await fetch(`${local.url}/v1/customers`, { method: 'POST' })
		expect(missing.status).toBe(401)
		expect(await missing.json()).toMatchObject({
			error: { type: 'invalid_request_error', message: expect.stringContaining('API key') },
		})
	})

	test('what the stand-in does not implement answers 501 and says so', async () => {
		const list = await stripe.customers.list().catch((caught: unknown) => caught)
		expect(list).toBeInstanceOf(Stripe.errors.StripeAPIError)
		expect(list).toMatchObject({
			statusCode: 501,
			message: expect.stringContaining('not implemented by the local Stripe stand-in'),
		})

		const param = await stripe.checkout.sessions
			.create({
				mode: 'payment',
				line_items: [{ price: enterpriseAnnual, quantity: 1 }],
				success_url: successUrl,
				allow_promotion_codes: true,
			})
			.catch((caught: unknown) => caught)
		expect(param).toMatchObject({ statusCode: 501, message: expect.stringContaining('allow_promotion_codes') })
	})
})

describe('hosted checkout page', () => {
	test('shows the plan, the amount in euros, the period and the customer', async () => {
		const customer = await newCustomer()
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			success_url: successUrl,
			cancel_url: cancelUrl,
		})
		const response = await fetch(session.url ?? '')
		expect(response.status).toBe(200)
		expectUnframeable(response)
		const page = await response.text()
		expect(page).toContain('KIA Business')
		expect(page).toContain(`199,00${nbsp}€`)
		expect(page).toContain('/mes')
		expect(page).toContain('Mensual')
		expect(page).toContain(customer.email ?? '')
		expect(page).toContain(`action="/checkout/${session.id}/pay"`)
		expect(page).toContain('>Pagar<')
		expect(page).toContain(`href="${cancelUrl}"`)
		expect(page).toContain('Cancelar y volver')
	})

	test('a one-time payment says so', async () => {
		const session = await stripe.checkout.sessions.create({
			mode: 'payment',
			line_items: [{ price: enterpriseAnnual, quantity: 1 }],
			customer_email: 'empresa@kia.test',
			success_url: successUrl,
		})
		const page = await (await fetch(session.url ?? '')).text()
		expect(page).toContain('KIA Enterprise')
		expect(page).toContain(`4999,00${nbsp}€`)
		expect(page).toContain('Pago único')
		expect(page).not.toContain('/año')
	})

	test('an expired session cannot be paid, and an unknown one is not found', async () => {
		const session = await stripe.checkout.sessions.create({
			mode: 'payment',
			line_items: [{ price: enterpriseAnnual, quantity: 1 }],
			customer_email: 'tarde@kia.test',
			success_url: successUrl,
			cancel_url: cancelUrl,
		})
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
			const response = await pay(session)
			expect(response.status).toBe(410)
			expect(await response.text()).toContain('ha caducado')
			expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
				status: 'expired',
				payment_status: 'unpaid',
			})
		} finally {
			vi.useRealTimers()
		}
		expect((await fetch(`${local.url}/checkout/cs_test_nope`)).status).toBe(404)
	})
})

describe('paying', () => {
	test('a subscription: active subscription, paid invoice, completed session, and the events in order', async () => {
		const customer = await newCustomer('user-5')
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			subscription_data: { metadata: { user_id: 'user-5' } },
			success_url: successUrl,
		})
		const response = await pay(session)
		expect(response.status).toBe(303)
		expect(response.headers.get('location')).toBe(successUrl.replace('{CHECKOUT_SESSION_ID}', session.id))

		const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
		expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' })
		const subscription = paid.subscription as Stripe.Subscription
		expect(subscription).toMatchObject({
			object: 'subscription',
			status: 'active',
			customer: customer.id,
			metadata: { user_id: 'user-5' },
			cancel_at_period_end: false,
		})
		const item = subscription.items.data[0]
		expect(item?.price.id).toBe(businessMonthly)
		const start = new Date((item?.current_period_start ?? 0) * 1000)
		const end = new Date((item?.current_period_end ?? 0) * 1000)
		expect((end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth()).toBe(1)

		const invoice = await stripe.invoices.retrieve(String(paid.invoice))
		expect(invoice).toMatchObject({
			status: 'paid',
			billing_reason: 'subscription_create',
			amount_paid: 19900,
			total: 19900,
			currency: 'eur',
			customer: customer.id,
			number: `${customer.invoice_prefix}-0001`,
		})
		expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id)
		expect(subscription.latest_invoice).toBe(invoice.id)

		await vi.waitFor(async () => {
			const events = await verifiedEvents(stripe, receiver, (event) => {
				const object = sessionOf(event)
				return object.id === session.id || object.id === subscription.id || object.id === invoice.id
			})
			expect(events.map((event) => event.type)).toEqual([
				'customer.subscription.created',
				'invoice.created',
				'invoice.finalized',
				'invoice.paid',
				'checkout.session.completed',
			])
			expect(events.every((event) => event.api_version === '2026-10-28.endive' && event.livemode === false)).toBe(true)
			// Each event carries the invoice as it was then: a draft, then numbered and open, then paid.
			expect(events.slice(1, 4).map((event) => (event.data.object as Stripe.Invoice).status)).toEqual([
				'draft',
				'open',
				'paid',
			])
			const completed = events[4]?.data.object as Stripe.Checkout.Session
			expect(completed).toMatchObject({ status: 'complete', subscription: subscription.id })
		})

		// Paying twice does not charge twice.
		const again = await pay(session)
		expect(again.status).toBe(409)
		expect(await again.text()).toContain('ya está completado')
	})

	test('a one-time payment: succeeded PaymentIntent with the metadata, then the completed session', async () => {
		const session = await stripe.checkout.sessions.create({
			mode: 'payment',
			line_items: [{ price: enterpriseAnnual, quantity: 1 }],
			payment_intent_data: { metadata: { user_id: 'user-6' } },
			success_url: successUrl,
		})
		// With neither customer nor e-mail, the page asks for the e-mail.
		expect((await pay(session)).status).toBe(400)
		const response = await pay(session, { email: 'pago@kia.test' })
		expect(response.status).toBe(303)

		const paid = await stripe.checkout.sessions.retrieve(session.id)
		expect(paid).toMatchObject({
			status: 'complete',
			payment_status: 'paid',
			customer_details: { email: 'pago@kia.test' },
		})
		const intent = await stripe.paymentIntents.retrieve(String(paid.payment_intent))
		expect(intent).toMatchObject({
			status: 'succeeded',
			amount: 499900,
			amount_received: 499900,
			currency: 'eur',
			metadata: { user_id: 'user-6' },
		})

		await vi.waitFor(async () => {
			const events = await verifiedEvents(stripe, receiver, (event) =>
				[session.id, intent.id].includes(sessionOf(event).id),
			)
			expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed'])
		})
	})
})

describe('webhooks', () => {
	test('carry a signature the SDK accepts, and one made with another secret fails', async () => {
		const customer = await newCustomer()
		await vi.waitFor(() => {
			expect(receiver.deliveries.some((delivery) => delivery.body.includes(customer.id))).toBe(true)
		})
		const delivery = receiver.deliveries.find((candidate) => candidate.body.includes(customer.id))
		const header = String(delivery?.headers['stripe-signature'])
		expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
		const event = await stripe.webhooks.constructEventAsync(delivery?.body ?? '', header, webhookSecret)
		expect(event).toMatchObject({ object: 'event', type: 'customer.created', data: { object: { id: customer.id } } })
		await expect(stripe.webhooks.constructEventAsync(delivery?.body ?? '', header, 'whsec_otro')).rejects.toThrow()
	})

	test('a receiver that fails gets the event again', async () => {
		const flaky = await startReceiver()
		flaky.respondWith((_body, attempt) => (attempt === 0 ? 500 : 200))
		const other = await startStripe({ port: 0, webhookUrl: flaky.url, log: false })
		try {
			const customer = await sdk(other.port).customers.create({ email: 'reintento@kia.test' })
			await vi.waitFor(() => expect(flaky.deliveries).toHaveLength(2), { timeout: 5000 })
			const [first, second] = flaky.deliveries
			expect(first?.status).toBe(500)
			expect(second?.status).toBe(200)
			expect(JSON.parse(second?.body ?? '{}')).toMatchObject({
				id: JSON.parse(first?.body ?? '{}').id,
				data: { object: { id: customer.id } },
			})
			const stored = await sdk(other.port).events.list({ type: 'customer.created' })
			expect(stored.data[0]?.pending_webhooks).toBe(0)
		} finally {
			await other.stop()
			await flaky.close()
		}
	})

	test('stopping while a receiver holds a delivery without answering cuts it off at once', async () => {
		const requests: ServerResponse[] = []
		const silent = createServer((_request, response) => requests.push(response))
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		const other = await startStripe({
			port: 0,
			webhookUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
			log: false,
		})
		try {
			await sdk(other.port).customers.create({ email: 'sin-respuesta@kia.test' })
			await vi.waitFor(() => expect(requests).toHaveLength(1))
			const started = Date.now()
			await other.stop()
			expect(Date.now() - started).toBeLessThan(1000)
		} finally {
			silent.closeAllConnections()
			silent.close()
		}
	})

	test('without a webhook URL, events are kept but not sent', async () => {
		const quiet = await startStripe({ port: 0, log: false })
		try {
			const client = sdk(quiet.port)
			const customer = await client.customers.create({ email: 'silencio@kia.test' })
			const events = await client.events.list({ type: 'customer.created', limit: 1 })
			expect(events.data[0]).toMatchObject({
				type: 'customer.created',
				pending_webhooks: 0,
				data: { object: { id: customer.id } },
			})
			const event = await client.events.retrieve(events.data[0]?.id ?? '')
			expect(event.id).toBe(events.data[0]?.id)
		} finally {
			await quiet.stop()
		}
	})
})

/** A customer with an active subscription to `price`, bought through the hosted checkout. */
async function activeSubscription(price = businessMonthly) {
	const customer = await newCustomer()
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

describe('subscriptions', () => {
	test('cancel_at_period_end and metadata update it, with customer.subscription.updated', async () => {
		const { subscriptionId } = await activeSubscription()
		const updated = await stripe.subscriptions.update(subscriptionId, {
			cancel_at_period_end: true,
			metadata: { motivo: 'prueba' },
		})
		expect(updated).toMatchObject({ status: 'active', cancel_at_period_end: true, metadata: { motivo: 'prueba' } })
		expect(updated.cancel_at).toBe(updated.items.data[0]?.current_period_end)
		await vi.waitFor(async () => {
			const [event] = await verifiedEvents(
				stripe,
				receiver,
				(candidate) => candidate.type === 'customer.subscription.updated' && sessionOf(candidate).id === subscriptionId,
			)
			expect(event?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false })
		})
	})

	test('DELETE cancels at once', async () => {
		const { subscriptionId } = await activeSubscription()
		const canceled = await stripe.subscriptions.cancel(subscriptionId)
		expect(canceled.status).toBe('canceled')
		expect(canceled.canceled_at).toBeTypeOf('number')
		expect(canceled.ended_at).toBeTypeOf('number')
		expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled' })
		const again = await stripe.subscriptions.cancel(subscriptionId).catch((caught: unknown) => caught)
		expect(again).toMatchObject({ statusCode: 400 })
		const reopened = await stripe.subscriptions
			.update(subscriptionId, { cancel_at_period_end: false })
			.catch((caught: unknown) => caught)
		expect(reopened).toMatchObject({ statusCode: 400, message: expect.stringContaining('canceled subscription') })
	})

	// Reads the events the tests above produced: several completed checkouts and every subscription event type.
	test('events are listed newest first, filtered by type and limited', async () => {
		const customer = await newCustomer()
		const [newest] = (await stripe.events.list({ limit: 1 })).data
		expect(newest).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id } } })
		const completed = await stripe.events.list({ type: 'checkout.session.completed', limit: 2 })
		expect(completed.data).toHaveLength(2)
		expect(completed.data.every((event) => event.type === 'checkout.session.completed')).toBe(true)
		expect(completed.has_more).toBe(true)
		const subscriptionEvents = await stripe.events.list({ type: 'customer.subscription.*', limit: 100 })
		expect(new Set(subscriptionEvents.data.map((event) => event.type))).toEqual(
			new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']),
		)
	})
})

describe('changing a subscription’s price', () => {
	const businessAnnual = localPriceId('business', 'annual')
	const enterpriseMonthly = localPriceId('enterprise', 'monthly')

	async function itemOf(subscriptionId: string) {
		const subscription = await stripe.subscriptions.retrieve(subscriptionId)
		const item = subscription.items.data[0]
		if (!item) throw new Error('no item')
		return { subscription, item }
	}

	const eventsOf = (subscriptionId: string, type: string) =>
		verifiedEvents(
			stripe,
			receiver,
			(event) =>
				event.type === type &&
				((event.data.object as { id: string }).id === subscriptionId ||
					(event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === subscriptionId),
		)

	test('within the interval: same billing date, prorations left for the next invoice', async () => {
		const { subscriptionId } = await activeSubscription()
		const before = await itemOf(subscriptionId)
		const updated = await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: before.item.id, price: enterpriseMonthly }],
			proration_behavior: 'create_prorations',
		})
		const item = updated.items.data[0]
		expect(item).toMatchObject({
			id: before.item.id,
			price: { id: enterpriseMonthly },
			current_period_start: before.item.current_period_start,
			current_period_end: before.item.current_period_end,
		})
		expect(updated.latest_invoice).toBe(before.subscription.latest_invoice)
		expect((await stripe.invoices.list({ subscription: subscriptionId })).data).toHaveLength(1)

		await vi.waitFor(async () => {
			const [changed] = await eventsOf(subscriptionId, 'customer.subscription.updated')
			const previous = changed?.data.previous_attributes as { items?: Stripe.ApiList<Stripe.SubscriptionItem> }
			expect(previous?.items?.data[0]?.price.id).toBe(businessMonthly)
			const prorations = await verifiedEvents(
				stripe,
				receiver,
				(event) =>
					event.type === 'invoiceitem.created' &&
					(event.data.object as Stripe.InvoiceItem).parent?.subscription_details?.subscription === subscriptionId,
			)
			const amounts = prorations.map((event) => (event.data.object as Stripe.InvoiceItem).amount)
			// Bought seconds ago: almost the whole month unused at 199 €, almost the whole month to come at 499 €.
			expect(amounts).toHaveLength(2)
			expect(amounts[0]).toBeLessThan(-19_800)
			expect(amounts[0]).toBeGreaterThanOrEqual(-19_900)
			expect(amounts[1]).toBeGreaterThan(49_800)
			expect(amounts[1]).toBeLessThanOrEqual(49_900)
		})
	})

	test('to another interval: billed at once with the pending prorations, the billing date reset', async () => {
		const { subscriptionId } = await activeSubscription()
		const first = await itemOf(subscriptionId)
		await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: first.item.id, price: enterpriseMonthly }],
			proration_behavior: 'create_prorations',
		})
		const updated = await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: first.item.id, price: businessAnnual }],
			proration_behavior: 'create_prorations',
			expand: ['latest_invoice'],
		})
		const item = updated.items.data[0]
		expect(item?.price.id).toBe(businessAnnual)
		expect(updated.billing_cycle_anchor).toBe(item?.current_period_start)
		const start = new Date((item?.current_period_start ?? 0) * 1000)
		const end = new Date((item?.current_period_end ?? 0) * 1000)
		expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1)

		const invoice = updated.latest_invoice as Stripe.Invoice
		expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', currency: 'eur' })
		const lines = invoice.lines.data
		// The two prorations of the first change, the unused Enterprise month, then a year of Business.
		expect(lines.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([true, true, true, false])
		expect(lines.at(-1)).toMatchObject({ amount: 199_900, description: expect.stringContaining('KIA Business') })
		expect(invoice.total).toBe(lines.reduce((sum, line) => sum + line.amount, 0))
		expect(invoice.amount_paid).toBe(invoice.amount_due)
		expect(invoice.hosted_invoice_url).toMatch(new RegExp(`^${local.url}/i/test_`))
		expect(invoice.invoice_pdf).toMatch(new RegExp(`^${local.url}/invoice/test_.+/pdf$`))

		const listed = await stripe.invoices.list({ subscription: subscriptionId })
		expect(listed.data.map((candidate) => candidate.id)).toEqual([invoice.id, first.subscription.latest_invoice])
		await vi.waitFor(async () => {
			const types = (await eventsOf(subscriptionId, 'invoice.paid')).map((event) => event.data.object)
			expect(types.map((object) => (object as Stripe.Invoice).id)).toContain(invoice.id)
		})
	})

	test('proration_behavior none changes the price without a proration; always_invoice bills them now', async () => {
		const { subscriptionId } = await activeSubscription()
		const { item, subscription } = await itemOf(subscriptionId)
		const quiet = await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: item.id, price: enterpriseMonthly }],
			proration_behavior: 'none',
		})
		expect(quiet.latest_invoice).toBe(subscription.latest_invoice)
		const billed = await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: item.id, price: businessMonthly }],
			proration_behavior: 'always_invoice',
			expand: ['latest_invoice'],
		})
		const invoice = billed.latest_invoice as Stripe.Invoice
		expect(invoice.lines.data).toHaveLength(2)
		expect(invoice.lines.data.every((line) => line.parent?.subscription_item_details?.proration)).toBe(true)
		// A downgrade: the credit is larger than the charge, so nothing is due and the rest is the customer's.
		expect(invoice.total).toBeLessThan(0)
		expect(invoice).toMatchObject({ amount_due: 0, status: 'paid', ending_balance: invoice.total })
		expect(billed.items.data[0]?.current_period_end).toBe(item.current_period_end)
	})

	test('Stripe’s refusals: a canceled subscription, a one-time price, an unknown item or price', async () => {
		const { subscriptionId } = await activeSubscription()
		const { item } = await itemOf(subscriptionId)
		const oneTime = await stripe.subscriptions
			.update(subscriptionId, { items: [{ id: item.id, price: enterpriseAnnual }] })
			.catch((caught: unknown) => caught)
		expect(oneTime).toMatchObject({
			statusCode: 400,
			type: 'StripeInvalidRequestError',
			param: 'items[0][price]',
			message: expect.stringContaining('type=recurring'),
		})
		const unknownItem = await stripe.subscriptions
			.update(subscriptionId, { items: [{ id: 'si_nope', price: businessAnnual }] })
			.catch((caught: unknown) => caught)
		expect(unknownItem).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][id]' })
		const unknownPrice = await stripe.subscriptions
			.update(subscriptionId, { items: [{ id: item.id, price: 'price_nope' }] })
			.catch((caught: unknown) => caught)
		expect(unknownPrice).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price]' })

		await stripe.subscriptions.cancel(subscriptionId)
		const canceled = await stripe.subscriptions
			.update(subscriptionId, {
				items: [{ id: item.id, price: businessAnnual }],
				proration_behavior: 'create_prorations',
			})
			.catch((caught: unknown) => caught)
		expect(canceled).toMatchObject({
			statusCode: 400,
			type: 'StripeInvalidRequestError',
			message: 'A canceled subscription can only update its cancellation_details and metadata.',
		})
		expect(await stripe.subscriptions.update(subscriptionId, { metadata: { nota: 'sigue' } })).toMatchObject({
			status: 'canceled',
			metadata: { nota: 'sigue' },
		})
		expect((await itemOf(subscriptionId)).item.price.id).toBe(businessMonthly)
	})
})

describe('invoices', () => {
	test('are listed newest first by customer, subscription and status, a page at a time', async () => {
		const { customer, subscriptionId } = await activeSubscription()
		const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]
		await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: item?.id ?? '', price: localPriceId('business', 'annual') }],
			proration_behavior: 'create_prorations',
		})
		const all = await stripe.invoices.list({ customer: customer.id })
		expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/invoices' })
		expect(all.data.map((invoice) => invoice.billing_reason)).toEqual(['subscription_update', 'subscription_create'])
		expect(all.data.map((invoice) => invoice.number)).toEqual([
			`${customer.invoice_prefix}-0002`,
			`${customer.invoice_prefix}-0001`,
		])
		const first = await stripe.invoices.list({ customer: customer.id, limit: 1 })
		expect(first.has_more).toBe(true)
		const second = await stripe.invoices.list({ customer: customer.id, limit: 1, starting_after: first.data[0]?.id })
		expect(second.data.map((invoice) => invoice.id)).toEqual([all.data[1]?.id])
		expect((await stripe.invoices.list({ customer: customer.id, status: 'open' })).data).toEqual([])

		const unknown = await stripe.invoices.list({ customer: 'cus_nope' }).catch((caught: unknown) => caught)
		expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' })
	})

	test('have a hosted page and a PDF behind a secret address; neither can be framed', async () => {
		const { subscriptionId } = await activeSubscription()
		const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })
		const invoice = subscription.latest_invoice as Stripe.Invoice
		expect(invoice.hosted_invoice_url).not.toContain(invoice.id)

		const hosted = await fetch(invoice.hosted_invoice_url ?? '')
		expect(hosted.status).toBe(200)
		expectUnframeable(hosted)
		const page = await hosted.text()
		expect(page).toContain(`Factura ${invoice.number}`)
		expect(page).toContain('Pagada')
		expect(page).toContain(`199,00${nbsp}€`)
		expect(page).toContain(`href="${invoice.invoice_pdf}"`)

		const pdf = await fetch(invoice.invoice_pdf ?? '')
		expect(pdf.status).toBe(200)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		const bytes = Buffer.from(await pdf.arrayBuffer())
		expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
		expect(bytes.toString('latin1')).toContain(`Factura ${invoice.number}`)
		expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)

		expect((await fetch(`${local.url}/i/${invoice.id}`)).status).toBe(404)
	})
})

describe('a card that declines', () => {
	test('leaves the next invoice open and the subscription past due, until it is paid on its page', async () => {
		const { customer, subscriptionId } = await activeSubscription()
		const portal = await stripe.billingPortal.sessions.create({ customer: customer.id })
		const saved = await fetch(`${portal.url}/payment-method`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'payment_method=pm_card_chargeCustomerFail',
		})
		expect(saved.headers.get('location')).toBe(`/billing/${portal.id}?aviso=tarjeta`)
		expect(await (await fetch(portal.url)).text()).toContain('Visa •••• 0341')
		const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]

		const updated = await stripe.subscriptions.update(subscriptionId, {
			items: [{ id: item?.id ?? '', price: localPriceId('business', 'annual') }],
			expand: ['latest_invoice'],
		})
		expect(updated.status).toBe('past_due')
		const invoice = updated.latest_invoice as Stripe.Invoice
		expect(invoice).toMatchObject({ status: 'open', attempted: true, attempt_count: 1, amount_paid: 0 })
		await vi.waitFor(async () => {
			const failed = await verifiedEvents(
				stripe,
				receiver,
				(event) => event.type === 'invoice.payment_failed' && sessionOf(event).id === invoice.id,
			)
			expect(failed).toHaveLength(1)
		})

		const page = await (await fetch(invoice.hosted_invoice_url ?? '')).text()
		expect(page).toContain('Pendiente de pago')
		const secret = new URL(invoice.hosted_invoice_url ?? '').pathname
		const paid = await fetch(`${local.url}${secret}/pay`, { method: 'POST', redirect: 'manual' })
		expect(paid.status).toBe(303)
		expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_remaining: 0 })
		expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active' })
	})
})

describe('request log', () => {
	test('lists the API requests it received, newest first, with their parameters', async () => {
		const customer = await newCustomer()
		await stripe.invoices.list({ customer: customer.id, limit: 3 })
		const log = (await (await fetch(`${local.url}/local/requests`)).json()) as {
			data: { method: string; path: string; params: Record<string, unknown> }[]
		}
		expect(log.data[0]).toMatchObject({
			method: 'GET',
			path: '/v1/invoices',
			params: { customer: customer.id, limit: '3' },
		})
		expect(log.data[1]).toMatchObject({ method: 'POST', path: '/v1/customers' })
	})
})

describe('billing portal', () => {
	test('lists the subscription and cancels it from the page, which refuses to be framed', async () => {
		const customer = await newCustomer()
		const checkout = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			success_url: successUrl,
		})
		await pay(checkout)
		const subscriptionId = String((await stripe.checkout.sessions.retrieve(checkout.id)).subscription)

		const returnUrl = 'http://portal.kia.localhost:5173/facturacion'
		const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: returnUrl })
		expect(portal.id).toMatch(/^bps_/)
		expect(portal).toMatchObject({
			object: 'billing_portal.session',
			customer: customer.id,
			return_url: returnUrl,
			url: `${local.url}/billing/${portal.id}`,
		})

		const response = await fetch(portal.url)
		expect(response.status).toBe(200)
		expectUnframeable(response)
		const page = await response.text()
		expect(page).toContain('KIA Business')
		expect(page).toContain(`199,00${nbsp}€/mes`)
		expect(page).toContain('activa')
		expect(page).toContain('Próxima renovación')
		expect(page).toContain(`href="${returnUrl}"`)
		expect(page).toContain('Volver a KIA')
		const action = `/billing/${portal.id}/subscriptions/${subscriptionId}/cancel`
		expect(page).toContain(`action="${action}"`)
		expect(page).toContain('Cancelar suscripción')

		const cancel = await fetch(`${local.url}${action}`, { method: 'POST', redirect: 'manual' })
		expect(cancel.status).toBe(303)
		expect(cancel.headers.get('location')).toBe(`/billing/${portal.id}?aviso=cancelada`)
		const subscription = await stripe.subscriptions.retrieve(subscriptionId)
		expect(subscription).toMatchObject({ status: 'canceled' })
		expect(subscription.ended_at).toBeTypeOf('number')

		const after = await (await fetch(`${local.url}${cancel.headers.get('location')}`)).text()
		expect(after).toContain('cancelada')
		expect(after).not.toContain('Cancelar suscripción')

		await vi.waitFor(async () => {
			const events = await verifiedEvents(
				stripe,
				receiver,
				(event) => event.type === 'customer.subscription.deleted' && sessionOf(event).id === subscriptionId,
			)
			expect(events).toHaveLength(1)
			expect((events[0]?.data.object as Stripe.Subscription).status).toBe('canceled')
		})
	})

	test('needs an existing customer', async () => {
		const error = await stripe.billingPortal.sessions
			.create({ customer: 'cus_nope' })
			.catch((caught: unknown) => caught)
		expect(error).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' })
	})
})

describe('data file', () => {
	test('keeps what was created across a restart', async () => {
		const folder = await mkdtemp(join(tmpdir(), 'kia-stripe-'))
		const dataFile = join(folder, 'stripe.json')
		try {
			const first = await startStripe({ port: 0, dataFile, log: false })
			const customer = await sdk(first.port).customers.create({ email: 'persiste@kia.test' })
			await first.stop()
			const second = await startStripe({ port: 0, dataFile, log: false })
			try {
				expect(await sdk(second.port).customers.retrieve(customer.id)).toMatchObject({ email: 'persiste@kia.test' })
			} finally {
				await second.stop()
			}
		} finally {
			await rm(folder, { recursive: true, force: true })
		}
	})
})
