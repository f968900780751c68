import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { mainNavigation, pricingLink, pricingNavigation } from '~/content/navigation'
import { cn } from '~/lib/utils'
import { useIdle } from '../idle'
import { Logo } from '../logo'
import { useMediaQuery } from '../media-query'
import { ThemeSwitch } from '../theme'
import { Button } from '../ui/button'
import { PhoneMenu } from '../ui/phone-menu'
import { navLinkClass } from './nav-link'

export type HeaderUser = { name: string; avatarUrl: string | null } | null

/** Translucent with blur and a border once the page has scrolled more than 10 px. */
function useScrolled(threshold = 10) {
	const [scrolled, setScrolled] = useState(false)
	useEffect(() => {
		const update = () => setScrolled(window.scrollY > threshold)
		update()
		window.addEventListener('scroll', update, { passive: true })
		return () => window.removeEventListener('scroll', update)
	}, [threshold])
	return scrolled
}

export function SiteHeader({ user, portalUrl }: { user: HeaderUser; portalUrl: string }) {
	const scrolled = useScrolled()
	return (
		<header
			data-scrolled={scrolled}
			className={cn(
				// Above the cookie banner (z-40): the phone menu opens down from here over it.
				'sticky top-0 z-50 border-b transition-colors duration-200',
				scrolled ? 'border-border bg-background/75 backdrop-blur-md' : 'border-transparent bg-background',
			)}
		>
			<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
				<Link to="/" aria-label="KIA, inicio" className="rounded-md">
					<Logo className="h-7" />
				</Link>
				<DesktopNavigation />
				<div className="flex items-center gap-2">
					<ThemeSwitch className="hidden sm:inline-flex" />
					<CustomerAccess user={user} portalUrl={portalUrl} className="hidden md:inline-flex" />
					<MobileMenu user={user} portalUrl={portalUrl} />
				</div>
			</div>
		</header>
	)
}

// Radix's navigation menu only adds the Tarifas dropdown, so it is fetched once the browser is idle after
// hydration, and only on a screen wide enough to show the bar (Tailwind's `lg`, as the bar's own `lg:block`);
// until then (and without JavaScript) Tarifas is a plain link to the pricing page. A phone never loads it.
const NavigationMenuBar = lazy(() => import('./navigation-menu'))
const wideEnoughForTheBar = '(min-width: 64rem)'

function DesktopNavigation() {
	const links = <PlainNavigation />
	return useIdle() ? <NavigationMenuWhenWide fallback={links} /> : links
}

function NavigationMenuWhenWide({ fallback }: { fallback: ReactNode }) {
	if (!useMediaQuery(wideEnoughForTheBar)) return fallback
	return (
		<Suspense fallback={fallback}>
			<NavigationMenuBar />
		</Suspense>
	)
}

function PlainNavigation() {
	return (
		<nav aria-label="Principal" className="relative hidden lg:block">
			<ul className="flex items-center gap-1">
				{[...mainNavigation.slice(0, 1), pricingLink, ...mainNavigation.slice(1)].map((item) => (
					<li key={item.to}>
						<NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
							{item.label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** An absolute link to the portal: the dashboard when signed in, the sign-in page otherwise. */
function CustomerAccess({ user, portalUrl, className }: { user: HeaderUser; portalUrl: string; className?: string }) {
	if (!user) {
		return (
			<Button asChild className={className}>
				<a href={`${portalUrl}/auth`}>Acceso Clientes</a>
			</Button>
		)
	}
	return (
		<Button asChild className={className}>
			<a href={`${portalUrl}/dashboard`}>
				{user.avatarUrl ? (
					<img src={user.avatarUrl} alt="" className="size-6 rounded-full object-cover" />
				) : (
					<span
						aria-hidden
						className="inline-flex size-6 items-center justify-center rounded-full bg-white/20 text-xs font-semibold"
					>
						{user.name.charAt(0).toUpperCase()}
					</span>
				)}
				Ir al Dashboard
			</a>
		</Button>
	)
}

function MobileMenu({ user, portalUrl }: { user: HeaderUser; portalUrl: string }) {
	const [open, setOpen] = useState(false)
	const close = () => setOpen(false)
	return (
		<PhoneMenu open={open} onOpenChange={setOpen} label="Abrir menú" className="lg:hidden">
			<nav aria-label="Menú móvil" className="flex flex-col gap-1">
				{mainNavigation.map((item) => (
					<NavLink key={item.to} to={item.to} end={item.to === '/'} className={navLinkClass} onClick={close}>
						{item.label}
					</NavLink>
				))}
				<p className="mt-3 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
					{pricingLink.label}
				</p>
				{pricingNavigation.map((item) => (
					<NavLink key={item.to} to={item.to} end className={navLinkClass} onClick={close}>
						{item.label}
					</NavLink>
				))}
			</nav>
			<div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t pt-4">
				<ThemeSwitch />
				<CustomerAccess user={user} portalUrl={portalUrl} />
			</div>
		</PhoneMenu>
	)
}
