import { checkoutRoutes } from './api/checkout'
import { customerRoutes } from './api/customers'
import { eventRoutes } from './api/events'
import { invoiceRoutes } from './api/invoices'
import { portalRoutes } from './api/portal'
import { productRoutes } from './api/products'
import type { ApiRequest, Route } from './api/request'
import { subscriptionRoutes } from './api/subscriptions'
import { taxIdRoutes } from './api/tax-ids'
import { taxRateRoutes } from './api/tax-rates'
import type { Core } from './billing'
import { onlySupported } from './form'
import { notImplemented, StripeApiError, type Reply } from './http'

/** Everything `/v1` answers, one resource per file in api/; any other method and path is outside the subset. */
const routes: Route[] = [
	...customerRoutes,
	...taxIdRoutes,
	...checkoutRoutes,
	...portalRoutes,
	...subscriptionRoutes,
	...invoiceRoutes,
	...productRoutes,
	...taxRateRoutes,
	...eventRoutes,
]

type Saved = { endpoint: string; body: string; reply: Reply; requestId: string; at: number }

const idempotencyLifetimeMs = 24 * 60 * 60 * 1000

/**
 * The `/v1` API. Handlers run synchronously on in-memory data, so two
 * requests never interleave: a second request with an idempotency key
 * always finds the first one's saved answer.
 */
export function createApi(core: Core) {
	const idempotent = new Map<string, Saved>()

	function route(request: ApiRequest): Reply {
		for (const candidate of routes) {
			const match = candidate.pattern.exec(request.path)
			if (!match || candidate.method !== request.method) continue
			onlySupported(request.params, candidate.spec, `${request.method} ${request.path}`)
			const [, id = '', childId = ''] = match
			return candidate.handle(core, request, decodeURIComponent(id), decodeURIComponent(childId))
		}
		throw notImplemented(`${request.method} ${request.path}`)
	}

	function run(request: ApiRequest): Reply {
		try {
			return route(request)
		} catch (error) {
			if (error instanceof StripeApiError) return error.reply()
			throw error
		}
	}

	return function handle(request: ApiRequest): Reply {
		const key = request.idempotencyKey
		if (request.method !== 'POST' || !key) return run(request)
		const endpoint = `${request.method} ${request.path}`
		const saved = idempotent.get(key)
		if (saved && Date.now() - saved.at < idempotencyLifetimeMs) {
			if (saved.endpoint !== endpoint || saved.body !== request.body) {
				return new StripeApiError(400, {
					type: 'idempotency_error',
					message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
				}).reply()
			}
			return {
				...saved.reply,
				headers: { ...saved.reply.headers, 'Idempotent-Replayed': 'true', 'Original-Request': saved.requestId },
			}
		}
		const reply = run(request)
		// Like Stripe, only a request that got as far as doing something is remembered; a rejected one may be retried as is.
		if (reply.status < 400) {
			const now = Date.now()
			for (const [oldKey, old] of idempotent) if (now - old.at >= idempotencyLifetimeMs) idempotent.delete(oldKey)
			idempotent.set(key, { endpoint, body: request.body, reply, requestId: request.requestId, at: now })
		}
		return reply
	}
}
