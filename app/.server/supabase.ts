import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr'
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import ws from 'ws'
import { env, isHttps } from './env'

type RequestSupabase = {
	client: SupabaseClient
	/** Set-Cookie and cache headers the client produced while handling this request. */
	headers: Headers
	user?: Promise<User | null>
}

const supabaseContext = createContext<RequestSupabase>()

// Node 20 has no global WebSocket; the server never subscribes to realtime, but the client builds one.
const realtime = { transport: ws as never }

/**
 * The one Supabase client of a request: the visitor's session cookies
 * (shared by site and portal through COOKIE_DOMAIN), so every query runs
 * under their role and RLS. Created once by the middleware.
 */
function createRequestClient(request: Request): RequestSupabase {
	const headers = new Headers()
	const client = createServerClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
		cookies: {
			getAll: () =>
				parseCookieHeader(request.headers.get('Cookie') ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
			setAll: (cookies, cacheHeaders) => {
				for (const { name, value, options } of cookies) {
					headers.append('Set-Cookie', serializeCookieHeader(name, value, options))
				}
				for (const [name, value] of Object.entries(cacheHeaders ?? {})) headers.set(name, value)
			},
		},
		cookieOptions: { domain: env.COOKIE_DOMAIN, secure: isHttps, sameSite: 'lax', path: '/' },
		realtime,
	})
	return { client, headers }
}

/** Forwards the client's cookies on every response, redirects and error pages included. */
export const supabaseMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const supabase = createRequestClient(request)
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

/**
 * The signed-in user, verified by Supabase Auth (never read from the cookie
 * alone); null without a session. Asked once per request.
 */
export function getOptionalUser(context: Readonly<RouterContextProvider>, request: Request): Promise<User | null> {
	const supabase = context.get(supabaseContext)
	if (!hasSessionCookie(request)) return Promise.resolve(null)
	supabase.user ??= supabase.client.auth.getUser().then(({ data }) => data.user ?? null)
	return supabase.user
}

/** A client with no session at all, for public data outside a page request (the sitemap). */
export function createAnonClient() {
	return createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
		auth: { persistSession: false, autoRefreshToken: false },
		realtime,
	})
}

/**
 * The service-role client bypasses RLS. Only for what DESIGN.md §2 allows
 * (booking writes, deleting users, webhooks); each caller says why.
 */
export function createServiceClient() {
	return createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
		auth: { persistSession: false, autoRefreshToken: false },
		realtime,
	})
}
