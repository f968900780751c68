import { useState, type ReactNode } from 'react'
import { Form, Link, NavLink, useNavigation } from 'react-router'
import { Icon, type IconName } from '~/components/ui/icon'
import { dashboardCopy } from '~/content/dashboard'
import { cn } from '~/lib/utils'
import { Logo } from '../logo'
import { SkipLink } from '../skip-link'
import { ThemeSwitch } from '../theme'
import { PhoneMenu } from '../ui/phone-menu'
import { AccountMenu } from './account-menu'

export const menuIcons = {
	home: 'house',
	calendar: 'calendar-days',
	card: 'credit-card',
	bot: 'bot',
	support: 'life-buoy',
	user: 'user-round',
} satisfies Record<string, IconName>

export type ShellUser = { name: string; email: string; avatarUrl: string | null; isAdmin: boolean }

export function Avatar({ user, className }: { user: Pick<ShellUser, 'name' | 'avatarUrl'>; className?: string }) {
	return user.avatarUrl ? (
		<img src={user.avatarUrl} alt="" className={cn('size-9 rounded-full object-cover', className)} />
	) : (
		<span
			aria-hidden
			className={cn(
				'inline-flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-foreground',
				className,
			)}
		>
			{user.name.charAt(0).toUpperCase()}
		</span>
	)
}

function SideMenu({ user, siteUrl, onNavigate }: { user: ShellUser; siteUrl: string; onNavigate?: () => void }) {
	const itemClass = ({ isActive }: { isActive: boolean }) =>
		cn(
			'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
			isActive ? 'bg-brand/10 text-brand-ink' : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
		)
	return (
		<nav aria-label="Panel" className="flex h-full flex-col gap-1">
			{dashboardCopy.menu.map((item) => {
				return (
					<NavLink
						key={item.to}
						to={item.to}
						// A request's page (/dashboard/soporte/…) is still Soporte; only Inicio is its exact path.
						end={item.to === '/dashboard'}
						className={itemClass}
						onClick={onNavigate}
					>
						<Icon name={menuIcons[item.icon]} className="size-4" />
						{item.label}
					</NavLink>
				)
			})}
			{user.isAdmin ? (
				<NavLink to="/admin" className={itemClass} onClick={onNavigate}>
					<Icon name="shield" className="size-4" />
					{dashboardCopy.adminPanel}
				</NavLink>
			) : null}
			<a
				href={siteUrl}
				className="mt-auto flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-muted-foreground hover:bg-surface-muted hover:text-foreground"
			>
				<Icon name="arrow-left" className="size-4" />
				{dashboardCopy.backToSite}
			</a>
			<Form method="post" action="/auth/salir">
				<button
					type="submit"
					className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-muted-foreground hover:bg-surface-muted hover:text-foreground"
				>
					<Icon name="log-out" className="size-4" />
					{dashboardCopy.avatarMenu.signOut}
				</button>
			</Form>
		</nav>
	)
}

function AvatarMenu({ user }: { user: ShellUser }) {
	return (
		<AccountMenu
			label={`Menú de ${user.name}`}
			avatar={<Avatar user={user} />}
			heading={
				<div className="px-3 py-2">
					<p className="truncate text-sm font-semibold">{user.name}</p>
					<p className="truncate text-xs text-muted-foreground">{user.email}</p>
				</div>
			}
			links={[
				{ to: '/dashboard/cuenta', label: dashboardCopy.avatarMenu.account, icon: 'user-round' },
				{ to: '/dashboard/suscripcion', label: dashboardCopy.avatarMenu.subscription, icon: 'credit-card' },
			]}
			signOutLabel={dashboardCopy.avatarMenu.signOut}
		/>
	)
}

/** SPEC §2: 280 px side menu, avatar menu, 'Cargando tu panel...' while a page loads. */
export function DashboardShell({ user, siteUrl, children }: { user: ShellUser; siteUrl: string; children: ReactNode }) {
	const navigation = useNavigation()
	const [menuOpen, setMenuOpen] = useState(false)
	const loading = navigation.state === 'loading' && navigation.formMethod === undefined
	return (
		<div className="flex min-h-dvh">
			<SkipLink />
			<aside className="sticky top-0 hidden h-dvh w-[280px] shrink-0 flex-col border-r bg-surface px-4 py-5 lg:flex">
				<Link to="/dashboard" aria-label="KIA, inicio del panel" className="mb-8 px-3">
					<Logo className="h-7" />
				</Link>
				<SideMenu user={user} siteUrl={siteUrl} />
			</aside>
			<div className="flex min-w-0 flex-1 flex-col">
				<header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b bg-background/80 px-4 backdrop-blur-md sm:px-6">
					<div className="flex items-center gap-2 lg:hidden">
						<PhoneMenu open={menuOpen} onOpenChange={setMenuOpen} label={dashboardCopy.openMenu} align="start">
							<SideMenu user={user} siteUrl={siteUrl} onNavigate={() => setMenuOpen(false)} />
						</PhoneMenu>
						<Logo className="h-6" />
					</div>
					<div className="ml-auto flex items-center gap-3">
						<ThemeSwitch />
						<AvatarMenu user={user} />
					</div>
				</header>
				<main id="contenido" className="relative flex-1 px-4 py-8 sm:px-6 lg:px-10">
					{loading ? (
						<div
							role="status"
							className="absolute inset-0 z-20 flex items-start justify-center bg-background/70 pt-24 backdrop-blur-sm"
						>
							<span className="inline-flex items-center gap-2 rounded-full border bg-surface px-4 py-2 text-sm shadow">
								<Icon name="loader-circle" className="size-4 animate-spin" />
								{dashboardCopy.loading}
							</span>
						</div>
					) : null}
					<div className="mx-auto max-w-5xl">{children}</div>
				</main>
			</div>
		</div>
	)
}

/** Back to the page a subpage belongs to (SPEC §2: every subpage links back to the dashboard). */
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
