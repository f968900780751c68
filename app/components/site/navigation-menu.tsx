import * as NavigationMenu from '@radix-ui/react-navigation-menu'
import { Link, NavLink } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { mainNavigation, pricingLink, pricingNavigation } from '~/content/navigation'
import { navLinkClass } from './nav-link'

/** The header's main navigation with the Tarifas dropdown (Radix); loaded after hydration by header.tsx. */
export default function NavigationMenuBar() {
	const [home, ...rest] = mainNavigation
	return (
		<NavigationMenu.Root
			aria-label="Principal"
			delayDuration={200}
			skipDelayDuration={300}
			className="relative hidden lg:block"
		>
			<NavigationMenu.List className="flex items-center gap-1">
				{home ? (
					<NavigationMenu.Item>
						<NavLink to={home.to} end className={navLinkClass}>
							{home.label}
						</NavLink>
					</NavigationMenu.Item>
				) : null}
				<NavigationMenu.Item>
					<NavigationMenu.Trigger className="group inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=open]:text-foreground">
						{pricingLink.label}
						<Icon name="chevron-down" className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
					</NavigationMenu.Trigger>
					<NavigationMenu.Content className="absolute top-full left-0 mt-2 w-80 rounded-2xl border bg-surface p-2 shadow-xl">
						<ul>
							{pricingNavigation.map((item) => (
								<li key={item.to}>
									<NavigationMenu.Link asChild>
										<Link to={item.to} className="block rounded-xl px-4 py-3 hover:bg-surface-muted">
											<span className="block text-sm font-medium">{item.label}</span>
											<span className="block text-sm text-muted-foreground">{item.description}</span>
										</Link>
									</NavigationMenu.Link>
								</li>
							))}
						</ul>
					</NavigationMenu.Content>
				</NavigationMenu.Item>
				{rest.map((item) => (
					<NavigationMenu.Item key={item.to}>
						<NavLink to={item.to} className={navLinkClass}>
							{item.label}
						</NavLink>
					</NavigationMenu.Item>
				))}
			</NavigationMenu.List>
		</NavigationMenu.Root>
	)
}
