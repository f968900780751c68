import { Outlet, useRouteLoaderData } from 'react-router'
import { RouteErrorPage } from '~/components/error-pages'
import { AuthFrame } from '~/components/portal/auth-frame'
import { getPublicEnv } from '~/.server/env'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/auth-layout'

export function loader() {
	return { siteUrl: getPublicEnv().SITE_URL }
}

export default routeComponent(AuthLayout)

function AuthLayout({ loaderData }: Route.ComponentProps) {
	return (
		<AuthFrame siteUrl={loaderData.siteUrl}>
			<Outlet />
		</AuthFrame>
	)
}

/** A page that failed keeps the header. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const data = useRouteLoaderData<typeof loader>('routes/portal/auth-layout')
	return (
		<RouteErrorPage error={error} frame={data && ((page) => <AuthFrame siteUrl={data.siteUrl}>{page}</AuthFrame>)} />
	)
}
