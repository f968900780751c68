import type { ReactNode } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { guardedUser, requireAdminMiddleware } from '~/.server/auth/guards'
import { avatarUrl, displayName, loadProfile } from '~/.server/auth/profile'
import { RouteErrorPage } from '~/components/error-pages'
import { PortalShell } from '~/components/portal/portal-shell'
import { adminCopy } from '~/content/admin'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/layout'

export const meta: Route.MetaFunction = () => [
	{ title: `${adminCopy.title} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware]

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const profile = await loadProfile(context, user)
	return { name: displayName(user, profile), email: user.email ?? '', avatarUrl: avatarUrl(user, profile) }
}

export default routeComponent(AdminLayout)

function AdminLayout({ loaderData }: Route.ComponentProps) {
	return (
		<AdminFrame admin={loaderData}>
			<Outlet />
		</AdminFrame>
	)
}

/** A page that failed keeps the menus. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const admin = useRouteLoaderData<typeof loader>('routes/portal/admin/layout')
	return <RouteErrorPage error={error} frame={admin && ((page) => <AdminFrame admin={admin}>{page}</AdminFrame>)} />
}

function AdminFrame({ admin, children }: { admin: Route.ComponentProps['loaderData']; children: ReactNode }) {
	return (
		<PortalShell
			home="/admin"
			homeLabel={adminCopy.homeLabel}
			title={adminCopy.title}
			menu={{ label: adminCopy.menuLabel, openLabel: adminCopy.openMenu, links: adminCopy.menu }}
			exit={{ to: '/dashboard', label: adminCopy.avatarMenu.dashboard }}
			user={admin}
			accountLinks={[{ to: '/dashboard', label: adminCopy.avatarMenu.dashboard, icon: 'layout-dashboard' }]}
			signOutLabel={adminCopy.avatarMenu.signOut}
			wide
		>
			{children}
		</PortalShell>
	)
}
