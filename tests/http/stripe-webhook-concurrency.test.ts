import { afterAll, beforeAll, expect, test } from 'vitest'
import { stripeRequestsAbout, subscribe } from '../support/billing'
import { createAccount } from '../support/data'
import { sessionCookie } from '../support/hostile-input'
import { postWebhook, signedWebhook } from '../support/stripe'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueName } from '../support/unique'

// Stripe may deliver one event more than once, and again while a slow first delivery is still being handled
// (issue 66): the event is claimed before it is handled, so however many deliveries arrive at once, one handles
// it; the others are told it is done, or, while it is not done yet, to come back (Stripe delivers again).
let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app?.stop())

const subscriptionReads = async (subscriptionId: string) =>
	(await stripeRequestsAbout([subscriptionId])).filter(
		(request) => request.method === 'GET' && request.path === `/v1/subscriptions/${subscriptionId}`,
	).length

test('ten simultaneous deliveries of one event: exactly one handles it', async () => {
	const account = await createAccount('webhook-diez')
	const { subscriptionId } = await subscribe({ cookie: await sessionCookie(account.email), userId: account.id })
	const readsBefore = await subscriptionReads(subscriptionId)
	const payload = JSON.stringify({
		id: `evt_${uniqueName('diez')}`,
		object: 'event',
		type: 'customer.subscription.updated',
		data: { object: { id: subscriptionId, object: 'subscription' } },
	})
	const deliveries = await Promise.all(Array.from({ length: 10 }, () => postWebhook(payload, signedWebhook(payload))))
	const outcomes = deliveries.map(({ status, body }) => [status, JSON.parse(body).outcome])
	expect(outcomes.filter(([, outcome]) => outcome === 'handled')).toEqual([[200, 'handled']])
	for (const [status, outcome] of outcomes.filter(([, outcome]) => outcome !== 'handled')) {
		expect([
			[200, 'duplicate'],
			[409, 'in-progress'],
		]).toContainEqual([status, outcome])
	}
	expect((await subscriptionReads(subscriptionId)) - readsBefore).toBe(1)

	// Stripe's next delivery of it, once the first is done, is a duplicate.
	const again = await postWebhook(payload, signedWebhook(payload))
	expect([again.status, JSON.parse(again.body).outcome]).toEqual([200, 'duplicate'])
})
