import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { localPriceId } from '../../../app/.server/billing/local-stripe'
import type { LocalStripe } from '../../../local/stripe/server'
import {
	activeSubscription,
	businessMonthly,
	enterpriseAnnual,
	expectUnframeable,
	nbsp,
	newCustomer,
	pay,
	sessionOf,
	startStripeWorld,
	successUrl,
	verifiedEvents,
	type Receiver,
} from '../../support/stripe-stand-in'

// The Stripe stand-in through the real SDK: Subscriptions, price changes prorated as Stripe prorates, invoices, a declining card and the billing portal.
let local: LocalStripe
let receiver: Receiver
let stripe: Stripe
let stop: () => Promise<void>

beforeAll(async () => {
	;({ local, receiver, stripe, stop } = await startStripeWorld())
})
afterAll(() => stop())

describe('subscriptions', () => {
	test('cancel_at_period_end and metadata update it, with customer.subscription.updated', async () => {
		const { subscriptionId } = await activeSubscription(stripe)
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

	test("a customer's subscriptions list newest first: without a status the live ones, with 'all' every one", async () => {
		const { customer, subscriptionId: first } = await activeSubscription(stripe)
		const second = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			success_url: successUrl,
		})
		await pay(second)
		const secondId = String((await stripe.checkout.sessions.retrieve(second.id)).subscription)
		await stripe.subscriptions.cancel(first)
		const live = await stripe.subscriptions.list({ customer: customer.id })
		expect(live).toMatchObject({ object: 'list', url: '/v1/subscriptions', has_more: false })
		expect(live.data.map((subscription) => subscription.id)).toEqual([secondId])
		const every = await stripe.subscriptions.list({ customer: customer.id, status: 'all' })
		expect(every.data.map((subscription) => [subscription.id, subscription.status])).toEqual([
			[secondId, 'active'],
			[first, 'canceled'],
		])
		expect((await stripe.subscriptions.list({ customer: customer.id, status: 'ended' })).data).toHaveLength(1)
		expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 1 })).has_more).toBe(true)
		const unknown = await stripe.subscriptions.list({ customer: 'cus_nadie' }).catch((caught: unknown) => caught)
		expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' })
	})

	test('an open Checkout Session expires on request and can no longer be paid; only an open one', async () => {
		const customer = await newCustomer(stripe)
		const session = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customer.id,
			line_items: [{ price: businessMonthly, quantity: 1 }],
			success_url: successUrl,
		})
		const open = await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })
		expect(open.data.map((listed) => listed.id)).toEqual([session.id])
		expect(await stripe.checkout.sessions.expire(session.id)).toMatchObject({ id: session.id, status: 'expired' })
		expect((await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data).toEqual([])
		const again = await stripe.checkout.sessions.expire(session.id).catch((caught: unknown) => caught)
		expect(again).toMatchObject({ statusCode: 400 })
		const page = await fetch(String(session.url))
		expect(await page.text()).not.toContain('Pagar</button>')
		await vi.waitFor(async () => {
			const events = await verifiedEvents(
				stripe,
				receiver,
				(candidate) => candidate.type === 'checkout.session.expired' && sessionOf(candidate).id === session.id,
			)
			expect(events).toHaveLength(1)
		})
	})

	test('DELETE cancels at once', async () => {
		const { subscriptionId } = await activeSubscription(stripe)
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

	// Reads the events the tests above produced (every subscription event type) and three checkouts of its own.
	test('events are listed newest first, filtered by type and limited', async () => {
		for (let bought = 0; bought < 3; bought++) await activeSubscription(stripe)
		const customer = await newCustomer(stripe)
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
		const { subscriptionId } = await activeSubscription(stripe)
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
		const { subscriptionId } = await activeSubscription(stripe)
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
		const { subscriptionId } = await activeSubscription(stripe)
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
		const { subscriptionId } = await activeSubscription(stripe)
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
			raw: { message: 'A canceled subscription can only update its cancellation_details and metadata.' },
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
		const { customer, subscriptionId } = await activeSubscription(stripe)
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
		const { subscriptionId } = await activeSubscription(stripe)
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
		const { customer, subscriptionId } = await activeSubscription(stripe)
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

describe('billing portal', () => {
	test('lists the subscription and cancels it from the page, which refuses to be framed', async () => {
		const customer = await newCustomer(stripe)
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
