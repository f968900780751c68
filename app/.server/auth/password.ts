import { isAuthRetryableFetchError } from '@supabase/supabase-js'
import type { RouterContextProvider } from 'react-router'
import { getPublicEnv } from '../env'
import { log } from '../log'
import { reserveSignIn } from '../security/rate-limit'
import { knownDevice } from './sign-in-device'
import { createAnonClient, getSupabase } from '../supabase/client'
import { sessionMethods, type SessionUser } from './session'

type Context = Readonly<RouterContextProvider>

/**
 * How long after opening an e-mail link its session may set a password with no other proof: long enough to read
 * the page and type one, short enough that a browser left signed in is not a way to take the account.
 */
const freshLinkSeconds = 15 * 60

/**
 * How GoTrue records a session started from an e-mail link: a token hash verified (`otp`, what our links do) or a
 * PKCE recovery (`recovery`).
 */
const emailLinkMethods = new Set(['otp', 'recovery'])

/**
 * Whether this session was started from one of our e-mail links (a recovery or an invitation) in the last
 * minutes: proof that whoever holds it reads the account's e-mail, so `/auth/nueva-contrasena` may set a
 * password. A week-old session on a shared computer is not.
 */
export async function isFreshFromEmailLink(context: Context, request: Request) {
	const now = Date.now() / 1000
	return (await sessionMethods(context, request)).some(
		(entry) => emailLinkMethods.has(entry.method) && now - entry.timestamp <= freshLinkSeconds,
	)
}

/** Whether the account signs in with a password (an e-mail identity), rather than with Google only. */
export function hasPassword(user: SessionUser) {
	const providers: unknown = user.app_metadata.providers
	return Array.isArray(providers) && providers.includes('email')
}

export type PasswordCheck = 'ok' | 'wrong' | 'limited' | 'unreachable'

/**
 * The current password, checked as a sign-in on a client of its own (its session touches no cookie and is ended
 * at once), and counted against the sign-in limits as a sign-in would be, so this form is no way round them.
 */
export async function checkCurrentPassword(
	context: Context,
	request: Request,
	user: SessionUser,
	password: string,
): Promise<PasswordCheck> {
	const email = user.email ?? ''
	const attempt = await reserveSignIn(context, email, await knownDevice(request, email))
	if (!attempt) return 'limited'
	const checker = createAnonClient()
	const { error } = await checker.auth.signInWithPassword({ email, password })
	await attempt.settle(error?.code === 'invalid_credentials')
	if (!error) {
		await checker.auth.signOut({ scope: 'local' })
		return 'ok'
	}
	if (isAuthRetryableFetchError(error)) return 'unreachable'
	if (error.code !== 'invalid_credentials')
		log.warn({ reason: error.code ?? error.message }, '[auth] password check refused')
	return 'wrong'
}

/**
 * Sets the signed-in user's password. Supabase Auth ends every other session of the account on a password change
 * and keeps this one: whoever else was signed in with the old password is signed out.
 */
export function setOwnPassword(context: Context, password: string) {
	return getSupabase(context).auth.updateUser({ password })
}

/**
 * A recovery e-mail to the signed-in user's own address, whose link opens `/auth/nueva-contrasena`: how someone
 * who signs in with Google, or forgot their password, sets one.
 */
export async function sendPasswordLink(context: Context, user: SessionUser) {
	const next = new URLSearchParams({ next: '/auth/nueva-contrasena' })
	const { error } = await getSupabase(context).auth.resetPasswordForEmail(user.email ?? '', {
		redirectTo: `${getPublicEnv().PORTAL_URL}/auth/callback?${next}`,
	})
	if (error && isAuthRetryableFetchError(error)) return 'unreachable'
	// Any refusal (a link mailed less than a minute ago) leaves the last link on its way.
	if (error) log.info({ reason: error.code ?? error.message }, '[auth] password link refused by Auth')
	return 'sent'
}
