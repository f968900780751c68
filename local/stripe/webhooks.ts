import { createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { EventSink } from './events'
import { nowSeconds, type StripeEvent } from './store'

/** Waits before each retry after a failed delivery; when they run out, the event is given up on. */
export const retryDelaysMs = [500, 1000, 2000, 4000, 8000]

const attemptTimeoutMs = 10_000

/** Stripe's scheme, which `stripe.webhooks.constructEvent` checks: HMAC-SHA256 of `${t}.${payload}` keyed with the whole `whsec_…` secret. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()) {
	const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
	return `t=${timestamp},v1=${signature}`
}

export type WebhookSender = EventSink & {
	setUrl: (url: string | undefined) => void
	stop: () => Promise<void>
}

export type WebhookOptions = {
	url?: string
	secret: string
	log: boolean
	onDelivered: (event: StripeEvent) => void
}

/**
 * Posts events to one endpoint, never making the request that caused them
 * wait. First attempts go out one at a time in the order the events
 * happened, so a receiver sees `customer.subscription.created` before
 * `checkout.session.completed`; retries run on their own timers so one
 * failing event does not hold back the rest.
 */
export function createWebhookSender(options: WebhookOptions): WebhookSender {
	let url = options.url
	let stopped = false
	let queue: Promise<void> = Promise.resolve()
	const timers = new Set<NodeJS.Timeout>()
	const deliveries = new Set<Delivery>()
	const running = new Set<Promise<void>>()

	function track(work: Promise<void>) {
		running.add(work)
		void work.finally(() => running.delete(work))
		return work
	}

	async function attempt(event: StripeEvent, attemptIndex: number): Promise<void> {
		const target = url
		if (stopped || !target) return
		// A new timestamp and signature per attempt, as Stripe does, so retries stay inside the receiver's tolerance.
		const payload = JSON.stringify(event, null, 2)
		const delivery = post(target, payload, signatureHeader(payload, options.secret))
		deliveries.add(delivery)
		let failure: string
		try {
			const status = await delivery.done
			if (status >= 200 && status < 300) {
				if (options.log) console.info(`[stripe] webhook ${event.type} ${event.id} → ${status}`)
				options.onDelivered(event)
				return
			}
			failure = `HTTP ${status}`
		} catch (error) {
			if (stopped) return
			failure = error instanceof Error ? error.message : String(error)
		} finally {
			deliveries.delete(delivery)
		}
		const delay = retryDelaysMs[attemptIndex]
		if (delay === undefined) {
			console.warn(
				`[stripe] gave up delivering ${event.type} ${event.id} to ${target} after ${attemptIndex + 1} attempts (${failure})`,
			)
			return
		}
		if (options.log) console.info(`[stripe] webhook ${event.type} ${event.id} → ${failure}; retrying in ${delay} ms`)
		const timer = setTimeout(() => {
			timers.delete(timer)
			track(attempt(event, attemptIndex + 1))
		}, delay)
		timers.add(timer)
	}

	return {
		hasEndpoint: () => url !== undefined && !stopped,
		send(event) {
			queue = track(queue.then(() => attempt(event, 0)))
		},
		setUrl(next) {
			url = next
		},
		async stop() {
			stopped = true
			for (const timer of timers) clearTimeout(timer)
			timers.clear()
			for (const delivery of deliveries) delivery.cancel()
			await Promise.allSettled([...running])
		},
	}
}

type Delivery = { done: Promise<number>; cancel: () => void }

/**
 * One POST of an event; `done` settles with the receiver's status once its whole answer has been read,
 * or rejects. Plain `node:http` rather than `fetch`: fetch's abort stops reaching a request whose `Request`
 * object was garbage-collected (nodejs/node#55428), and under load a delivery to a receiver that never
 * answered outlived both its timeout and `stop()`. A destroyed socket cannot be missed.
 */
function post(target: string, payload: string, signature: string): Delivery {
	const request = (target.startsWith('https:') ? httpsRequest : httpRequest)(target, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Length': Buffer.byteLength(payload),
			'Stripe-Signature': signature,
			'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
			'Cache-Control': 'no-cache',
		},
		agent: false,
	})
	const timer = setTimeout(
		() => request.destroy(new Error(`no answer within ${attemptTimeoutMs} ms`)),
		attemptTimeoutMs,
	)
	const done = new Promise<number>((resolve, reject) => {
		request.once('error', reject)
		request.once('response', (response) => {
			response.once('error', reject)
			response.once('end', () => resolve(response.statusCode ?? 0))
			response.resume()
		})
		request.once('close', () => reject(new Error('connection closed before the answer ended')))
	}).finally(() => clearTimeout(timer))
	request.end(payload)
	return { done, cancel: () => request.destroy(new Error('delivery cancelled')) }
}
