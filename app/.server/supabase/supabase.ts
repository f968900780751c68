import { createServerClient, parseCookieHeader, serializeCookieHeader, type CookieOptions } from '@supabase/ssr'
import {
	createClient,
	isAuthRetryableFetchError,
	type AMREntry,
	type AuthError,
	type SupabaseClient,
	type User,
} from '@supabase/supabase-js'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import ws from 'ws'
import { abortAfter } from '~/lib/abort'
import type { Database } from '~/lib/database.types'
import { env, isHttps } from '../env'
import { serviceUnavailable } from '../http/responses'
import { requestInfoContext } from '../http/request'
import { log } from '../log'

type Connection = {
	fetch: typeof fetch
	/** Aborted once Supabase could not be reached. */
	signal: AbortSignal
}

/**
 * Who a session belongs to, as its access token says. The token's signature
 * is checked against Supabase's published keys (`auth.getClaims()`), so its
 * claims are as good as Supabase Auth's answer, without asking Auth.
 */
export type SessionUser = Pick<User, 'id' | 'email' | 'user_metadata' | 'app_metadata'>

type UserCheck = Promise<SessionUser | null | 'unreachable'>

type RequestSupabase = Connection & {
	client: SupabaseClient<Database>
	/** Set-Cookie and cache headers the client produced while handling this request. */
	headers: Headers
	/** Who the session is, by its token's signature; then, where it matters, as Supabase Auth confirms it. */
	user?: UserCheck
	confirmedUser?: UserCheck
	/** How the session was started, each method with its time, as its token says (Auth keeps them across refreshes). */
	signedInWith?: AMREntry[]
}

const supabaseContext = createContext<RequestSupabase>()

// Node 20 has no global WebSocket; the server never subscribes to realtime, but the client builds one.
const realtime = { transport: ws as never }

/** A healthy Supabase answers in milliseconds; one that hangs must not hold a page (or a server worker) for minutes. */
const callTimeoutMs = 10_000

/**
 * How one client reaches Supabase. The first call that cannot (refused,
 * reset, timed out) gives up on Supabase for the rest of the client's life:
 * every later call fails at once, as an abort, which supabase-js does not
 * retry. Otherwise reads retry for 7 s and a session refresh for up to 30 s
 * before a page can say the service is down. Clients live for one request
 * (or one task), so the next one tries again: nothing broken is kept.
 */
function connect(): Connection {
	const gaveUp = new AbortController()
	const fetchOrGiveUp: typeof fetch = async (input, init) => {
		try {
			return await fetch(input, { ...init, signal: abortAfter(callTimeoutMs, [gaveUp.signal, init?.signal]) })
		} catch (error) {
			// The caller cancelled: not a sign of Supabase being down.
			if (init?.signal?.aborted) throw error
			if (!gaveUp.signal.aborted) {
				log.error(`[supabase] unreachable (${failureOf(error)}); giving up on it for this request`)
				gaveUp.abort(new DOMException('Supabase no responde', 'AbortError'))
			}
			throw gaveUp.signal.reason
		}
	}
	return { fetch: fetchOrGiveUp, signal: gaveUp.signal }
}

/**
 * The session's cookies. HttpOnly: only this server reads them (the app has
 * no browser Supabase client), so a script injected into a page cannot carry
 * the tokens away. On COOKIE_DOMAIN so the site knows who is signed in too.
 * SameSite=Lax, not Strict: a visitor following a link from an e-mail, or
 * coming back from Google or Stripe, must arrive signed in.
 */
const cookieOptions = {
	domain: env.COOKIE_DOMAIN,
	path: '/',
	httpOnly: true,
	secure: isHttps,
	sameSite: 'lax',
} as const

/**
 * How long a browser keeps a session nobody uses (decision 009). Each
 * refresh of the access token (every 15 minutes while the visitor is active:
 * jwt_expiry) writes the cookies again, so the week counts from the last
 * visit: a client who comes back weekly stays signed in, a browser left
 * alone for a week, or a stolen laptop, forgets the session.
 */
const sessionIdleSeconds = 7 * 24 * 60 * 60
/** The PKCE verifier waits for the Google round trip (e-mail links need none: decision 011); an hour is plenty. */
const codeVerifierSeconds = 60 * 60
const codeVerifierCookie = /-code-verifier(\.\d+)?$/

/**
 * @supabase/ssr writes every cookie for 400 days whatever `cookieOptions`
 * say (its own maxAge is applied last), so the lifetime is set here.
 * Removals keep their Max-Age=0.
 */
function withLifetime(name: string, options: CookieOptions): CookieOptions {
	if (options.maxAge === 0) return options
	return { ...options, maxAge: codeVerifierCookie.test(name) ? codeVerifierSeconds : sessionIdleSeconds }
}

/**
 * The one Supabase client of a request: the visitor's session cookies
 * (shared by site and portal through COOKIE_DOMAIN), so every query runs
 * under their role and RLS. Made on first use: most site pages read nothing
 * from Supabase, and building a client (with its Auth client) costs a page
 * that does not need one a few percent of its render.
 */
function createRequestClient(request: Request, requestId: string): RequestSupabase {
	const headers = new Headers()
	const connection = connect()
	let client: SupabaseClient<Database> | undefined
	const makeClient = () =>
		createServerClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
			cookies: {
				getAll: () =>
					parseCookieHeader(request.headers.get('Cookie') ?? '').map(({ name, value }) => ({
						name,
						value: value ?? '',
					})),
				setAll: (cookies, cacheHeaders) => {
					for (const { name, value, options } of cookies) {
						headers.append('Set-Cookie', serializeCookieHeader(name, value, withLifetime(name, options)))
					}
					for (const [name, value] of Object.entries(cacheHeaders ?? {})) headers.set(name, value)
				},
			},
			cookieOptions,
			// Our request id on every call, so Supabase's logs (and the tests' proxy) can tell which page made it.
			global: { fetch: connection.fetch, headers: { 'X-Request-Id': requestId } },
			realtime,
		})
	return {
		...connection,
		headers,
		get client() {
			client ??= makeClient()
			return client
		},
	}
}

/** Forwards the client's cookies on every response, redirects and error pages included. */
export const supabaseMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const supabase = createRequestClient(request, context.get(requestInfoContext).id)
	context.set(supabaseContext, supabase)
	const response = await next()
	for (const cookie of supabase.headers.getSetCookie()) response.headers.append('Set-Cookie', cookie)
	const cacheControl = supabase.headers.get('Cache-Control')
	if (cacheControl) response.headers.set('Cache-Control', cacheControl)
	// A page seen with a session may show who is signed in: never cache it for anyone else.
	else if (hasSessionCookie(request)) response.headers.set('Cache-Control', 'private, no-store')
	return response
}

export function getSupabase(context: Readonly<RouterContextProvider>) {
	return context.get(supabaseContext).client
}

const authCookiePrefix = `sb-${new URL(env.SUPABASE_URL).hostname.split('.')[0]}-auth-token`

export function hasSessionCookie(request: Request) {
	return (request.headers.get('Cookie') ?? '').includes(authCookiePrefix)
}

/** 'fetch failed: connect ECONNREFUSED 127.0.0.1:54321': the cause is what an operator needs, not undici's stack. */
function failureOf(error: unknown) {
	if (!(error instanceof Error)) return String(error)
	return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}

/** Resolves once the request's connection to Supabase is lost; never otherwise. */
function lost(signal: AbortSignal) {
	return new Promise<'unreachable'>((resolve) =>
		signal.addEventListener('abort', () => resolve('unreachable'), { once: true }),
	)
}

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

/** Expires this browser's session cookies, every chunk of them (the PKCE verifier is not the session's). */
function clearSessionCookies(supabase: RequestSupabase, request: Request) {
	for (const { name } of parseCookieHeader(request.headers.get('Cookie') ?? '')) {
		if (name === authCookiePrefix || name.startsWith(`${authCookiePrefix}.`)) {
			supabase.headers.append('Set-Cookie', serializeCookieHeader(name, '', { ...cookieOptions, maxAge: 0 }))
		}
	}
}

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
	const supabase = context.get(supabaseContext)
	if (!hasSessionCookie(request)) return Promise.resolve(null)
	return changesState(request.method) || supabase.confirmedUser
		? authUser(supabase, request)
		: tokenUser(supabase, request)
}

/** How this request's session was started (empty without one): `password`, `oauth`, `otp` for an e-mail link… */
export async function sessionMethods(context: Readonly<RouterContextProvider>, request: Request) {
	const supabase = context.get(supabaseContext)
	if (hasSessionCookie(request)) await tokenUser(supabase, request)
	return supabase.signedInWith ?? []
}

/**
 * For the back office, which shows everyone's data: the user only as Supabase Auth confirms the session, for a
 * read as for a write. Null without a session; the 503 page when Supabase cannot be reached.
 */
export async function getConfirmedUser(context: Readonly<RouterContextProvider>, request: Request) {
	if (!hasSessionCookie(request)) return null
	const user = await authUser(context.get(supabaseContext), request)
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

/** After a failed query: the 503 page if the failure was Supabase being unreachable, so callers handle only real errors. */
export function assertReachable(context: Readonly<RouterContextProvider>) {
	if (context.get(supabaseContext).signal.aborted) throw serviceUnavailable()
}

/**
 * The 503 page unless Supabase Auth answers: a sign-in form that cannot sign
 * anyone in only wastes the visitor's time. Any answer below 500 counts (the
 * health check is the cheapest call GoTrue has).
 */
export async function requireAuthService(context: Readonly<RouterContextProvider>) {
	const { fetch } = context.get(supabaseContext)
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
	const supabase = context.get(supabaseContext)
	const result = await Promise.race([supabase.client.auth.signOut(), lost(supabase.signal)])
	if (result !== 'unreachable' && !(result.error && isAuthRetryableFetchError(result.error))) return result.error
	clearSessionCookies(supabase, request)
	return null
}

/**
 * Whether this browser holds our PKCE verifier: @supabase/ssr keeps one, for the hour an e-mail link lives
 * (decision 009), in the browser that started a sign-up, a recovery or a Google sign-in.
 */
export function holdsCodeVerifier(request: Request) {
	const verifier = `${authCookiePrefix}-code-verifier`
	return parseCookieHeader(request.headers.get('Cookie') ?? '').some(
		({ name, value }) => Boolean(value) && (name === verifier || name.startsWith(`${verifier}.`)),
	)
}

/** Spends this browser's PKCE verifier: the flow it marked has ended (its tokens were taken). */
export function forgetCodeVerifier(context: Readonly<RouterContextProvider>, request: Request) {
	const supabase = context.get(supabaseContext)
	const verifier = `${authCookiePrefix}-code-verifier`
	for (const { name } of parseCookieHeader(request.headers.get('Cookie') ?? '')) {
		if (name === verifier || name.startsWith(`${verifier}.`)) {
			supabase.headers.append('Set-Cookie', serializeCookieHeader(name, '', { ...cookieOptions, maxAge: 0 }))
		}
	}
}

/**
 * A client with no session of the visitor's: public data outside a page request (the sitemap), or a
 * session kept in memory only, away from the visitor's cookies (an e-mail link checked before use).
 */
export function createAnonClient() {
	return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
		auth: { persistSession: false, autoRefreshToken: false },
		global: { fetch: connect().fetch },
		realtime,
	})
}

/**
 * The service-role client bypasses RLS. Only for what DESIGN.md §2 allows
 * (booking writes, deleting users, webhooks); each caller says why.
 */
export function createServiceClient() {
	return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
		auth: { persistSession: false, autoRefreshToken: false },
		global: { fetch: connect().fetch },
		realtime,
	})
}
