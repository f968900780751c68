import { useState, type ReactNode } from 'react'
import { Form, Link, NavLink, useNavigation } from 'react-router'
import { Icon, type IconName } from '~/components/ui/icon'
import { cn } from '~/lib/utils'
import { Logo } from '../logo'
import { SkipLink } from '../skip-link'
import { ThemeSwitch } from '../theme'
import { PhoneMenu } from '../ui/phone-menu'
import { AccountMenu, signOutAction, type AccountMenuLink } from './account-menu'

/** The icon of each menu entry, by the key the area's copy names it with. */
export const menuIcons = {
	home: 'house',
	calendar: 'calendar-days',
	card: 'credit-card',
	bot: 'bot',
	support: 'life-buoy',
	user: 'user-round',
	admin: 'shield',
	dashboard: 'layout-dashboard',
	users: 'users',
	services: 'package',
	billing: 'receipt',
	chat: 'message-circle',
	settings: 'settings',
	jobs: 'refresh-cw',
	documents: 'file-text',
} satisfies Record<string, IconName>

export type MenuLink = { to: string; label: string; icon: keyof typeof menuIcons }

export type ShellUser = { name: string; email: string; avatarUrl: string | null }

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

export type PortalShellProps = {
	/** The area's first page: the logo leads there, and its menu entry is lit on it alone. */
	home: string
	/** What the logo link says, the logo being an image. */
	homeLabel: string
	/** The area's name in the header, if it has one. */
	title?: string
	menu: { label: string; openLabel: string; links: readonly MenuLink[] }
	/** The way out of the area, at the foot of its menu. */
	exit: { to: string; label: string }
	user: ShellUser
	accountLinks: AccountMenuLink[]
	signOutLabel: string
	/** Shown over the page while the next one loads. */
	loadingLabel?: string
	/** Room for the back office's tables. */
	wide?: boolean
	children: ReactNode
}

const menuItemClass = 'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors'
const quietItemClass = cn(menuItemClass, 'text-muted-foreground hover:bg-surface-muted hover:text-foreground')
const activeItemClass = cn(menuItemClass, 'bg-brand/10 text-brand-ink')

function SideMenu({
	home,
	menu,
	exit,
	signOutLabel,
	onNavigate,
}: Pick<PortalShellProps, 'home' | 'menu' | 'exit' | 'signOutLabel'> & { onNavigate?: () => void }) {
	return (
		<nav aria-label={menu.label} className="flex h-full flex-col gap-1">
			{menu.links.map((item) => (
				<NavLink
					key={item.to}
					to={item.to}
					// A request's page (/dashboard/soporte/…) is still Soporte; only the home entry is its exact path.
					end={item.to === home}
					className={({ isActive }) => (isActive ? activeItemClass : quietItemClass)}
					onClick={onNavigate}
				>
					<Icon name={menuIcons[item.icon]} className="size-4" />
					{item.label}
				</NavLink>
			))}
			<Link to={exit.to} className={cn(quietItemClass, 'mt-auto')} onClick={onNavigate}>
				<Icon name="arrow-left" className="size-4" />
				{exit.label}
			</Link>
			<Form method="post" action={signOutAction}>
				<button type="submit" className={cn(quietItemClass, 'w-full')}>
					<Icon name="log-out" className="size-4" />
					{signOutLabel}
				</button>
			</Form>
		</nav>
	)
}

/**
 * The frame of both portal areas, the client's and the back office (issue 55: one navigation pattern): from lg a
 * 280 px side menu down the page's whole length, below lg the same menu behind the header's menu button;
 * the avatar's menu in the header.
 */
export function PortalShell({
	home,
	homeLabel,
	title,
	menu,
	exit,
	user,
	accountLinks,
	signOutLabel,
	loadingLabel,
	wide = false,
	children,
}: PortalShellProps) {
	const navigation = useNavigation()
	const [menuOpen, setMenuOpen] = useState(false)
	const loading = loadingLabel !== undefined && navigation.state === 'loading' && navigation.formMethod === undefined
	const sideMenu = { home, menu, exit, signOutLabel }
	return (
		<div className="flex min-h-dvh">
			<SkipLink />
			{/*
			 * Its border and ground run to the page's foot; the menu itself stays in sight as the page scrolls.
			 * Named, as a page may have an aside of its own (a support item's).
			 */}
			<aside aria-label={menu.label} className="hidden w-[280px] shrink-0 border-r bg-surface lg:block">
				<div className="sticky top-0 flex h-dvh flex-col overflow-y-auto px-4 py-5">
					<Link to={home} aria-label={homeLabel} className="mb-8 px-3">
						<Logo className="h-7" />
					</Link>
					<SideMenu {...sideMenu} />
				</div>
			</aside>
			<div className="flex min-w-0 flex-1 flex-col">
				<header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b bg-background/80 px-4 backdrop-blur-md sm:px-6 lg:px-10">
					<div className="flex min-w-0 items-center gap-2">
						<div className="flex items-center gap-2 lg:hidden">
							<PhoneMenu open={menuOpen} onOpenChange={setMenuOpen} label={menu.openLabel} align="start">
								<SideMenu {...sideMenu} onNavigate={() => setMenuOpen(false)} />
							</PhoneMenu>
							<Link to={home} aria-label={homeLabel}>
								<Logo className="h-6" />
							</Link>
						</div>
						{title ? <p className="hidden truncate text-sm font-semibold sm:block">{title}</p> : null}
					</div>
					<div className="flex items-center gap-3">
						<ThemeSwitch />
						<AccountMenu
							label={`Menú de ${user.name}`}
							avatar={<Avatar user={user} />}
							heading={
								<div className="px-3 py-2">
									<p className="truncate text-sm font-semibold">{user.name}</p>
									<p className="truncate text-xs text-muted-foreground">{user.email}</p>
								</div>
							}
							links={accountLinks}
							signOutLabel={signOutLabel}
						/>
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
								{loadingLabel}
							</span>
						</div>
					) : null}
					<div className={cn('mx-auto', wide ? 'max-w-7xl' : 'max-w-5xl')}>{children}</div>
				</main>
			</div>
		</div>
	)
}
