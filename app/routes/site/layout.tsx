import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome } from '~/.server/http/site-chrome'
import { marketingMiddleware } from '~/.server/http/site-layout'
import { RouteErrorPage } from '~/components/error-pages'
import { HostNotFound } from '~/components/host-not-found'
import { wrongHostPage } from '~/lib/wrong-host'
import { SiteFrame } from '~/components/site/site-frame'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/layout'

export const middleware: Route.MiddlewareFunction[] = marketingMiddleware

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSiteChrome(context, request)
}

export default routeComponent(SiteLayout)

function SiteLayout({ loaderData }: Route.ComponentProps) {
	return (
		<SiteFrame chrome={loaderData}>
			<Outlet />
		</SiteFrame>
	)
}

/** A page that failed keeps the header and footer; a path of the portal's on the portal host is the portal's 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const chrome = useRouteLoaderData<typeof loader>('routes/site/layout')
	const wrongHost = wrongHostPage(error)
	if (wrongHost) return <HostNotFound page={wrongHost} />
	return <RouteErrorPage error={error} frame={chrome && ((page) => <SiteFrame chrome={chrome}>{page}</SiteFrame>)} />
}
