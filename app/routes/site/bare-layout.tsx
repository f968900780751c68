import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome, siteMiddleware } from '~/.server/http/site-layout'
import { RouteErrorPage } from '~/components/error-pages'
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

/** A page that failed keeps the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const chrome = useRouteLoaderData<typeof loader>('routes/site/bare-layout')
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
