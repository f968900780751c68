import { Link } from 'react-router'
import { loadPanelFigures, upcomingDays } from '~/.server/admin/panel'
import { getSupabase } from '~/.server/supabase/client'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { adminCopy } from '~/content/admin'
import { adminJobsCopy } from '~/content/admin-jobs'
import { cn } from '~/lib/utils'
import { formatEuros, formatCount } from '~/lib/money'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/index'

export async function loader({ context }: Route.LoaderArgs) {
	const figures = await loadPanelFigures(getSupabase(context))
	return {
		figures: figureCards(figures),
		subscribers: figures.newsletterSubscribers,
		queue: queueLine(figures.queue),
	}
}

/** Each figure, formatted by the server, links to the list it counts, filtered the same way. */
function figureCards(figures: Awaited<ReturnType<typeof loadPanelFigures>>) {
	const copy = adminCopy.figures
	const upcoming = new URLSearchParams({ estado: 'confirmada', ...figures.upcoming })
	const count = (value: number | null) => (value === null ? null : formatCount(value))
	return [
		{ label: copy.bookings(upcomingDays), value: count(figures.upcomingBookings), to: `/admin/reuniones?${upcoming}` },
		{ label: copy.inbox, value: count(figures.newInboxItems), to: '/admin/soporte?estado=nueva' },
		{ label: copy.subscriptions, value: count(figures.activeSubscriptions), to: '/admin/facturacion' },
		{
			label: copy.revenue,
			value: figures.monthlyRecurringRevenue === null ? null : formatEuros(figures.monthlyRecurringRevenue),
			to: '/admin/facturacion',
		},
	]
}

/** A due job that waited a minute is late: the worker polls every two seconds. */
const lateAfterSeconds = 60

/** The queue in one sentence: up to date, late, or holding failed jobs for the admin to look at. */
function queueLine(queue: Awaited<ReturnType<typeof loadPanelFigures>>['queue']) {
	const copy = adminJobsCopy.panel
	if (!queue) return { tone: 'attention' as const, text: copy.unavailable, to: '/admin/trabajos' }
	if (queue.fallidos > 0)
		return { tone: 'attention' as const, text: copy.failed(queue.fallidos), to: '/admin/trabajos?estado=fallido' }
	const due = queue.vencidos + queue.atascados
	if (due > 0 && queue.espera_segundos >= lateAfterSeconds)
		return {
			tone: 'attention' as const,
			text: copy.waiting(due, adminJobsCopy.summary.wait(queue.espera_segundos)),
			to: '/admin/trabajos',
		}
	return { tone: 'calm' as const, text: copy.upToDate, to: '/admin/trabajos' }
}

function Queue({ line }: { line: ReturnType<typeof queueLine> }) {
	const copy = adminJobsCopy.panel
	return (
		<section
			aria-labelledby="trabajos"
			className={cn(
				'mt-4 flex flex-wrap items-center justify-between gap-4 rounded-2xl border bg-surface p-4 shadow-sm sm:p-6',
				line.tone === 'attention' && 'border-amber-500/60',
			)}
		>
			<div className="flex items-start gap-3">
				<Icon
					name={line.tone === 'attention' ? 'triangle-exclamation-point' : 'circle-check'}
					className={cn(
						'mt-0.5 size-5 shrink-0',
						line.tone === 'attention' ? 'text-amber-600 dark:text-amber-400' : 'text-emerald-600 dark:text-emerald-400',
					)}
				/>
				<div>
					<h2 id="trabajos" className="font-semibold">
						{copy.title}
					</h2>
					<p className="mt-1 text-sm text-muted-foreground">{line.text}</p>
				</div>
			</div>
			<Button asChild variant="secondary">
				<Link to={line.to}>{copy.open}</Link>
			</Button>
		</section>
	)
}

/** The newsletter has no list of its own to manage: its count and the export for the mailing tool. */
function Newsletter({ subscribers }: { subscribers: number | null }) {
	const copy = adminCopy.newsletter
	return (
		<section
			aria-labelledby="boletin"
			className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl border bg-surface p-4 shadow-sm sm:p-6"
		>
			<div>
				<h2 id="boletin" className="font-semibold">
					{copy.title}
				</h2>
				<p className="mt-1 text-sm text-muted-foreground">
					{subscribers === null ? copy.unavailable : copy.subscribers(subscribers)}
				</p>
			</div>
			<Button asChild variant="secondary">
				<a href="/admin/boletin.csv" download>
					<Icon name="download" className="size-4" />
					{copy.export}
				</a>
			</Button>
		</section>
	)
}

export default routeComponent(AdminHome)

function AdminHome({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{adminCopy.welcome}</h1>
			<p className="mt-2 text-muted-foreground">{adminCopy.welcomeText}</p>
			<section aria-labelledby="cifras" className="mt-8">
				<h2 id="cifras" className="sr-only">
					{adminCopy.figures.title}
				</h2>
				<ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
					{loaderData.figures.map((figure) => (
						<li key={figure.label}>
							<Link
								to={figure.to}
								className="flex h-full flex-col rounded-2xl border bg-surface p-4 shadow-sm transition hover:border-brand/50 sm:p-6"
							>
								<span className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
									{figure.value ?? adminCopy.figures.unavailable}
								</span>
								<span className="mt-1 text-sm text-muted-foreground">{figure.label}</span>
							</Link>
						</li>
					))}
				</ul>
			</section>
			<Newsletter subscribers={loaderData.subscribers} />
			<Queue line={loaderData.queue} />
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{adminCopy.cards.map((card) => (
					<li key={card.to}>
						<Link
							to={card.to}
							className="block h-full rounded-2xl border bg-surface p-6 shadow-sm transition hover:border-brand/50"
						>
							<span className="block font-semibold">{card.title}</span>
							<span className="mt-1 block text-sm text-muted-foreground">{card.text}</span>
						</Link>
					</li>
				))}
			</ul>
		</>
	)
}
