import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome, marketingMiddleware } from '~/.server/http/site-layout'
import { RouteErrorPage } from '~/components/error-pages'
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

/** A page that failed keeps the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const chrome = useRouteLoaderData<typeof loader>('routes/site/layout')
	return <RouteErrorPage error={error} frame={chrome && ((page) => <SiteFrame chrome={chrome}>{page}</SiteFrame>)} />
}
