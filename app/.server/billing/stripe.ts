import Stripe from 'stripe'
import { env } from '../env'

let client: Stripe | undefined

/**
 * The one Stripe client. `STRIPE_API_URL` points it at a Stripe-compatible
 * server (the local stand-in); unset, it talks to api.stripe.com.
 *
 * Someone is usually waiting on a Stripe call ('Pagar y Activar', the billing
 * portal), and Stripe's own default timeout is 80 s: a Stripe that does not
 * answer must become the spec's error message in seconds. Our calls take well
 * under a second; one retry (with an idempotency key, added by the SDK)
 * covers a dropped connection. Webhooks lose nothing by it: Stripe re-delivers.
 */
export function getStripe() {
	client ??= new Stripe(env.STRIPE_SECRET_KEY, {
		maxNetworkRetries: 1,
		timeout: 5_000,
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
