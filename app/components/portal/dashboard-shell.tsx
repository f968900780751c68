import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { dashboardCopy } from '~/content/dashboard'
import { PortalShell, type MenuLink, type ShellUser } from './portal-shell'

const adminPanelLink: MenuLink = { to: '/admin', label: dashboardCopy.adminPanel, icon: 'admin' }

/** The client's area, 'Cargando tu panel...' while a page loads; Admin Panel in the menu for admins. */
export function DashboardShell({
	user,
	siteUrl,
	children,
}: {
	user: ShellUser & { isAdmin: boolean }
	siteUrl: string
	children: ReactNode
}) {
	return (
		<PortalShell
			home="/dashboard"
			homeLabel={dashboardCopy.homeLabel}
			menu={{
				label: dashboardCopy.menuLabel,
				openLabel: dashboardCopy.openMenu,
				links: user.isAdmin ? [...dashboardCopy.menu, adminPanelLink] : dashboardCopy.menu,
			}}
			exit={{ to: siteUrl, label: dashboardCopy.backToSite }}
			user={user}
			accountLinks={[
				{ to: '/dashboard/cuenta', label: dashboardCopy.avatarMenu.account, icon: 'user-round' },
				{ to: '/dashboard/suscripcion', label: dashboardCopy.avatarMenu.subscription, icon: 'credit-card' },
			]}
			signOutLabel={dashboardCopy.avatarMenu.signOut}
			loadingLabel={dashboardCopy.loading}
		>
			{children}
		</PortalShell>
	)
}

/** Back to the page a subpage belongs to (every subpage links back to the dashboard). */
export function BackLink({ to, label }: { to: string; label: string }) {
	return (
		<Link to={to} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
			<Icon name="arrow-left" className="size-4" />
			{label}
		</Link>
	)
}

export const BackToDashboard = () => <BackLink to="/dashboard" label={dashboardCopy.backToDashboard} />

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
	return (
		<div className="mt-4 mb-8 flex flex-wrap items-end justify-between gap-4">
			<h1 className="text-3xl font-bold tracking-tight">{title}</h1>
			{children}
		</div>
	)
}
