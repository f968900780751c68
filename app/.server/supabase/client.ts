import { createServerClient, parseCookieHeader, serializeCookieHeader, type CookieOptions } from '@supabase/ssr'
import { createClient, type AMREntry, type SupabaseClient } from '@supabase/supabase-js'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import type { Database } from '~/lib/database.types'
import { callSignal, perBudget } from '../budget'
import { env, isHttps } from '../env'
import { serviceUnavailable } from '../http/responses'
import type { SessionUser } from '../auth/session'
import { requestInfoContext } from '../http/request'
import { log } from '../log'
import { cacheControl } from '../http/cache-control'

type Connection = {
	fetch: typeof fetch
	/** Aborted once Supabase could not be reached. */
	signal: AbortSignal
}

/** A check of who the session is, kept for the rest of the request (app/.server/auth/session.ts). */
export type UserCheck = Promise<SessionUser | null | 'unreachable'>

/** The one Supabase client of a request, how it reaches Supabase, and what it has learnt of the session. */
export type RequestSupabase = Connection & {
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

/** A healthy Supabase answers in milliseconds; one that hangs must not hold a page (or a server worker) for minutes. */
const callTimeoutMs = 10_000

/**
 * Why a call got no answer, as supabase-js reports it (`AbortError: <reason>`). `sent`: it may have reached
 * Supabase, which may have done what it asked before the answer was lost. `unsent`: it never left (Supabase had
 * already been given up on, or refused the connection), so nothing it asked was done.
 */
export const noAnswer = {
	sent: 'Supabase no responde',
	unsent: 'Supabase no responde; la llamada no ha salido',
} as const

/** Failures of the connection itself: nothing was sent on it. */
const notConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

const unsent = () => new DOMException(noAnswer.unsent, 'AbortError')

/**
 * How one request (or one task: app/.server/budget.ts) reaches Supabase, shared by all its clients. The first
 * call that cannot (refused, reset, timed out, or past the request's budget) gives up on Supabase for the rest
 * of the request: every later call, of any of its clients, fails at once, as an abort, which supabase-js does
 * not retry. Otherwise reads retry for 7 s and a session refresh for up to 30 s before a page can say the
 * service is down, and each new client would wait out a stall of its own. The next request tries again:
 * nothing broken is kept.
 */
const connect = perBudget(function openConnection(): Connection {
	const gaveUp = new AbortController()
	const fetchOrGiveUp: typeof fetch = async (input, init) => {
		if (gaveUp.signal.aborted) throw unsent()
		try {
			return await fetch(input, { ...init, signal: callSignal(callTimeoutMs, [gaveUp.signal, init?.signal]) })
		} catch (error) {
			// The caller cancelled: not a sign of Supabase being down.
			if (init?.signal?.aborted) throw error
			if (!gaveUp.signal.aborted) {
				log.error(`[supabase] unreachable (${failureOf(error)}); giving up on it for this request`)
				gaveUp.abort(new DOMException(noAnswer.sent, 'AbortError'))
			}
			throw neverConnected(error) ? unsent() : gaveUp.signal.reason
		}
	}
	return { fetch: fetchOrGiveUp, signal: gaveUp.signal }
})

function neverConnected(error: unknown) {
	const cause = error instanceof Error ? error.cause : undefined
	const code = cause instanceof Error ? (cause as NodeJS.ErrnoException).code : undefined
	return code !== undefined && notConnected.has(code)
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
/** Every PKCE cookie: each flow's verifier, the index of pending flows and the latest flow's copy (see below). */
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
			// Each PKCE flow (a Google sign-in, a sign-up, a recovery) keeps a verifier of its own, and Supabase brings
			// its id back on our callback as `sb_flow_id`, which names the verifier to exchange the code with: two
			// sign-ins started in one browser both complete. Our redirect URLs end in `**`, so the parameter passes.
			auth: { experimental: { appendPkceFlowIdToRedirects: true } },
			// Our request id on every call, so Supabase's logs (and the tests' proxy) can tell which page made it.
			global: { fetch: connection.fetch, headers: { 'X-Request-Id': requestId } },
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
	// What supabase-js asks of a response that refreshed the session (its cookies must reach only this browser).
	const asked = supabase.headers.get('Cache-Control')
	if (asked) response.headers.set('Cache-Control', asked)
	// A page seen with a session may show who is signed in: never cache it for anyone else.
	else if (hasSessionCookie(request)) response.headers.set('Cache-Control', cacheControl.personal)
	return response
}

export function getSupabase(context: Readonly<RouterContextProvider>) {
	return context.get(supabaseContext).client
}

/** The request's client with its connection and what it knows of the session, for the session checks. */
export function requestSupabase(context: Readonly<RouterContextProvider>) {
	return context.get(supabaseContext)
}

const authCookiePrefix = `sb-${new URL(env.SUPABASE_URL).hostname.split('.')[0]}-auth-token`

export function hasSessionCookie(request: Request) {
	return (request.headers.get('Cookie') ?? '').includes(authCookiePrefix)
}

/** 'fetch failed: connect ECONNREFUSED 127.0.0.1:54321': the cause is what an operator needs, not undici's stack. */
export function failureOf(error: unknown) {
	if (!(error instanceof Error)) return String(error)
	return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}

/** Resolves once the request's connection to Supabase is lost; never otherwise. */
export function lost(signal: AbortSignal) {
	return new Promise<'unreachable'>((resolve) =>
		signal.addEventListener('abort', () => resolve('unreachable'), { once: true }),
	)
}

/** Expires this browser's session cookies, every chunk of them (the PKCE verifier is not the session's). */
export function clearSessionCookies(supabase: RequestSupabase, request: Request) {
	for (const { name } of parseCookieHeader(request.headers.get('Cookie') ?? '')) {
		if (name === authCookiePrefix || name.startsWith(`${authCookiePrefix}.`)) {
			supabase.headers.append('Set-Cookie', serializeCookieHeader(name, '', { ...cookieOptions, maxAge: 0 }))
		}
	}
}

/** After a failed query: the 503 page if the failure was Supabase being unreachable, so callers handle only real errors. */
export function assertReachable(context: Readonly<RouterContextProvider>) {
	if (context.get(supabaseContext).signal.aborted) throw serviceUnavailable()
}

/**
 * The PKCE cookies @supabase/ssr writes when a flow starts: the flow's verifier (`…-flow-<id>-code-verifier`),
 * the index of the flows pending (`…-flows-code-verifier`, at most five, the oldest dropped) and a copy of the
 * latest flow's verifier (`…-code-verifier`), for a callback that brings no flow id.
 */
const verifierPattern = new RegExp(`^${authCookiePrefix}(?:-flow-[A-Za-z0-9_-]{8,64})?-code-verifier(?:\\.\\d+)?$`)
const flowIndexPattern = new RegExp(`^${authCookiePrefix}-flows-code-verifier(?:\\.\\d+)?$`)

/** The query parameter that names a PKCE flow on our callback (`experimental.appendPkceFlowIdToRedirects`). */
export const flowIdParam = 'sb_flow_id'

/**
 * Whether this browser holds a PKCE verifier of ours: @supabase/ssr keeps one per flow, for the hour an e-mail
 * link lives (decision 009), in the browser that started a sign-up, a recovery or a Google sign-in.
 */
export function holdsCodeVerifier(request: Request) {
	return parseCookieHeader(request.headers.get('Cookie') ?? '').some(
		({ name, value }) => Boolean(value) && verifierPattern.test(name),
	)
}

/**
 * Spends this browser's PKCE verifiers: the flow they marked has ended (its tokens were taken). Tokens in a URL
 * fragment do not say which flow they end, so every one goes, as on a sign-out.
 */
export function forgetCodeVerifier(context: Readonly<RouterContextProvider>, request: Request) {
	const supabase = context.get(supabaseContext)
	for (const { name } of parseCookieHeader(request.headers.get('Cookie') ?? '')) {
		if (verifierPattern.test(name) || flowIndexPattern.test(name)) {
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
	})
}

/**
 * The service-role client bypasses RLS: only for what must see or write beyond the visitor's rows (booking writes
 * that must see every booking, deleting users, webhooks, the server's own logs); each caller says why.
 */
export function createServiceClient() {
	return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
		auth: { persistSession: false, autoRefreshToken: false },
		global: { fetch: connect().fetch },
	})
}
