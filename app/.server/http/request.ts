import { createContext, type MiddlewareFunction } from 'react-router'
import { avatarOfPath } from '~/lib/avatars'
import { canonicalHost, hostKindOf, servedHosts, type HostKind } from '~/lib/host'
import { env, isHttps, oauthOrigins, stripeHostedOrigins } from '../env'
import { cspReportGroup, cspReportPath } from '../security/csp-reports'
import { currentRequest } from '../log'
import { isAllowedOrigin, securityHeaders, type ScriptSources } from '../security/headers'
import { cacheControl } from './cache-control'

export type RequestInfo = {
	/** Correlates the server log with the `X-Request-Id` a user can report. */
	id: string
	/**
	 * Per-request CSP nonce for every script we render. On a page for the shared cache it only marks our scripts
	 * until the document is complete, then it is taken out and their hashes go in the CSP instead.
	 */
	nonce: string
	host: HostKind
	/** The page's address: the request's, less React Router's `.data` suffix and `_routes` (passed-through requests). */
	url: URL
	/** Rendered for the shared cache (app/.server/http/shared-cache.ts): the same bytes for every anonymous visitor. */
	shared: boolean
	/** The CSP hashes of a shared page's inline scripts, once its document is complete. */
	scriptHashes?: string[]
}

export const requestInfoContext = createContext<RequestInfo>()

/** The visitor's address as the HTTP server saw it (behind TRUST_PROXY proxies), for rate limits. */
export const clientAddressContext = createContext<string>('unknown')

/**
 * Whether a request came from one of our own pages (a form of the page, the router's own fetch). The browser says
 * where a navigation started (`Sec-Fetch-Site`, which no page or link can set); a link from elsewhere, or one
 * typed or pasted, is not ours: a question that arrives so is not worded by the language model, because a link
 * can be crafted to make the model say what its author wants, on our page (issue 64, finding 8).
 */
export const sentFromOwnPage = (request: Request) => request.headers.get('Sec-Fetch-Site') === 'same-origin'

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Identifies the request and puts the security headers on whatever response comes back. What does not say how it
 * may be kept is kept by nobody: only the shared pages (app/.server/http/shared-cache.ts) and a few resource routes say.
 */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
	const info: RequestInfo = {
		id: currentRequest.getStore()?.id ?? crypto.randomUUID(),
		nonce: newNonce(),
		host: hostKindOf(url.hostname),
		url,
		shared: false,
	}
	context.set(requestInfoContext, info)
	const response = withoutRouterWords(await next())
	const scripts = info.scriptHashes ? { hashes: info.scriptHashes } : { nonce: info.nonce }
	for (const [name, value] of responseSecurityHeaders(scripts)) response.headers.set(name, value)
	if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', cacheControl.personal)
	return response
}

/**
 * React Router answers a post to a page that takes none with 405, its page data carrying the router's own words,
 * which name the route's source file; the visitor gets ours. An endpoint's own 405 says what it allows, and stays.
 */
function withoutRouterWords(response: Response) {
	if (response.status !== 405 || response.headers.has('Allow')) return response
	return new Response('Método no permitido.', {
		status: 405,
		headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
	})
}

/** A fresh CSP nonce: 16 random bytes. */
export function newNonce() {
	return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')
}

/**
 * Where pictures may come from besides our own origin: Supabase Storage (the blog's pictures, kept there) and
 * Google's profile photos (who signs in with Google). Not any https: a picture on a host of someone's choosing
 * tells that host who opened the page (an admin opening a profile included).
 */
const googlePhotos = 'https://lh3.googleusercontent.com'
const imageOrigins = [new URL(env.SUPABASE_URL).origin, googlePhotos]

/**
 * Whether `url` is a person's photo a page may show: one uploaded in Mi Cuenta, served from our own origin
 * (`/fotos/…`, either host), or Google's. Not Storage's host, though img-src allows it for the blog: a typed
 * address there is no photo we keep, and we serve our photos only to their owner.
 */
export function isShownPhoto(url: string) {
	if (avatarOfPath(url)) return true
	return url.startsWith('https://') && URL.canParse(url) && new URL(url).origin === googlePhotos
}

/** The security headers of this deployment, for a response whose scripts carry `nonce` or have these `hashes`. */
export function responseSecurityHeaders(scripts: ScriptSources) {
	return securityHeaders({
		scripts,
		isDevelopment: env.NODE_ENV === 'development',
		isHttps,
		siteOrigins: [new URL(env.SITE_URL).origin, new URL(env.PORTAL_URL).origin],
		paymentOrigins: stripeHostedOrigins,
		oauthOrigins,
		imageOrigins,
		report: { path: cspReportPath, group: cspReportGroup },
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
 * Endpoints posted to from outside our pages, with no cookie and no Origin of ours. Stripe's webhook and the
 * newsletter's unsubscribe link (mail apps post to it for their one-click button, RFC 8058) authenticate every
 * request themselves (a signature); browsers' CSP reports change nothing but a line of the log.
 */
const signedEndpoints = new Set(['/api/stripe/webhook', '/boletin/baja', cspReportPath])

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
