import type { RouterContextProvider } from 'react-router'
import { clientAddressContext } from './request'
import { createServiceClient } from './supabase'
import { toastHeaders } from './toast'

export const rateLimits = {
	contact: { limit: 10, windowSeconds: 600 },
	newsletter: { limit: 20, windowSeconds: 600 },
	booking: { limit: 40, windowSeconds: 600 },
} as const

/**
 * Hosted Supabase Auth sees every request coming from this server's address,
 * so its own per-address limits are shared by all visitors: these are the
 * limits per visitor, and per e-mail so that spreading a guessing run over
 * many addresses does not help. Sign-up and recovery send e-mails (signing up
 * again with an unconfirmed address is how a confirmation is resent), so they
 * get less. Counted per attempt that reaches Supabase Auth.
 */
export const authRateLimits = {
	signin: { perAddress: 10, perEmail: 5, windowSeconds: 600 },
	signup: { perAddress: 5, perEmail: 3, windowSeconds: 600 },
	recover: { perAddress: 5, perEmail: 3, windowSeconds: 600 },
} as const

export const rateLimitedMessage = 'Has enviado demasiadas solicitudes. Espera unos minutos e inténtalo de nuevo.'

/**
 * Counts this request against the visitor's address in Postgres, so the
 * limit holds across instances; true once the limit is passed. A broken
 * limiter lets requests through (logged): it must not lock out customers.
 */
export async function isRateLimited(context: Readonly<RouterContextProvider>, bucket: keyof typeof rateLimits) {
	const { limit, windowSeconds } = rateLimits[bucket]
	return !(await hit(`${bucket}:${context.get(clientAddressContext)}`, limit, windowSeconds))
}

/**
 * Limits on what a request names rather than who sends it: the newsletter's confirmation e-mails one
 * address receives, whoever asks for them, so the form cannot be used to flood someone's inbox.
 */
export const keyRateLimits = {
	newsletterConfirmation: { limit: 3, windowSeconds: 3600 },
} as const

/** Counts one use of `key` in its bucket; true once the limit is passed. */
export async function isKeyRateLimited(bucket: keyof typeof keyRateLimits, key: string) {
	const { limit, windowSeconds } = keyRateLimits[bucket]
	return !(await hit(`${bucket}:${key}`, limit, windowSeconds))
}

/** Counts an auth attempt against the visitor's address and the e-mail; true once either limit is passed. */
export async function isAuthRateLimited(
	context: Readonly<RouterContextProvider>,
	bucket: keyof typeof authRateLimits,
	email: string,
) {
	const { perAddress, perEmail, windowSeconds } = authRateLimits[bucket]
	const allowed = await Promise.all([
		hit(`auth-${bucket}:${context.get(clientAddressContext)}`, perAddress, windowSeconds),
		hit(`auth-${bucket}:email:${email.toLowerCase()}`, perEmail, windowSeconds),
	])
	return allowed.includes(false)
}

/** One hit on `key`; false once the key is over `limit` in its window. */
async function hit(key: string, limit: number, windowSeconds: number) {
	// Service role: the counters are not readable or writable by visitors.
	const { data: allowed, error } = await createServiceClient().rpc('hit_rate_limit', {
		p_key: key,
		p_limit: limit,
		p_window_seconds: windowSeconds,
	})
	if (error) console.error('[rate-limit] check failed; letting the request through', error)
	return allowed !== false
}

export function rateLimitedToast() {
	return toastHeaders({ type: 'error', title: 'Demasiadas solicitudes', description: rateLimitedMessage })
}
