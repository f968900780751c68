import Stripe from 'stripe'
import { localStripe } from '../../app/.server/local-stripe'
import { stripeURL } from './urls'

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
