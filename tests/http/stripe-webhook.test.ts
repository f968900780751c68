import { afterAll, beforeAll, expect, test } from 'vitest'
import { postWebhook, signedWebhook } from '../support/stripe'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueName } from '../support/unique'

// The webhook trusts only what Stripe signed: the billing it drives is tests/e2e/billing.spec.ts's.
let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

test('a missing or bad signature is refused with 400; an event we do not use gets 200', async () => {
	// An id of its own: an id seen before is a duplicate, whatever its type.
	const payload = JSON.stringify({
		id: `evt_${uniqueName('ignorado')}`,
		object: 'event',
		type: 'customer.created',
		data: { object: {} },
	})
	const json = { 'Content-Type': 'application/json' }
	expect((await postWebhook(payload, json)).status).toBe(400)
	expect((await postWebhook(payload, { ...json, 'Stripe-Signature': 't=1,v1=deadbeef' })).status).toBe(400)
	expect((await postWebhook(`${payload} `, signedWebhook(payload))).status).toBe(400)
	const ignored = await postWebhook(payload, signedWebhook(payload))
	expect(ignored.status).toBe(200)
	expect(JSON.parse(ignored.body)).toMatchObject({ received: true, outcome: 'ignored' })
})
