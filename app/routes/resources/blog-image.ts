import { createHash } from 'node:crypto'
import { illustrationSvg } from '~/.server/blog/illustrations'
import { parseIllustrationName } from '~/lib/blog-images'
import type { Route } from './+types/blog-image'
import { cacheControl } from '~/.server/http/cache-control'

/**
 * A post's illustration (app/lib/blog-images.ts names it). The drawing depends only on its name, so it is
 * cached by browsers for a day and revalidated by its ETag after a deploy that redraws it.
 */
export function loader({ params, request }: Route.LoaderArgs) {
	const key = parseIllustrationName(params.name)
	if (!key) throw new Response('Not found', { status: 404 })
	const svg = illustrationSvg(key)
	const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`
	const headers = {
		'Content-Type': 'image/svg+xml; charset=utf-8',
		'Cache-Control': cacheControl.illustration,
		ETag: etag,
	}
	if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
	return new Response(svg, { headers })
}
