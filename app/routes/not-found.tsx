import { data } from 'react-router'
import { getUserIfReachable } from '~/.server/auth/session'
import { loadProfileIfReachable } from '~/.server/auth/profile'
import { dashboardShellUser } from '~/.server/auth/shell-user'
import { getPublicEnv } from '~/.server/env'
import { requestInfoContext } from '~/.server/http/request'
import { notFoundQuote } from '~/.server/http/responses'
import { loadSiteChrome } from '~/.server/http/site-layout'
import { supabaseMiddleware } from '~/.server/supabase/client'
import { FramedNotFoundPage } from '~/components/error-pages'
import { AuthFrame } from '~/components/portal/auth-frame'
import { DashboardShell } from '~/components/portal/dashboard-shell'
import { SiteFrame } from '~/components/site/site-frame'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/not-found'

// Who is signed in decides the frame: the site's header names them, the portal shows them their menus.
export const middleware: Route.MiddlewareFunction[] = [supabaseMiddleware]

export const meta: Route.MetaFunction = () => [
	{ title: 'Página no encontrada · KIA' },
	{ name: 'robots', content: 'noindex' },
]

/**
 * A path no route has: the 404 page in the frame of the host's pages, as a 404 inside one of them looks (a plan
 * that does not exist): the site's header and footer; the portal's menus for someone signed in, its sign-in
 * header otherwise. While Supabase is down, the frame of someone not signed in.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
	const { host } = context.get(requestInfoContext)
	const quote = notFoundQuote()
	const status = { status: 404 }
	if (host === 'site') return data({ quote, frame: { host, chrome: await loadSiteChrome(context, request) } }, status)
	const { SITE_URL: siteUrl } = getPublicEnv()
	const user = await getUserIfReachable(context, request)
	const profile = user ? await loadProfileIfReachable(context, user) : null
	const shell = user ? dashboardShellUser(user, profile) : null
	return data({ quote, frame: { host, siteUrl, shell } }, status)
}

// A form posted to a path no route has: the same page, with the same status.
export function action() {
	return data(null, { status: 404 })
}

export default routeComponent(NotFound)

function NotFound({ loaderData }: Route.ComponentProps) {
	const { quote, frame } = loaderData
	return (
		<FramedNotFoundPage
			quote={quote}
			frame={(page) =>
				frame.host === 'site' ? (
					<SiteFrame chrome={frame.chrome}>{page}</SiteFrame>
				) : frame.shell ? (
					<DashboardShell user={frame.shell} siteUrl={frame.siteUrl}>
						{page}
					</DashboardShell>
				) : (
					<AuthFrame siteUrl={frame.siteUrl}>{page}</AuthFrame>
				)
			}
		/>
	)
}
