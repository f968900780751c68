import { getPublicEnv } from '~/.server/env'
import { requestInfoContext } from '~/.server/http/request'
import type { Route } from './+types/robots'
import { cacheControl } from '~/.server/http/cache-control'

/** The portal is private: nothing of it is indexed but its sign-in page (`$`: without a query). */
export function loader({ context }: Route.LoaderArgs) {
	const { host } = context.get(requestInfoContext)
	const body =
		host === 'portal'
			? 'User-agent: *\nAllow: /auth$\nDisallow: /\n'
			: `User-agent: *\nAllow: /\nDisallow: /logotipo\nDisallow: /panel-de-clientes\nDisallow: /api/\n\nSitemap: ${getPublicEnv().SITE_URL}/sitemap.xml\n`
	return new Response(body, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl.hourly },
	})
}
