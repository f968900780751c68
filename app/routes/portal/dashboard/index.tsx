import { Link, useRouteLoaderData } from 'react-router'
import { menuIcons } from '~/components/portal/dashboard-shell'
import { Icon } from '~/components/ui/icon'
import { dashboardCopy } from '~/content/dashboard'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/index'
import type { loader as layoutLoader } from './layout'

export const meta: Route.MetaFunction = () => [{ title: 'Panel de cliente · KIA' }]

export default routeComponent(DashboardHome)

function DashboardHome() {
	const layout = useRouteLoaderData<typeof layoutLoader>('routes/portal/dashboard/layout')
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{dashboardCopy.home.greeting(layout?.user.name ?? '')}</h1>
			<p className="mt-2 text-muted-foreground">{dashboardCopy.home.lead}</p>
			<ul className="mt-10 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
				{dashboardCopy.home.cards.map((card) => {
					return (
						<li key={card.to}>
							<Link
								to={card.to}
								className="group flex h-full flex-col rounded-2xl border bg-surface p-6 shadow-sm transition hover:border-brand/50 hover:shadow-md"
							>
								<span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
									<Icon name={menuIcons[card.icon]} className="size-5" />
								</span>
								<span className="mt-4 flex items-center gap-1.5 font-semibold">
									{card.title}
									<Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
								</span>
								<span className="mt-1 text-sm text-muted-foreground">{card.text}</span>
							</Link>
						</li>
					)
				})}
			</ul>
		</>
	)
}
