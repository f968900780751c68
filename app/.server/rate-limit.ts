import type { RouterContextProvider } from 'react-router'
import { clientAddressContext } from './request'
import { createServiceClient } from './supabase'
import { toastHeaders } from './toast'

export const rateLimits = {
	contact: { limit: 10, windowSeconds: 600 },
	newsletter: { limit: 20, windowSeconds: 600 },
	booking: { limit: 40, windowSeconds: 600 },
} as const

export const rateLimitedMessage = 'Has enviado demasiadas solicitudes. Espera unos minutos e inténtalo de nuevo.'

/**
 * Counts this request against the visitor's address in Postgres, so the
 * limit holds across instances; true once the limit is passed. A broken
 * limiter lets requests through (logged): it must not lock out customers.
 */
export async function isRateLimited(context: Readonly<RouterContextProvider>, bucket: keyof typeof rateLimits) {
	const { limit, windowSeconds } = rateLimits[bucket]
	// Service role: the counters are not readable or writable by visitors.
	const { data: allowed, error } = await createServiceClient().rpc('hit_rate_limit', {
		p_key: `${bucket}:${context.get(clientAddressContext)}`,
		p_limit: limit,
		p_window_seconds: windowSeconds,
	})
	if (error) console.error('[rate-limit] check failed; letting the request through', error)
	return allowed === false
}

export function rateLimitedToast() {
	return toastHeaders({ type: 'error', title: 'Demasiadas solicitudes', description: rateLimitedMessage })
}
