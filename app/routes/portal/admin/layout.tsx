import type { ReactNode } from 'react'
import { Link, NavLink, Outlet, useRouteLoaderData } from 'react-router'
import { avatarUrl, displayName, requireAdmin } from '~/.server/auth'
import { RouteErrorPage } from '~/components/error-pages'
import { Logo } from '~/components/logo'
import { AccountMenu } from '~/components/portal/account-menu'
import { Avatar } from '~/components/portal/dashboard-shell'
import { SkipLink } from '~/components/skip-link'
import { ThemeSwitch } from '~/components/theme'
import { adminCopy } from '~/content/admin'
import { routeComponent } from '~/lib/route-component'
import { cn } from '~/lib/utils'
import type { Route } from './+types/layout'

export const meta: Route.MetaFunction = () => [
	{ title: `${adminCopy.title} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, profile } = await requireAdmin(context, request)
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
		<div className="min-h-dvh">
			<SkipLink />
			<header className="border-b bg-surface">
				<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
					<div className="flex items-center gap-4">
						<Link to="/admin" aria-label="KIA, panel de administración">
							<Logo className="h-7" />
						</Link>
						<p className="hidden text-sm font-semibold sm:block">{adminCopy.title}</p>
					</div>
					<div className="flex items-center gap-3">
						<ThemeSwitch />
						<AccountMenu
							label={`Menú de ${admin.name}`}
							avatar={<Avatar user={admin} />}
							heading={<p className="truncate px-3 py-2 text-xs text-muted-foreground">{admin.email}</p>}
							links={[{ to: '/dashboard', label: adminCopy.avatarMenu.dashboard, icon: 'layout-dashboard' }]}
							signOutLabel={adminCopy.avatarMenu.signOut}
						/>
					</div>
				</div>
				{/* Every section in sight at any width: wrapping chips on a phone or tablet, a row of tabs from lg. */}
				<nav
					aria-label="Administración"
					className="mx-auto flex max-w-7xl flex-wrap gap-2 px-4 pb-3 sm:px-6 lg:gap-1 lg:pb-0"
				>
					{adminCopy.menu.map((item) => (
						<NavLink
							key={item.to}
							to={item.to}
							// The Dashboard entry is /admin itself; the others stay lit on their items' pages.
							end={item.to === '/admin'}
							className={({ isActive }) =>
								cn(
									'rounded-full border px-3.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
									'lg:rounded-none lg:border-0 lg:border-b-2 lg:px-3 lg:py-3',
									isActive
										? 'border-brand bg-brand/10 text-foreground lg:bg-transparent'
										: 'text-muted-foreground hover:text-foreground lg:border-transparent',
								)
							}
						>
							{item.label}
						</NavLink>
					))}
				</nav>
			</header>
			<main id="contenido" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
				{children}
			</main>
		</div>
	)
}
