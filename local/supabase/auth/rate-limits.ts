import type { AuthConfig } from '../config'

/** GoTrue's per-address limiters (tollbooth over x/time/rate): a bucket of 30, refilled at the hourly rate's pace. */
const burst = 30
/** An address's bucket is forgotten after an hour without requests, as tollbooth's expire. */
const idleMs = 3_600_000
const emailWindowMs = 3_600_000

/** Which `[auth.rate_limit]` setting counts a request, by GoTrue's routes (api.go). */
export type AddressLimit = 'token_refresh' | 'sign_in_sign_ups' | 'token_verifications'

const limitOfRoute: Record<string, AddressLimit> = {
	'POST /token': 'token_refresh',
	'POST /signup': 'sign_in_sign_ups',
	'POST /recover': 'sign_in_sign_ups',
	'POST /otp': 'sign_in_sign_ups',
	'PUT /user': 'sign_in_sign_ups',
	'GET /verify': 'token_verifications',
	'POST /verify': 'token_verifications',
}

export const limitOf = (method: string, path: string): AddressLimit | undefined => limitOfRoute[`${method} ${path}`]

/** A request Auth refuses for a limit; thrown inside a transaction, it rolls back what the request wrote. */
export class RateLimited extends Error {
	constructor(
		readonly code: 'over_request_rate_limit' | 'over_email_send_rate_limit',
		message: string,
	) {
		super(message)
	}
}

export type AuthLimiter = {
	/** Takes a token from `address`'s bucket of `limit`; throws RateLimited when it is empty. */
	take: (limit: AddressLimit, address: string) => void
	/** Counts one e-mail against the project's hourly allowance; throws RateLimited past it. */
	takeEmail: () => void
}

/**
 * supabase/config.toml's `[auth.rate_limit]` as hosted Supabase Auth applies it: per caller address, a
 * token bucket of 30 refilled at `N per 5 minutes` (token_refresh, sign_in_sign_ups, token_verifications);
 * and the e-mails of the whole project, `email_sent` an hour in a window opened by the first (not counted
 * while e-mail confirmations are off, as GoTrue's autoconfirm skips it). The caller is whoever connects:
 * for our visitors, our server.
 */
export function createAuthLimiter(config: AuthConfig, now = () => Date.now()): AuthLimiter {
	const buckets = new Map<string, { tokens: number; at: number }>()
	let email = { opened: -Infinity, sent: 0 }
	return {
		take(limit, address) {
			const perMs = config.rate_limit[limit] / 300_000
			const key = `${limit} ${address}`
			const at = now()
			if (buckets.size > 10_000) for (const [old, { at: seen }] of buckets) if (at - seen >= idleMs) buckets.delete(old)
			const bucket = buckets.get(key)
			const tokens =
				bucket && at - bucket.at < idleMs ? Math.min(burst, bucket.tokens + (at - bucket.at) * perMs) : burst
			if (tokens < 1) {
				buckets.set(key, { tokens, at })
				throw new RateLimited('over_request_rate_limit', 'Request rate limit reached')
			}
			buckets.set(key, { tokens: tokens - 1, at })
		},
		takeEmail() {
			if (!config.email.enable_confirmations) return
			const at = now()
			if (at - email.opened >= emailWindowMs) email = { opened: at, sent: 0 }
			if (email.sent >= config.rate_limit.email_sent)
				throw new RateLimited('over_email_send_rate_limit', 'email rate limit exceeded')
			email.sent += 1
		},
	}
}
