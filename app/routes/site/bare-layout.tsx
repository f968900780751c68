import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome } from '~/.server/http/site-chrome'
import { siteMiddleware } from '~/.server/http/site-layout'
import { RouteErrorPage } from '~/components/error-pages'
import { HostNotFound } from '~/components/host-not-found'
import { wrongHostPage } from '~/lib/wrong-host'
import { SiteFrame } from '~/components/site/site-frame'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/bare-layout'

export const middleware: Route.MiddlewareFunction[] = siteMiddleware

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSiteChrome(context, request)
}

/** The demo page has the header, a breadcrumb and the footer only. */
export default routeComponent(BareLayout)

function BareLayout({ loaderData }: Route.ComponentProps) {
	return (
		<SiteFrame chrome={loaderData} bare>
			<Outlet />
		</SiteFrame>
	)
}

/** A page that failed keeps the header and footer; a path of the portal's on the portal host is the portal's 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const chrome = useRouteLoaderData<typeof loader>('routes/site/bare-layout')
	const wrongHost = wrongHostPage(error)
	if (wrongHost) return <HostNotFound page={wrongHost} />
	return (
		<RouteErrorPage
			error={error}
			frame={
				chrome &&
				((page) => (
					<SiteFrame chrome={chrome} bare>
						{page}
					</SiteFrame>
				))
			}
		/>
	)
}
