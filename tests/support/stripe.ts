import Stripe from 'stripe'
import { localStripe } from '../../app/.server/billing/local-stripe'
import { rawRequest, siteURL, stripeURL } from './urls'

/**
 * The app's Stripe configuration against the local stand-in at `url`: every
 * price configured except Starter monthly, which stays unset so the suite
 * sees a plan that cannot be bought yet.
 */
export function e2eStripe(url: string) {
	const { STRIPE_PRICE_STARTER_MONTHLY: _unset, ...configured } = localStripe
	return { ...configured, STRIPE_API_URL: url }
}

/** The real SDK against the local stand-in the suite started. */
export function stripeClient() {
	const url = new URL(stripeURL())
	return new Stripe(localStripe.STRIPE_SECRET_KEY ?? '', { host: url.hostname, port: url.port, protocol: 'http' })
}

/**
 * A webhook delivery as Stripe signs it (`Stripe-Signature`, HMAC-SHA256 with the endpoint's secret); another
 * secret or an old timestamp for the deliveries the app must refuse.
 */
export function signedWebhook(payload: string, { secret, timestamp }: { secret?: string; timestamp?: number } = {}) {
	const signature = Stripe.webhooks.generateTestHeaderString({
		payload,
		secret: secret ?? localStripe.STRIPE_WEBHOOK_SECRET ?? '',
		timestamp,
	})
	return { 'Content-Type': 'application/json', 'Stripe-Signature': signature }
}

export const postWebhook = (payload: string, headers: Record<string, string>) =>
	rawRequest(siteURL('/api/stripe/webhook'), { method: 'POST', body: payload, headers })
