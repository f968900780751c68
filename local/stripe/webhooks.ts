import { createHmac } from 'node:crypto'
import { abortAfter } from '../../app/lib/abort'
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
	const controllers = new Set<AbortController>()
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
		const controller = new AbortController()
		controllers.add(controller)
		let failure: string
		try {
			const response = await fetch(target, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json; charset=utf-8',
					'Stripe-Signature': signatureHeader(payload, options.secret),
					'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
					'Cache-Control': 'no-cache',
				},
				body: payload,
				redirect: 'manual',
				signal: abortAfter(attemptTimeoutMs, [controller.signal]),
			})
			await response.arrayBuffer().catch(() => undefined)
			if (response.ok) {
				if (options.log) console.info(`[stripe] webhook ${event.type} ${event.id} → ${response.status}`)
				options.onDelivered(event)
				return
			}
			failure = `HTTP ${response.status}`
		} catch (error) {
			if (stopped) return
			const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
			failure = `${error instanceof Error ? error.message : String(error)}${cause}`
		} finally {
			controllers.delete(controller)
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
			for (const controller of controllers) controller.abort()
			await Promise.allSettled([...running])
		},
	}
}
