import ipaddr from 'ipaddr.js'
import type { RouterContextProvider } from 'react-router'
import { clientAddressContext } from '../http/request'
import { createServiceClient } from '../supabase/client'
import { toastHeaders } from '../http/toast'
import { log } from '../log'

export const rateLimits = {
	contact: { limit: 10, windowSeconds: 600 },
	newsletter: { limit: 20, windowSeconds: 600 },
	booking: { limit: 40, windowSeconds: 600 },
	// The site's chat: a conversation of questions one after another, not a script's thousands.
	chat: { limit: 30, windowSeconds: 600 },
	// Browsers' reports of what the CSP blocked: a page with a problem sends a few, never hundreds.
	cspReport: { limit: 30, windowSeconds: 600 },
} as const

/**
 * Hosted Supabase Auth sees every request coming from this server's address, so its own per-address limits
 * are shared by all visitors: these are the limits per visitor, and per e-mail. Sign-up and recovery send
 * e-mails (signing up again with an unconfirmed address is how a confirmation is resent), so they count
 * every attempt that reaches Auth; the e-mails go to the address's owner, so an attacker spending them
 * locks nobody out. Sign-in is `signInLimits`.
 */
export const authRateLimits = {
	signup: { perAddress: 5, perEmail: 3, windowSeconds: 600 },
	recover: { perAddress: 5, perEmail: 3, windowSeconds: 600 },
} as const

/**
 * Sign-in counts failed attempts only (decision 014): a colleague behind the office's one address, or the
 * owner, spends nothing by getting in. Per network: an IPv4 address, an IPv6 /64. Per e-mail: from browsers
 * that have never signed in to it; a browser that has (its device cookie) counts apart, so guessing from
 * elsewhere does not lock the owner out of their own browser.
 */
export const signInLimits = {
	perAddress: { limit: 10, windowSeconds: 600 },
	perEmail: { limit: 5, windowSeconds: 600 },
	perDevice: { limit: 5, windowSeconds: 600 },
} as const

export const rateLimitedMessage = 'Has enviado demasiadas solicitudes. Espera unos minutos e inténtalo de nuevo.'

/**
 * Counts this request against the visitor's address in Postgres, so the
 * limit holds across instances; true once the limit is passed. A broken
 * limiter lets requests through (logged): it must not lock out customers.
 */
export async function isRateLimited(context: Readonly<RouterContextProvider>, bucket: keyof typeof rateLimits) {
	const { limit, windowSeconds } = rateLimits[bucket]
	return !(await hit(`${bucket}:${networkOf(context.get(clientAddressContext))}`, limit, windowSeconds))
}

/**
 * Limits on what a request names rather than who sends it: the newsletter's confirmation e-mails one
 * address receives, whoever asks for them, so the form cannot be used to flood someone's inbox.
 */
export const keyRateLimits = {
	newsletterConfirmation: { limit: 3, windowSeconds: 3600 },
	// A client's 'Probar el asistente', per client: the model is paid by the word. As many as the site's chat
	// lets a visitor ask; past it, the quotes alone.
	documentWording: { limit: 30, windowSeconds: 600 },
} as const

/** Counts one use of `key` in its bucket; true once the limit is passed. */
export async function isKeyRateLimited(bucket: keyof typeof keyRateLimits, key: string) {
	const { limit, windowSeconds } = keyRateLimits[bucket]
	return !(await hit(`${bucket}:${key}`, limit, windowSeconds))
}

/** Counts an auth attempt against the visitor's network and the e-mail; true once either limit is passed. */
export async function isAuthRateLimited(
	context: Readonly<RouterContextProvider>,
	bucket: keyof typeof authRateLimits,
	email: string,
) {
	const { perAddress, perEmail, windowSeconds } = authRateLimits[bucket]
	const allowed = await Promise.all([
		hit(`auth-${bucket}:${networkOf(context.get(clientAddressContext))}`, perAddress, windowSeconds),
		hit(`auth-${bucket}:email:${email.toLowerCase()}`, perEmail, windowSeconds),
	])
	return allowed.includes(false)
}

export type SignInAttempt = {
	/** After the attempt: a failed one stays counted, any other outcome is given back. */
	settle: (failed: boolean) => Promise<void>
}

/**
 * Counts a sign-in attempt before it reaches Auth, so attempts sent at once cannot all slip under a limit;
 * null (nothing counted) when a limit is reached. `device`: this browser's id when it has signed in to
 * `email` before.
 */
export async function reserveSignIn(
	context: Readonly<RouterContextProvider>,
	email: string,
	device: string | undefined,
): Promise<SignInAttempt | null> {
	const address = networkOf(context.get(clientAddressContext))
	const account = email.toLowerCase()
	const counters = [
		{ key: `signin-failed:${address}`, ...signInLimits.perAddress },
		device
			? { key: `signin-failed:device:${device}:${account}`, ...signInLimits.perDevice }
			: { key: `signin-failed:email:${account}`, ...signInLimits.perEmail },
	]
	const allowed = await Promise.all(counters.map(({ key, limit, windowSeconds }) => hit(key, limit, windowSeconds)))
	const giveBack = () => Promise.all(counters.map(({ key }) => refund(key))).then(() => undefined)
	if (allowed.includes(false)) {
		await giveBack()
		return null
	}
	return { settle: (failed) => (failed ? Promise.resolve() : giveBack()) }
}

/**
 * Where a limit counts a visitor: an IPv4 address as it is, an IPv6 one by its /64, the block a single
 * customer line or host is given, so rotating addresses inside it is still one visitor.
 */
export function networkOf(address: string) {
	if (!ipaddr.isValid(address)) return address
	const parsed = ipaddr.process(address)
	if (parsed.kind() === 'ipv4') return parsed.toString()
	const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
	return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`
}

/** One hit on `key`; false once the key is over `limit` in its window. */
async function hit(key: string, limit: number, windowSeconds: number) {
	// Service role: the counters are not readable or writable by visitors.
	const { data: allowed, error } = await createServiceClient().rpc('hit_rate_limit', {
		p_key: key,
		p_limit: limit,
		p_window_seconds: windowSeconds,
	})
	if (error) log.error({ err: error }, '[rate-limit] check failed; letting the request through')
	return allowed !== false
}

export function rateLimitedToast() {
	return toastHeaders({ type: 'error', title: 'Demasiadas solicitudes', description: rateLimitedMessage })
}

/** Gives one hit of `key` back; a failure only costs the visitor that hit (logged). */
async function refund(key: string) {
	const { error } = await createServiceClient().rpc('refund_rate_limit', { p_key: key })
	if (error) log.error({ err: error }, '[rate-limit] refund failed')
}
