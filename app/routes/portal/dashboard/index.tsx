import type { ReactNode } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { guardedUser } from '~/.server/auth/guards'
import { loadClientOverview, type PlanSummary } from '~/.server/dashboard/overview'
import { getPublicEnv } from '~/.server/env'
import { getSupabase } from '~/.server/supabase/client'
import { AssistantStatusBadge } from '~/components/assistants/assistant-parts'
import { menuIcons } from '~/components/portal/portal-shell'
import { Badge } from '~/components/portal/status-badge'
import { SupportRequestStatusBadge } from '~/components/support/support-request-status'
import { Button } from '~/components/ui/button'
import { Icon, type IconName } from '~/components/ui/icon'
import { billingStatusLabels } from '~/content/billing'
import { dashboardCopy } from '~/content/dashboard'
import { bookingsCopy } from '~/content/meetings'
import { periodLabels } from '~/content/plans'
import { formatBookingTime, formatLongDate } from '~/lib/dates'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/index'
import type { loader as layoutLoader } from './layout'

export const meta: Route.MetaFunction = () => [{ title: 'Panel de cliente · KIA' }]

const copy = dashboardCopy.home.overview

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const { SITE_URL } = getPublicEnv()
	return {
		...(await loadClientOverview(getSupabase(context), user)),
		bookingUrl: `${SITE_URL}/solicitar-demostracion-kia`,
		pricingUrl: `${SITE_URL}/tarifas`,
	}
}

type Data = Route.ComponentProps['loaderData']

export default routeComponent(DashboardHome)

function DashboardHome({ loaderData }: Route.ComponentProps) {
	const layout = useRouteLoaderData<typeof layoutLoader>('routes/portal/dashboard/layout')
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{dashboardCopy.home.greeting(layout?.user.name ?? '')}</h1>
			<p className="mt-2 text-muted-foreground">{dashboardCopy.home.lead}</p>
			<div className="mt-8 grid gap-5 md:grid-cols-2">
				<NextBooking block={loaderData.booking} bookingUrl={loaderData.bookingUrl} />
				<Plan block={loaderData.plan} pricingUrl={loaderData.pricingUrl} />
				<OpenRequests block={loaderData.requests} />
				<Assistants block={loaderData.assistants} />
			</div>
			<PageLinks />
		</>
	)
}

/** One block of the overview: a titled card, its content, and the way to the page behind it. */
function Block({
	id,
	icon,
	title,
	more,
	children,
}: {
	id: string
	icon: IconName
	title: string
	more: { to: string; label: string }
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="flex flex-col rounded-2xl border bg-surface p-6 shadow-sm">
			<h2 id={id} className="flex items-center gap-2.5 text-sm font-semibold text-muted-foreground">
				<span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand/10 text-brand-ink">
					<Icon name={icon} className="size-4" />
				</span>
				{title}
			</h2>
			<div className="mt-4 flex-1">{children}</div>
			<Link
				to={more.to}
				className="mt-5 inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-ink underline-offset-4 hover:underline"
			>
				{more.label}
				<Icon name="arrow-right" className="size-4" />
			</Link>
		</section>
	)
}

function Unavailable() {
	return <p className="text-sm text-danger">{copy.loadError}</p>
}

function Empty({ children }: { children: ReactNode }) {
	return <p className="text-sm text-muted-foreground">{children}</p>
}

function NextBooking({ block, bookingUrl }: { block: Data['booking']; bookingUrl: string }) {
	const text = copy.booking
	const booking = block.ok ? block.value : null
	return (
		<Block
			id="proxima-reunion"
			icon="calendar-days"
			title={text.heading}
			more={{ to: '/dashboard/reuniones', label: text.all }}
		>
			{!block.ok ? (
				<Unavailable />
			) : booking ? (
				<>
					<p className="text-xl font-semibold tracking-tight">{formatBookingTime(booking.fecha, booking.hora)}</p>
					<p className="mt-1 text-sm text-muted-foreground">{booking.motivo || bookingsCopy.defaultReason}</p>
					<div className="mt-4 flex flex-wrap gap-2">
						{booking.meet_url ? (
							<Button asChild size="md" className="h-9 px-3">
								<a href={booking.meet_url} target="_blank" rel="noreferrer">
									<Icon name="video" className="size-4" />
									{text.join}
								</a>
							</Button>
						) : null}
						<Button asChild size="md" variant="secondary" className="h-9 px-3">
							<Link to={`/dashboard/reuniones?${new URLSearchParams({ reprogramar: booking.id })}`}>
								{text.reschedule}
							</Link>
						</Button>
					</div>
				</>
			) : (
				<>
					<Empty>{text.none}</Empty>
					<Button asChild size="md" className="mt-4 h-9 px-3">
						<a href={bookingUrl}>
							<Icon name="calendar-plus" className="size-4" />
							{text.book}
						</a>
					</Button>
				</>
			)}
		</Block>
	)
}

function planLine(plan: Exclude<PlanSummary, { kind: 'none' }>) {
	if (plan.kind === 'one-time') return copy.plan.paidOnce(formatLongDate(plan.paidOn))
	if (!plan.until) return null
	return plan.ending ? copy.plan.ends(formatLongDate(plan.until)) : copy.plan.renews(formatLongDate(plan.until))
}

function Plan({ block, pricingUrl }: { block: Data['plan']; pricingUrl: string }) {
	const text = copy.plan
	return (
		<Block
			id="tu-plan"
			icon="credit-card"
			title={text.heading}
			more={{ to: '/dashboard/suscripcion', label: text.manage }}
		>
			{!block.ok ? (
				<Unavailable />
			) : block.value.kind === 'none' ? (
				<>
					<p className="font-semibold">{text.none}</p>
					<p className="mt-1 text-sm text-muted-foreground">{text.noneText}</p>
					<Button asChild size="md" className="mt-4 h-9 px-3">
						<a href={pricingUrl}>{text.choose}</a>
					</Button>
				</>
			) : (
				<>
					<p className="flex flex-wrap items-center gap-x-3 gap-y-1">
						<span className="text-xl font-semibold tracking-tight">Plan {block.value.name}</span>
						<span className="text-sm text-muted-foreground">{periodLabels[block.value.period]}</span>
						{block.value.kind === 'subscription' ? (
							<Badge tone={block.value.status === 'active' && !block.value.ending ? 'positive' : 'attention'}>
								{billingStatusLabels[block.value.status] ?? block.value.status}
							</Badge>
						) : null}
					</p>
					<p className="mt-1 text-sm text-muted-foreground">{planLine(block.value)}</p>
				</>
			)}
		</Block>
	)
}

function OpenRequests({ block }: { block: Data['requests'] }) {
	const text = copy.support
	return (
		<Block
			id="solicitudes-abiertas"
			icon="life-buoy"
			title={text.heading}
			more={{ to: '/dashboard/soporte', label: text.all }}
		>
			{!block.ok ? (
				<Unavailable />
			) : block.value.length === 0 ? (
				<>
					<Empty>{text.none}</Empty>
					<Link
						to="/dashboard/soporte#nueva-solicitud"
						className="mt-3 inline-flex text-sm font-medium text-brand-ink underline-offset-4 hover:underline"
					>
						{text.create}
					</Link>
				</>
			) : (
				<ul className="divide-y">
					{block.value.map((request) => (
						<li key={request.id} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
							<Link
								to={`/dashboard/soporte/${request.id}`}
								className="min-w-0 truncate font-medium underline-offset-4 hover:underline"
							>
								{request.subject}
							</Link>
							<SupportRequestStatusBadge status={request.status} />
						</li>
					))}
				</ul>
			)}
		</Block>
	)
}

function Assistants({ block }: { block: Data['assistants'] }) {
	const text = copy.assistants
	return (
		<Block id="tus-asistentes" icon="bot" title={text.heading} more={{ to: '/dashboard/asistentes', label: text.all }}>
			{!block.ok ? (
				<Unavailable />
			) : block.value.length === 0 ? (
				<Empty>{text.none}</Empty>
			) : (
				<ul className="divide-y">
					{block.value.map((assistant) => (
						<li key={assistant.id} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
							<span className="min-w-0 truncate font-medium">{assistant.nombre}</span>
							<AssistantStatusBadge status={assistant.estado} />
						</li>
					))}
				</ul>
			)}
		</Block>
	)
}

/**
 * Every page of the panel, below what is next. Five cards of one width: two a row on a tablet, three on a wide
 * screen, the short last row centred under the others.
 */
function PageLinks() {
	return (
		<section aria-labelledby="todo-tu-panel" className="mt-12">
			<h2 id="todo-tu-panel" className="text-lg font-semibold">
				{copy.pages}
			</h2>
			<ul className="mt-4 grid gap-4 sm:grid-cols-4 sm:[&>li]:col-span-2 sm:[&>li:last-child]:col-start-2 xl:grid-cols-6 xl:[&>li:last-child]:col-start-auto xl:[&>li:nth-child(4)]:col-start-2">
				{dashboardCopy.home.cards.map((card) => (
					<li key={card.to}>
						<Link
							to={card.to}
							className="group flex h-full items-start gap-4 rounded-2xl border bg-surface p-5 shadow-sm transition hover:border-brand/50 hover:shadow-md"
						>
							<span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
								<Icon name={menuIcons[card.icon]} className="size-5" />
							</span>
							<span>
								<span className="flex items-center gap-1.5 font-semibold">
									{card.title}
									<Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
								</span>
								<span className="mt-1 block text-sm text-muted-foreground">{card.text}</span>
							</span>
						</Link>
					</li>
				))}
			</ul>
		</section>
	)
}
