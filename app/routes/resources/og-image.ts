import { ogCardFor } from '~/.server/seo/og-cards'
import { ogImage } from '~/.server/seo/og-image'
import { requestInfoContext } from '~/.server/http/request'
import { pathOfOgImage } from '~/lib/seo'
import type { Route } from './+types/og-image'
import { cacheControl } from '~/.server/http/cache-control'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': cacheControl.none } })

/**
 * The Open Graph image of a public page or post (`pageMeta` links it), made on first request and then
 * kept in memory. Networks fetch it anew now and then: an hour of freshness, then the ETag answers 304.
 * `Server-Timing` says whether this process had it already.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
	if (context.get(requestInfoContext).host !== 'site') return notFound()
	const path = pathOfOgImage(params['*'] ?? '')
	const card = path ? await ogCardFor(path) : null
	if (!card) return notFound()
	const { image, cached } = await ogImage(card)
	const headers = {
		'Cache-Control': cacheControl.ogImage,
		ETag: image.etag,
		'Server-Timing': `og;desc="${cached ? 'memory' : 'rendered'}"`,
	}
	if (request.headers.get('If-None-Match') === image.etag) return new Response(null, { status: 304, headers })
	return new Response(image.png, { headers: { ...headers, 'Content-Type': 'image/png' } })
}
