import Stripe from 'stripe'
import { callSignal } from '../budget'
import { env } from '../env'

let client: Stripe | undefined

/** How long one attempt of a Stripe call may take, connecting included; our calls take well under a second. */
const attemptTimeoutMs = 5_000

/**
 * The SDK's own timeout, on its Node `http` client, counts from the moment the connection is made: a Stripe
 * that drops packets instead of refusing held a checkout for minutes (two attempts of the system's two minutes
 * of SYN retries). Through `fetch`, the SDK aborts the whole attempt, connecting included; each attempt also
 * ends with the request's budget.
 */
const fetchWithinBudget: typeof fetch = (input, init) =>
	fetch(input, { ...init, signal: callSignal(attemptTimeoutMs, [init?.signal]) })

/**
 * The one Stripe client. `STRIPE_API_URL` points it at a Stripe-compatible
 * server (the local stand-in); unset, it talks to api.stripe.com.
 *
 * Someone is usually waiting on a Stripe call ('Pagar y Activar', the billing
 * portal), and Stripe's own default timeout is 80 s: a Stripe that does not
 * answer must become the spec's error message in seconds. One retry (with an
 * idempotency key, added by the SDK) covers a dropped connection. Webhooks
 * lose nothing by it: Stripe re-delivers.
 */
export function getStripe() {
	client ??= new Stripe(env.STRIPE_SECRET_KEY, {
		httpClient: Stripe.createFetchHttpClient(fetchWithinBudget),
		maxNetworkRetries: 1,
		timeout: attemptTimeoutMs,
		...(env.STRIPE_API_URL ? apiLocation(new URL(env.STRIPE_API_URL)) : {}),
	})
	return client
}

function apiLocation(url: URL) {
	const protocol = url.protocol === 'http:' ? 'http' : 'https'
	return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const
}

/** Which kind of key the app holds: Stripe keeps test and live objects apart, and so does its Dashboard. */
export function stripeMode(): 'test' | 'live' {
	return /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY) ? 'test' : 'live'
}

/**
 * Where an object opens in Stripe's Dashboard (`/test/…` for test mode), from its path there
 * (`prices/price_…`, `subscriptions/sub_…`). With `STRIPE_API_URL` set, the app talks to the local
 * stand-in, which answers the same paths itself: a link to the real Dashboard would open nothing there.
 */
export function stripeDashboardUrl(path: string) {
	const base = env.STRIPE_API_URL ?? 'https://dashboard.stripe.com'
	return `${base}${stripeMode() === 'test' ? '/test' : ''}/${path}`
}

/** Errors a later attempt will not fix (bad request, missing object, bad key): no point in Stripe retrying a webhook. */
export function isPermanentStripeError(error: unknown) {
	return (
		error instanceof Stripe.errors.StripeError &&
		error.statusCode !== undefined &&
		error.statusCode < 500 &&
		error.statusCode !== 429
	)
}

export type { Stripe }
