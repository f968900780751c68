import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { isOneVisitorsCookieHeader } from '~/lib/cookie-header'
import { requestInfoContext } from './request'
import { cacheControl } from './cache-control'

/**
 * A request whose cookies make its page one visitor's: the session, a toast, the booking draft, or a Cookie header
 * not written as browsers write it (app/lib/cookie-header.ts, which nginx's maps mirror). The theme and the consent
 * choice change the page for everyone who made the same choice, so the shared cache keeps one copy per choice
 * instead (the cache key in deploy/nginx/kia-proxy.conf).
 */
export function carriesPersonalCookie(request: Request) {
	return isOneVisitorsCookieHeader(request.headers.get('Cookie') ?? '')
}

const shareableContext = createContext<{ shareable: boolean }>({ shareable: false })

/**
 * The marketing pages, the same for every anonymous visitor: a request that carries no personal cookie is
 * rendered for the shared cache, with a CSP of script hashes instead of a nonce (app/entry.server.tsx), so the
 * stored bytes suit every visitor; its answer is marked public when it is a whole page sent without a cookie.
 * Every other answer stays private (app/.server/http/request.ts).
 */
export const sharedPageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const page = { shareable: (request.method === 'GET' || request.method === 'HEAD') && !carriesPersonalCookie(request) }
	context.set(shareableContext, page)
	context.get(requestInfoContext).shared = page.shareable
	const response = await next()
	if (page.shareable && response.status === 200 && !response.headers.has('Set-Cookie')) {
		response.headers.set('Cache-Control', cacheControl.sharedPage)
		response.headers.append('Vary', 'Cookie')
	}
	return response
}

/**
 * A page of the marketing layout that is one visitor's (an e-mail link's, a question asked): never stored. A page
 * that is everyone's but could not be made whole answers `incompletePage` instead (app/.server/http/responses.ts).
 */
export function doNotShare(context: Readonly<RouterContextProvider>) {
	context.get(shareableContext).shareable = false
}
