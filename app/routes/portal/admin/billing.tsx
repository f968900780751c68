import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { loadBillingFigures, loadBillingList } from '~/.server/admin/billing-figures'
import { getSupabase } from '~/.server/supabase/client'
import { AdminTable, ClearFilters, FilterSelect } from '~/components/admin/admin-table'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { Icon } from '~/components/ui/icon'
import { ViewTabs } from '~/components/portal/view-tabs'
import { adminBillingCopy as copy } from '~/content/admin-billing'
import { billingStatusLabels, invoiceStatusLabels } from '~/content/billing'
import { periodLabels, planById } from '~/content/plans'
import type { AdminFailedRow, AdminPaymentRow, AdminSubscriptionRow } from '~/lib/admin-rows'
import { formatEuros, formatCount, formatAmount } from '~/lib/money'
import {
	billingFiltersFrom,
	billingViews,
	paymentStatuses,
	subscriptionStatuses,
	type BillingFilters,
	type BillingView,
} from '~/lib/billing-filters'
import { formatLongDate } from '~/lib/dates'
import { billingPeriods } from '~/lib/period'
import { planIds } from '~/lib/plan-ids'
import { routeComponent } from '~/lib/route-component'
import { cn } from '~/lib/utils'
import type { Route } from './+types/billing'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · Panel de Administración · KIA` }]

export async function loader({ url, context }: Route.LoaderArgs) {
	const filters = billingFiltersFrom(url.searchParams)
	const supabase = getSupabase(context)
	const [figures, list] = await Promise.all([loadBillingFigures(supabase), loadBillingList(url, supabase, filters)])
	return { figures, list, filters }
}

type LoaderData = Route.ComponentProps['loaderData']

/** A row as the loader sends it: with where it opens in Stripe's Dashboard. */
type Linked<Row> = Row & { stripeUrl: string }

const tones: Record<string, BadgeTone> = {
	active: 'positive',
	paid: 'positive',
	trialing: 'attention',
	incomplete: 'attention',
	past_due: 'negative',
	unpaid: 'negative',
	open: 'negative',
	uncollectible: 'negative',
}

function StatusBadge({ status }: { status: string }) {
	return (
		<Badge tone={tones[status] ?? 'neutral'}>
			{billingStatusLabels[status] ?? invoiceStatusLabels[status] ?? status}
		</Badge>
	)
}

const planName = (plan: string | null) => (plan === null ? '—' : (planById(plan)?.name ?? plan))
const periodName = (period: string | null) =>
	period === 'annual' || period === 'monthly' ? periodLabels[period] : (period ?? '')

function Figures({ figures }: { figures: LoaderData['figures'] }) {
	const text = copy.figures
	const money = (value: number | undefined) => (value === undefined ? text.unavailable : formatEuros(value))
	const cards: { label: string; value: string; to?: string }[] = [
		{ label: text.mrr, value: money(figures?.mrr) },
		{ label: text.arr, value: money(figures?.arr) },
		{ label: text.billed, value: figures ? formatCount(figures.billed) : text.unavailable },
		{
			label: text.failed,
			value: figures?.failed === null || !figures ? text.unavailable : formatCount(figures.failed),
			to: '?vista=fallidos',
		},
	]
	return (
		<section aria-labelledby="cifras" className="mb-8">
			<h2 id="cifras" className="sr-only">
				{text.title}
			</h2>
			<p className="-mt-3 mb-5 max-w-3xl text-muted-foreground">{copy.lead}</p>
			<ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
				{cards.map((card) => {
					const body = (
						<>
							<span className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{card.value}</span>
							<span className="mt-1 text-sm text-muted-foreground">{card.label}</span>
						</>
					)
					const box = 'flex h-full flex-col rounded-2xl border bg-surface p-4 shadow-sm sm:p-6'
					return (
						<li key={card.label}>
							{card.to ? (
								<Link to={card.to} className={cn(box, 'transition hover:border-brand/50')}>
									{body}
								</Link>
							) : (
								<div className={box}>{body}</div>
							)}
						</li>
					)
				})}
			</ul>
			<p className="mt-3 text-xs text-muted-foreground">{text.hint}</p>
			{figures ? <PerPlan perPlan={figures.perPlan} mrr={figures.mrr} /> : null}
		</section>
	)
}

/** A figure of the per-plan table: on a phone, one line each, its column's name on the left, apart from the value. */
const perPlanCell =
	'px-4 py-3 text-right sm:px-6 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-x-4 max-sm:px-0 max-sm:py-0.5 max-sm:before:text-xs max-sm:before:content-[attr(data-label)]'

function PerPlan({ perPlan, mrr }: { perPlan: NonNullable<LoaderData['figures']>['perPlan']; mrr: number }) {
	const text = copy.perPlan
	const [, ...figureColumns] = text.columns
	const sum = (key: 'monthly' | 'annual' | 'oneTime') => perPlan.reduce((total, row) => total + row[key], 0)
	return (
		<div className="mt-6 rounded-2xl border bg-surface">
			<h3 className="border-b px-4 py-3 text-sm font-semibold sm:px-6">{text.title}</h3>
			<table className="w-full text-left text-sm">
				<thead className="text-muted-foreground max-sm:sr-only">
					<tr>
						{text.columns.map((column, index) => (
							<th key={column} scope="col" className={cn('px-4 py-3 font-medium sm:px-6', index > 0 && 'text-right')}>
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="tabular-nums">
					{perPlan.map((row) => (
						<tr key={row.plan} className="border-t max-sm:block max-sm:px-4 max-sm:py-3">
							<th scope="row" className="px-4 py-3 font-medium max-sm:block max-sm:p-0 max-sm:pb-1 sm:px-6">
								{planName(row.plan)}
							</th>
							{[row.monthly, row.annual, row.oneTime].map((value, index) => (
								<td
									key={figureColumns[index]}
									data-label={figureColumns[index]}
									className={cn(perPlanCell, 'max-sm:text-muted-foreground')}
								>
									{formatCount(value)}
								</td>
							))}
							<td
								data-label={figureColumns[3]}
								className={cn(perPlanCell, 'font-medium max-sm:before:font-normal max-sm:before:text-muted-foreground')}
							>
								{formatEuros(row.mrr)}
							</td>
						</tr>
					))}
					<tr className="border-t font-semibold max-sm:hidden">
						<th scope="row" className="px-4 py-3 sm:px-6">
							{text.total}
						</th>
						<td className="px-4 py-3 text-right sm:px-6">{formatCount(sum('monthly'))}</td>
						<td className="px-4 py-3 text-right sm:px-6">{formatCount(sum('annual'))}</td>
						<td className="px-4 py-3 text-right sm:px-6">{formatCount(sum('oneTime'))}</td>
						<td className="px-4 py-3 text-right sm:px-6">{formatEuros(mrr)}</td>
					</tr>
				</tbody>
			</table>
		</div>
	)
}

/** The three lists, as links that keep the search term: each view has filters of its own. */
function BillingViews({ current }: { current: BillingView }) {
	const [searchParams] = useSearchParams()
	const search = searchParams.get('q')
	const tabs = billingViews.map((view) => ({
		to: `?${new URLSearchParams({ vista: view, ...(search ? { q: search } : {}) })}`,
		label: copy.views[view],
		current: view === current,
	}))
	return <ViewTabs label={copy.viewsLabel} tabs={tabs} />
}

function Filters({ filters }: { filters: BillingFilters }) {
	const text = copy.filters
	const statuses: readonly string[] =
		filters.vista === 'suscripciones' ? subscriptionStatuses : filters.vista === 'pagos' ? paymentStatuses : []
	return (
		<>
			<input type="hidden" name="vista" value={filters.vista} />
			<FilterSelect
				name="plan"
				label={text.plan}
				value={filters.plan}
				options={[['', text.allPlans], ...planIds.map((plan): [string, string] => [plan, planName(plan)])]}
			/>
			{filters.vista === 'suscripciones' ? (
				<FilterSelect
					name="periodo"
					label={text.period}
					value={filters.periodo}
					options={[
						['', text.allPeriods],
						...billingPeriods.map((period): [string, string] => [period, periodLabels[period]]),
					]}
				/>
			) : null}
			{statuses.length ? (
				<FilterSelect
					name="estado"
					label={text.status}
					value={filters.estado}
					options={[
						['', text.allStatuses],
						...statuses.map((status): [string, string] => [status, billingStatusLabels[status] ?? status]),
					]}
				/>
			) : null}
			<ClearFilters active={Boolean(filters.plan || filters.periodo || filters.estado)} keep={['vista']} />
		</>
	)
}

function Client({ name, email }: { name: string | null; email: string | null }) {
	if (!name && !email) return <span className="text-muted-foreground">{copy.deletedClient}</span>
	return (
		<span className="max-sm:text-right">
			<span className="block font-medium">{name || email}</span>
			{name && email ? <span className="block text-muted-foreground">{email}</span> : null}
		</span>
	)
}

function StripeLink({ href, id }: { href: string; id: string }) {
	return (
		<a
			href={href}
			target="_blank"
			rel="noopener noreferrer"
			aria-label={`${copy.openInStripeLabel(id)} ${copy.newTab}`}
			className="inline-flex items-center gap-1.5 whitespace-nowrap text-brand-ink underline-offset-4 hover:underline"
		>
			{copy.openInStripe}
			<Icon name="external-link" className="size-3.5" />
		</a>
	)
}

/** A cell with its column's name, which a phone shows beside the value (AdminTable's stacked rows). */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
	return (
		<td data-label={label} className={cn('p-4', className)}>
			{children}
		</td>
	)
}

function SubscriptionRows({ rows }: { rows: Linked<AdminSubscriptionRow>[] }) {
	const [client, plan, status, amount, renewal, since, stripe] = copy.columns.suscripciones
	return rows.map((row) => (
		<tr key={row.id} className="border-b last:border-0">
			<Cell label={client}>
				<Client name={row.cliente_nombre} email={row.cliente_email} />
			</Cell>
			<Cell label={plan}>
				{planName(row.plan)} · {periodName(row.periodo)}
			</Cell>
			<Cell label={status}>
				<span className="flex flex-col items-start gap-1 max-sm:items-end">
					<StatusBadge status={row.status} />
					{row.cancel_at_period_end ? (
						<span className="text-xs text-muted-foreground">{copy.cancelsAtPeriodEnd}</span>
					) : null}
				</span>
			</Cell>
			<Cell label={amount} className="whitespace-nowrap tabular-nums">
				{row.amount !== null && row.currency
					? `${formatAmount(row.amount, row.currency)}${copy.perInterval[row.price_interval ?? ''] ?? ''}`
					: '—'}
			</Cell>
			<Cell label={renewal} className="whitespace-nowrap text-muted-foreground">
				{row.current_period_end ? formatLongDate(row.current_period_end) : '—'}
			</Cell>
			<Cell label={since} className="whitespace-nowrap text-muted-foreground">
				{formatLongDate(row.created_at)}
			</Cell>
			<Cell label={stripe}>
				<StripeLink href={row.stripeUrl} id={row.id} />
			</Cell>
		</tr>
	))
}

function PaymentRows({ rows }: { rows: Linked<AdminPaymentRow>[] }) {
	const [client, plan, status, base, amount, date, stripe] = copy.columns.pagos
	return rows.map((row) => (
		<tr key={row.id} className="border-b last:border-0">
			<Cell label={client}>
				<Client name={row.cliente_nombre} email={row.cliente_email} />
			</Cell>
			<Cell label={plan}>
				{planName(row.plan)} · {periodName(row.periodo)}
			</Cell>
			<Cell label={status}>
				<StatusBadge status={row.status} />
			</Cell>
			<Cell label={base} className="whitespace-nowrap tabular-nums">
				{formatAmount(row.amount_subtotal, row.currency)}
			</Cell>
			<Cell label={amount} className="whitespace-nowrap tabular-nums">
				{formatAmount(row.amount_total, row.currency)}
			</Cell>
			<Cell label={date} className="whitespace-nowrap text-muted-foreground">
				{formatLongDate(row.created_at)}
			</Cell>
			<Cell label={stripe}>
				<StripeLink href={row.stripeUrl} id={row.payment_intent_id ?? row.customer_id} />
			</Cell>
		</tr>
	))
}

function FailedRows({ rows }: { rows: Linked<AdminFailedRow>[] }) {
	const [client, what, plan, status, due, date, stripe] = copy.columns.fallidos
	return rows.map((row) => (
		<tr key={`${row.tipo}-${row.id}`} className="border-b last:border-0">
			<Cell label={client}>
				<Client name={row.cliente_nombre} email={row.cliente_email} />
			</Cell>
			<Cell label={what}>{row.tipo === 'factura' ? copy.invoice(row.numero) : copy.payment}</Cell>
			<Cell label={plan}>{row.plan ? `${planName(row.plan)} · ${periodName(row.periodo)}` : '—'}</Cell>
			<Cell label={status}>
				<StatusBadge status={row.status} />
			</Cell>
			<Cell label={due} className="whitespace-nowrap tabular-nums">
				{formatAmount(row.importe, row.currency)}
			</Cell>
			<Cell label={date} className="whitespace-nowrap text-muted-foreground">
				{formatLongDate(row.created_at)}
			</Cell>
			<Cell label={stripe}>
				<StripeLink href={row.stripeUrl} id={row.tipo === 'factura' ? row.id : row.customer_id} />
			</Cell>
		</tr>
	))
}

function Rows({ list }: { list: LoaderData['list'] }) {
	switch (list.vista) {
		case 'pagos':
			return <PaymentRows rows={list.rows} />
		case 'fallidos':
			return <FailedRows rows={list.rows} />
		default:
			return <SubscriptionRows rows={list.rows} />
	}
}

export default routeComponent(AdminBilling)

function AdminBilling({ loaderData }: Route.ComponentProps) {
	const { figures, list, filters } = loaderData
	return (
		<AdminTable
			title={copy.title}
			placeholder={copy.searchPlaceholder}
			columns={copy.columns[list.vista]}
			list={list}
			empty={copy.empty[list.vista]}
			lead={
				<>
					<Figures figures={figures} />
					<BillingViews current={list.vista} />
				</>
			}
			filters={<Filters filters={filters} />}
		>
			<Rows list={list} />
		</AdminTable>
	)
}
