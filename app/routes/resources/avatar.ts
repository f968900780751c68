import { getOptionalUser } from '~/.server/auth/session'
import { cacheControl } from '~/.server/http/cache-control'
import { log } from '~/.server/log'
import { getSupabase, supabaseMiddleware } from '~/.server/supabase/client'
import { avatarsBucket, parseAvatarKey } from '~/lib/avatars'
import type { Route } from './+types/avatar'

/**
 * A photo's own caching, set after the Supabase middleware (which marks anything seen with a session `no-store`):
 * unless the session was refreshed on the way, whose cookies no cache may keep.
 */
const photoCaching: Route.MiddlewareFunction = async (_, next) => {
	const response = await next()
	const served = response.status === 200 || response.status === 304
	if (served && !response.headers.has('Set-Cookie')) response.headers.set('Cache-Control', cacheControl.avatar)
	return response
}

export const middleware: Route.MiddlewareFunction[] = [photoCaching, supabaseMiddleware]

const notFound = () => new Response('No encontrada', { status: 404, headers: { 'Cache-Control': cacheControl.none } })

/**
 * Mi Cuenta's photo, from our own origin on either host: read from Storage under its owner's session (the bucket is
 * private; its policies give each person their own folder) and streamed as the image type its key was given from
 * its content. Another person's photo, or none, is 404 alike: whose photos exist is nobody else's business.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const photo = parseAvatarKey(`${params.user}/${params.file}`)
	if (!photo) return notFound()
	const user = await getOptionalUser(context, request)
	if (user?.id !== photo.owner) return notFound()
	const headers = {
		'Content-Type': photo.mime,
		'X-Content-Type-Options': 'nosniff',
		'Content-Disposition': 'inline',
		ETag: `"${photo.key}"`,
	}
	if (request.headers.get('If-None-Match') === headers.ETag) return new Response(null, { status: 304, headers })
	const { data: stream, error } = await getSupabase(context).storage.from(avatarsBucket).download(photo.key).asStream()
	if (!error) return new Response(stream, { headers })
	// Storage answers a missing object (or one its policies hide) with 400 and statusCode '404'.
	if (error.statusCode === '404' || error.status === 404) return notFound()
	log.error({ err: error }, '[account] a photo could not be read')
	return new Response('No disponible', { status: 503, headers: { 'Cache-Control': cacheControl.none } })
}
