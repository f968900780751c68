import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { startStripe, type LocalStripe } from '../../../local/stripe/server'
import {
	newCustomer,
	sdk,
	startReceiver,
	startStripeWorld,
	webhookSecret,
	type Receiver,
} from '../../support/stripe-stand-in'

// The Stripe stand-in through the real SDK: Signed webhook deliveries and their retries, the request log and the data file.
let local: LocalStripe
let receiver: Receiver
let stripe: Stripe
let stop: () => Promise<void>

beforeAll(async () => {
	;({ local, receiver, stripe, stop } = await startStripeWorld())
})
afterAll(() => stop())

describe('webhooks', () => {
	test('carry a signature the SDK accepts, and one made with another secret fails', async () => {
		const customer = await newCustomer(stripe)
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

describe('request log', () => {
	test('lists the API requests it received, newest first, with their parameters', async () => {
		const customer = await newCustomer(stripe)
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
