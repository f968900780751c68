import type { OutgoingHttpHeaders } from 'node:http'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { createAnonClient, hasSessionCookie } from './supabase'

/** Internal response header: "an anonymous visitor may get this same page for N seconds". Removed by the server. */
export const pageCacheMarker = 'x-kia-page-cache'
const pageCacheSeconds = 60

/**
 * Site pages: marks what an anonymous visitor was sent as shareable with the
 * next anonymous visitor (see server/page-cache.ts). Browsers and CDNs are
 * told to revalidate, since each response carries its own CSP nonce.
 */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const page = { shareable: true }
	context.set(shareableContext, page)
	const response = await next()
	if (page.shareable && isShareable(request, response)) {
		response.headers.set(pageCacheMarker, String(pageCacheSeconds))
		response.headers.set('Cache-Control', 'no-cache')
		response.headers.append('Vary', 'Cookie')
	}
	return response
}

const shareableContext = createContext<{ shareable: boolean }>({ shareable: false })

/** A page rendered while something was failing (its error text shown instead) is for this visitor only. */
export function doNotShare(context: Readonly<RouterContextProvider>) {
	context.get(shareableContext).shareable = false
}

function isShareable(request: Request, response: Response) {
	return (
		request.method === 'GET' &&
		response.status === 200 &&
		(response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
		!response.headers.has('Set-Cookie') &&
		!hasSessionCookie(request)
	)
}

/** Seconds the server may keep a response it is about to send; 0 when it must not. */
export function cacheableFor(status: number, headers: OutgoingHttpHeaders) {
	if (status !== 200 || headers['set-cookie'] !== undefined) return 0
	const seconds = Number(headers[pageCacheMarker])
	return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}

/** What the public blog looks like right now, in one cheap query: changes whenever a post is published or edited. */
export async function publishedBlogVersion() {
	const { data, count, error } = await createAnonClient()
		.from('blog_posts')
		.select('updated_at', { count: 'exact' })
		.order('updated_at', { ascending: false })
		.limit(1)
	if (error) return null
	return `${count ?? 0}:${data[0]?.updated_at ?? ''}`
}
