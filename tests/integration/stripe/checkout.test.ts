import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LocalStripe } from '../../../local/stripe/server'
import {
	businessMonthly,
	cancelUrl,
	enterpriseAnnual,
	expectUnframeable,
	nbsp,
	newCustomer,
	pay,
	sdk,
	secretKey,
	sessionOf,
	starterAnnual,
	startStripeWorld,
	successUrl,
	verifiedEvents,
	type Receiver,
} from '../../support/stripe-stand-in'

// The Stripe stand-in through the real SDK: Customers and Checkout Sessions, the hosted checkout page and paying on it.
let local: LocalStripe
let receiver: Receiver
let stripe: Stripe
let stop: () => Promise<void>

beforeAll(async () => {
	;({ local, receiver, stripe, stop } = await startStripeWorld())
})
afterAll(() => stop())

describe('customers', () => {
	test('are created and retrieved with Stripe’s shape', async () => {
		const created = await newCustomer(stripe, 'user-1')
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
			raw: { message: "No such customer: 'cus_nope'" },
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
		const customer = await newCustomer(stripe)
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
			raw: { message: "No such price: 'price_nope'" },
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
			raw: { message: expect.stringMatching(/^Invalid API Key provided: sk_live_\*+/) },
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
		const customer = await newCustomer(stripe)
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
		const customer = await newCustomer(stripe, 'user-5')
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
			expect(events.every((event) => event.api_version === '2026-11-18.endive' && event.livemode === false)).toBe(true)
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
