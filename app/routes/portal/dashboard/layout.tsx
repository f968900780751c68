import { Outlet, useRouteLoaderData } from 'react-router'
import { guardedUser, requireUserMiddleware } from '~/.server/auth/guards'
import { loadProfile } from '~/.server/auth/profile'
import { dashboardShellUser } from '~/.server/auth/shell-user'
import { getPublicEnv } from '~/.server/env'
import { RouteErrorPage } from '~/components/error-pages'
import { DashboardShell } from '~/components/portal/dashboard-shell'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/layout'

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware]

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const profile = await loadProfile(context, user)
	return { user: dashboardShellUser(user, profile), siteUrl: getPublicEnv().SITE_URL }
}

export default routeComponent(DashboardLayout)

function DashboardLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell user={loaderData.user} siteUrl={loaderData.siteUrl}>
			<Outlet />
		</DashboardShell>
	)
}

/** A page that failed keeps the menus. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const shell = useRouteLoaderData<typeof loader>('routes/portal/dashboard/layout')
	return (
		<RouteErrorPage
			error={error}
			frame={
				shell &&
				((page) => (
					<DashboardShell user={shell.user} siteUrl={shell.siteUrl}>
						{page}
					</DashboardShell>
				))
			}
		/>
	)
}
