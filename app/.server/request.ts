import { createContext, type MiddlewareFunction } from 'react-router'
import { canonicalHost, hostKindOf, servedHosts, type HostKind } from '~/lib/host'
import { env, isHttps, oauthOrigins, stripeHostedOrigins } from './env'
import { isAllowedOrigin, securityHeaders } from './security'

export type RequestInfo = {
	/** Correlates the server log with the `X-Request-Id` a user can report. */
	id: string
	/** Per-request CSP nonce for every script we render. */
	nonce: string
	host: HostKind
	/** The page's address: the request's, less React Router's `.data` suffix and `_routes` (passed-through requests). */
	url: URL
}

export const requestInfoContext = createContext<RequestInfo>()

/** The visitor's address as the HTTP server saw it (behind TRUST_PROXY proxies), for rate limits. */
export const clientAddressContext = createContext<string>('unknown')

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Identifies the request and puts the security headers on whatever response comes back. */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
	const info: RequestInfo = {
		id: crypto.randomUUID(),
		nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64'),
		host: hostKindOf(url.hostname),
		url,
	}
	context.set(requestInfoContext, info)
	const response = await next()
	for (const [name, value] of responseSecurityHeaders(info.nonce)) response.headers.set(name, value)
	response.headers.set('X-Request-Id', info.id)
	return response
}

/** The security headers of this deployment, for a response that carries `nonce` on its scripts. */
export function responseSecurityHeaders(nonce: string) {
	return securityHeaders({
		nonce,
		isDevelopment: env.NODE_ENV === 'development',
		isHttps,
		siteOrigins: [new URL(env.SITE_URL).origin, new URL(env.PORTAL_URL).origin],
		paymentOrigins: stripeHostedOrigins,
		oauthOrigins,
	})
}

const deploymentHosts = servedHosts(env.SITE_URL, env.PORTAL_URL)

/**
 * The configured host a request's `Host` header names (SITE_URL's or
 * PORTAL_URL's; the loopback names too for a site on *.localhost), or null:
 * anything else is not served at all (server/hosts.ts).
 */
export function servedHostOf(hostHeader: string | undefined) {
	return canonicalHost(hostHeader, deploymentHosts)
}

/**
 * Endpoints that servers, not browsers, post to; each authenticates every request itself (a signature):
 * Stripe's webhook, and the newsletter's unsubscribe link, which mail apps post to for their one-click
 * button (RFC 8058) with no cookie and no Origin of ours.
 */
const signedEndpoints = new Set(['/api/stripe/webhook', '/boletin/baja'])

/** Refuses cross-site form posts (CSRF) before any action runs. */
export const originMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
	if (signedEndpoints.has(url.pathname)) return next()
	if (mutatingMethods.has(request.method) && !isAllowedOrigin(request, [env.SITE_URL, env.PORTAL_URL])) {
		throw new Response('Origen no permitido', { status: 403 })
	}
	return next()
}

export function getRequestInfo(context: { get: (key: typeof requestInfoContext) => RequestInfo }) {
	return context.get(requestInfoContext)
}
