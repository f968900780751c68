import { isAuthRetryableFetchError, type AMREntry, type AuthError, type User } from '@supabase/supabase-js'
import type { RouterContextProvider } from 'react-router'
import { env } from '../env'
import { serviceUnavailable } from '../http/responses'
import { log } from '../log'
import {
	clearSessionCookies,
	hasSessionCookie,
	lost,
	requestSupabase,
	type RequestSupabase,
	type UserCheck,
} from '../supabase/client'

/**
 * Who a session belongs to, as its access token says. The token's signature
 * is checked against Supabase's published keys (`auth.getClaims()`), so its
 * claims are as good as Supabase Auth's answer, without asking Auth.
 */
export type SessionUser = Pick<User, 'id' | 'email' | 'user_metadata' | 'app_metadata'>

/**
 * Who the session belongs to: the access token's claims once its signature
 * checks out against Supabase's published keys (fetched once and cached for
 * ten minutes by supabase-js), with no call to Supabase Auth. An expired token
 * is refreshed first, which does call Auth (retrying for up to 30 s when it
 * is down; the first failed call is answer enough).
 */
async function verifyUser(supabase: RequestSupabase, request: Request): Promise<SessionUser | null | 'unreachable'> {
	const result = await Promise.race([readClaims(supabase, request), lost(supabase.signal)])
	if (result === 'unreachable') return result
	if (result === 'forged') return null
	// A 5xx from Supabase Auth is the same for the visitor: nobody can say who they are right now.
	if (result.error && isAuthRetryableFetchError(result.error)) return 'unreachable'
	const claims = result.data?.claims
	if (!claims) return null
	supabase.signedInWith = (claims.amr ?? []).filter((entry): entry is AMREntry => typeof entry === 'object')
	return {
		id: claims.sub,
		email: claims.email,
		user_metadata: claims.user_metadata ?? {},
		app_metadata: claims.app_metadata ?? {},
	}
}

/**
 * The session as Supabase Auth knows it now: a signed-out or revoked session, whose access token still checks out
 * for up to 15 minutes (jwt_expiry), is no session here. supabase-js clears the cookies of a session Auth no
 * longer has.
 */
async function confirmWithAuth(supabase: RequestSupabase): UserCheck {
	const result = await Promise.race([supabase.client.auth.getUser(), lost(supabase.signal)])
	if (result === 'unreachable') return result
	if (result.error && isAuthRetryableFetchError(result.error)) return 'unreachable'
	const user = result.data.user
	if (!user) return null
	return { id: user.id, email: user.email, user_metadata: user.user_metadata, app_metadata: user.app_metadata }
}

/**
 * getClaims answers most bad tokens with an error, but throws on a few: an `alg` it has no verifier for
 * (`none`) or one that does not fit the key the token's `kid` names (RS256 on our ES256 key). In practice only
 * a forged token gets there: whoever sent it is signed out, and its cookies are cleared so that later pages do not
 * check it again. One line in the log says so (asked once per request), no stack: the token is the story.
 */
async function readClaims(supabase: RequestSupabase, request: Request) {
	try {
		return await supabase.client.auth.getClaims()
	} catch (error) {
		// Supabase going away mid-check is an outage, not a forgery: the session is kept.
		if (supabase.signal.aborted) return 'unreachable'
		log.warn(`[auth] session token refused, signed out (${oneLine(error)})`)
		clearSessionCookies(supabase, request)
		return 'forged'
	}
}

const oneLine = (error: unknown) =>
	(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ').slice(0, 200)

const changesState = (method: string) => method !== 'GET' && method !== 'HEAD'

function tokenUser(supabase: RequestSupabase, request: Request) {
	supabase.user ??= verifyUser(supabase, request)
	return supabase.user
}

/** The token's user, confirmed by Auth; Auth is not asked about a token that is already no good. */
function authUser(supabase: RequestSupabase, request: Request) {
	supabase.confirmedUser ??= tokenUser(supabase, request).then((user) =>
		user && user !== 'unreachable' ? confirmWithAuth(supabase) : user,
	)
	return supabase.confirmedUser
}

/**
 * Asked once per request. A page trusts a token whose signature checks out; what changes state (any POST) asks
 * Supabase Auth too, so a session signed out elsewhere writes nothing with its leftover token.
 */
function verifiedUser(context: Readonly<RouterContextProvider>, request: Request) {
	const supabase = requestSupabase(context)
	if (!hasSessionCookie(request)) return Promise.resolve(null)
	return changesState(request.method) || supabase.confirmedUser
		? authUser(supabase, request)
		: tokenUser(supabase, request)
}

/** How this request's session was started (empty without one): `password`, `oauth`, `otp` for an e-mail link… */
export async function sessionMethods(context: Readonly<RouterContextProvider>, request: Request) {
	const supabase = requestSupabase(context)
	if (hasSessionCookie(request)) await tokenUser(supabase, request)
	return supabase.signedInWith ?? []
}

/**
 * For the back office, which shows everyone's data: the user only as Supabase Auth confirms the session, for a
 * read as for a write. Null without a session; the 503 page when Supabase cannot be reached.
 */
export async function getConfirmedUser(context: Readonly<RouterContextProvider>, request: Request) {
	if (!hasSessionCookie(request)) return null
	const user = await authUser(requestSupabase(context), request)
	if (user === 'unreachable') throw serviceUnavailable()
	return user
}

/**
 * The signed-in user, from a verified access token (never from the cookie's
 * unchecked contents); null without a session. Asked once per request. When Supabase
 * cannot be reached this throws the 503 page: not knowing who someone is must
 * not look like being signed out (and send them to sign in again).
 */
export async function getOptionalUser(
	context: Readonly<RouterContextProvider>,
	request: Request,
): Promise<SessionUser | null> {
	const user = await verifiedUser(context, request)
	if (user === 'unreachable') throw serviceUnavailable()
	return user
}

/**
 * For what a public page can show either way (the header's account button,
 * the plan page's sign-in link): an unreachable Supabase reads as signed out,
 * so marketing pages stay up during an outage.
 */
export async function getUserIfReachable(
	context: Readonly<RouterContextProvider>,
	request: Request,
): Promise<SessionUser | null> {
	const user = await verifiedUser(context, request)
	return user === 'unreachable' ? null : user
}

/** For an action that answers an outage in its own words: the user, null without a session, or 'unreachable'. */
export function getUserOrOutage(context: Readonly<RouterContextProvider>, request: Request) {
	return verifiedUser(context, request)
}

/**
 * The 503 page unless Supabase Auth answers: a sign-in form that cannot sign
 * anyone in only wastes the visitor's time. Any answer below 500 counts (the
 * health check is the cheapest call GoTrue has).
 */
export async function requireAuthService(context: Readonly<RouterContextProvider>) {
	const { fetch } = requestSupabase(context)
	try {
		const response = await fetch(`${env.SUPABASE_URL}/auth/v1/health`, { headers: { apikey: env.SUPABASE_ANON_KEY } })
		await response.body?.cancel()
		if (response.status < 500) return
	} catch {
		// Logged by the connection; the page below says the rest.
	}
	throw serviceUnavailable()
}

/**
 * 'Cerrar sesión': ends the session on Supabase and in this browser. While
 * Supabase is down the browser still forgets it (its cookies are cleared
 * here), because on a shared computer that is what matters; the session
 * itself stays valid on Supabase until it times out or is revoked.
 */
export async function signOut(context: Readonly<RouterContextProvider>, request: Request): Promise<AuthError | null> {
	const supabase = requestSupabase(context)
	const result = await Promise.race([supabase.client.auth.signOut(), lost(supabase.signal)])
	if (result !== 'unreachable' && !(result.error && isAuthRetryableFetchError(result.error))) return result.error
	clearSessionCookies(supabase, request)
	return null
}
