import { Link } from 'react-router'
import { cn } from '~/lib/utils'

/**
 * A page's views as links in one pill, the current one filled with the brand colour: the portal's tab style
 * for pages whose views live in the URL (Mis Reuniones' Próximas and Pasadas, the admin's billing views).
 */
export function ViewTabs({ label, tabs }: { label: string; tabs: { to: string; label: string; current: boolean }[] }) {
	return (
		<nav aria-label={label} className="mb-6 max-w-full overflow-x-auto">
			{/* On a phone the pill takes the row and shares it out, so every view is in sight. */}
			<span className="flex rounded-full border bg-surface p-1 sm:inline-flex">
				{tabs.map((tab) => (
					<Link
						key={tab.to}
						to={tab.to}
						aria-current={tab.current ? 'page' : undefined}
						className={cn(
							'flex-1 rounded-full px-2 py-2 text-center text-sm font-medium whitespace-nowrap sm:flex-none sm:px-5',
							tab.current ? 'bg-brand text-brand-foreground' : 'text-muted-foreground hover:text-foreground',
						)}
					>
						{tab.label}
					</Link>
				))}
			</span>
		</nav>
	)
}
