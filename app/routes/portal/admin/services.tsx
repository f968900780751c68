import type { ReactNode } from 'react'
import { Link, useNavigation } from 'react-router'
import { env } from '~/.server/env'
import { checkPriceCatalogue, type CatalogueCheck } from '~/.server/billing/catalogue'
import { stripeDashboardUrl, stripeMode } from '~/.server/billing/stripe'
import { StackedTable } from '~/components/portal/stacked-table'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { buttonClass } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { adminServicesCopy as copy, findingsOf } from '~/content/admin-services'
import { periodLabels, planById, priceSuffix } from '~/content/plans'
import { formatEuros, formatAmount } from '~/lib/money'
import { formatLongDateTime } from '~/lib/dates'
import { cn } from '~/lib/utils'
import { isCorrect, type CatalogueEntry, type Charge, type PriceCheck } from '~/lib/price-check'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/services'

export const meta: Route.MetaFunction = () => [{ title: `${copy.title} · KIA` }]

export async function loader() {
	return servicesView(await checkPriceCatalogue())
}

/** Everything the page shows, worded and formatted by the server: the browser gets strings. */
function servicesView(result: CatalogueCheck) {
	const checks = result.ok ? result.checks : []
	const rows = result.ok
		? result.checks.map(checkRow)
		: result.entries.map((entry) => ({ ...entryColumns(entry), status: unchecked, problems: [] }))
	const correct = checks.filter(isCorrect).length
	return {
		mode: env.STRIPE_API_URL ? copy.modes.local : copy.modes[stripeMode()],
		checkedAt: (result.ok ? copy.summary.checkedAt : copy.summary.attemptedAt)(formatLongDateTime(result.checkedAt)),
		summary: result.ok
			? summaryOf(correct, checks.length)
			: { tone: 'failure' as const, ...copy.failures[result.reason] },
		rows,
	}
}

function summaryOf(correct: number, total: number) {
	if (correct === total)
		return { tone: 'correct' as const, title: copy.summary.allCorrect, text: copy.summary.allCorrectText(total) }
	return {
		tone: 'review' as const,
		title: copy.summary.needReview(total - correct),
		text: copy.summary.correctCount(correct, total),
	}
}

const unchecked = { tone: 'neutral', label: copy.statuses.unchecked } as const satisfies Status

type Status = { tone: BadgeTone; label: string }

/** What Stripe says, when it was asked and the price exists. */
type StripeColumn = { price: string; charge: string; product: string | null }

/** The plan and what the site sells: known whether or not Stripe answered. */
function entryColumns(entry: CatalogueEntry) {
	return {
		key: `${entry.plan}-${entry.period}`,
		plan: planById(entry.plan)?.name ?? entry.plan,
		period: periodLabels[entry.period],
		sitePrice: `${formatEuros(entry.amount)}${priceSuffix[entry.period]}`,
		siteCharge: copy.catalogueCharge(entry.charge, entry.period),
		priceId: entry.priceId ?? null,
		unsetVariable: entry.priceId ? null : copy.unsetVariable(entry.variable),
		dashboardUrl: entry.priceId ? stripeDashboardUrl(`prices/${encodeURIComponent(entry.priceId)}`) : null,
		stripe: null as StripeColumn | null,
	}
}

function checkRow(check: PriceCheck) {
	const row = entryColumns(check.entry)
	switch (check.status) {
		case 'unconfigured':
			return {
				...row,
				status: { tone: 'attention', label: copy.statuses.unconfigured } satisfies Status,
				problems: findingsOf(check),
			}
		case 'missing':
			return {
				...row,
				status: { tone: 'negative', label: copy.statuses.missing } satisfies Status,
				problems: findingsOf(check),
			}
		case 'checked': {
			const { stripe } = check
			return {
				...row,
				stripe: {
					price:
						stripe.unitAmount === null
							? copy.notInStripe
							: `${formatAmount(stripe.unitAmount, stripe.currency)}${chargeSuffix(stripe.charge)}`,
					charge: copy.chargeName(stripe.charge),
					product: stripe.productName,
				},
				status: (check.problems.length === 0
					? { tone: 'positive', label: copy.statuses.correct }
					: { tone: 'attention', label: copy.statuses.review }) satisfies Status,
				problems: findingsOf(check),
			}
		}
	}
}

/** "/año" after a yearly amount, as the site writes its prices; nothing after a one-time or unusual one. */
function chargeSuffix(charge: Charge) {
	if (charge.kind !== 'recurring' || charge.count !== 1) return ''
	return charge.interval === 'year' ? priceSuffix.annual : charge.interval === 'month' ? priceSuffix.monthly : ''
}

type LoaderData = Route.ComponentProps['loaderData']

const summaryLook = {
	correct: {
		icon: 'circle-check',
		className: 'border-emerald-500/40',
		iconClass: 'text-emerald-600 dark:text-emerald-400',
	},
	review: {
		icon: 'triangle-exclamation-point',
		className: 'border-amber-500/50',
		iconClass: 'text-amber-600 dark:text-amber-400',
	},
	failure: { icon: 'cloud-off', className: 'border-danger/40', iconClass: 'text-danger' },
} as const

function Summary({ view }: { view: LoaderData }) {
	const { summary } = view
	const look = summaryLook[summary.tone]
	// Stripe may take a few seconds to answer again: the button says it is on it.
	const navigation = useNavigation()
	const checking = navigation.state === 'loading' && navigation.location.pathname === '/admin/servicios'
	return (
		<section
			aria-labelledby="resumen"
			role={summary.tone === 'failure' ? 'alert' : undefined}
			className={cn(
				'mb-8 flex flex-col gap-4 rounded-2xl border bg-surface p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6',
				look.className,
			)}
		>
			<div className="flex gap-4">
				<Icon name={look.icon} className={cn('mt-0.5 size-7 shrink-0', look.iconClass)} />
				<div>
					<h2 id="resumen" className="text-lg font-semibold">
						{summary.title}
					</h2>
					<p className="mt-1 text-sm text-muted-foreground">{summary.text}</p>
				</div>
			</div>
			<div className="flex flex-col gap-3 sm:items-end">
				<div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground sm:justify-end">
					<span className="rounded-full border px-2.5 py-0.5 font-medium">{view.mode}</span>
					<span>{view.checkedAt}</span>
				</div>
				{/* A plain link to this page: without JavaScript it reloads, with it the loader runs again. */}
				<Link
					to="/admin/servicios"
					className={buttonClass({ variant: 'secondary', className: 'self-start sm:self-auto' })}
				>
					<Icon name="refresh-cw" className={cn('size-4', checking && 'animate-spin motion-reduce:animate-none')} />
					{copy.summary.recheck}
				</Link>
			</div>
		</section>
	)
}

/** One cell; on a phone its content sits right of its label, as in the other admin tables' cards. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
	return (
		<td data-label={label} className="p-4">
			<div className="min-w-0 max-sm:text-right">{children}</div>
		</td>
	)
}

function PriceRow({ row }: { row: LoaderData['rows'][number] }) {
	return (
		<tr className="border-b align-top last:border-0">
			<Cell label={copy.columns[0]}>
				<span className="block font-semibold">{row.plan}</span>
				<span className="block text-muted-foreground">{row.period}</span>
			</Cell>
			<Cell label={copy.columns[1]}>
				<span className="block font-medium tabular-nums">{row.sitePrice}</span>
				<span className="block text-xs text-muted-foreground">{row.siteCharge}</span>
			</Cell>
			<Cell label={copy.columns[2]}>
				{row.stripe ? (
					<>
						<span className="block font-medium tabular-nums">{row.stripe.price}</span>
						<span className="block text-xs text-muted-foreground">
							{[row.stripe.charge, row.stripe.product].filter(Boolean).join(' · ')}
						</span>
					</>
				) : (
					<span className="text-muted-foreground">—</span>
				)}
			</Cell>
			<Cell label={copy.columns[3]}>
				{row.priceId ? (
					<>
						<code className="block font-mono text-xs break-all">{row.priceId}</code>
						{row.dashboardUrl ? (
							<a
								href={row.dashboardUrl}
								target="_blank"
								rel="noreferrer"
								aria-label={copy.openInStripeLabel(row.priceId)}
								className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-brand-ink underline-offset-4 hover:underline"
							>
								{copy.openInStripe}
								<Icon name="external-link" className="size-3.5" />
							</a>
						) : null}
					</>
				) : (
					<code className="font-mono text-xs break-all text-muted-foreground">{row.unsetVariable}</code>
				)}
			</Cell>
			<Cell label={copy.columns[4]}>
				<Badge tone={row.status.tone}>{row.status.label}</Badge>
				{row.problems.length > 0 ? (
					<ul className="mt-2 space-y-1 text-left text-xs text-muted-foreground sm:max-w-xs">
						{row.problems.map((problem) => (
							<li key={problem} className="flex gap-1.5">
								<Icon
									name="triangle-exclamation-point"
									className="mt-px size-3.5 shrink-0 text-amber-600 dark:text-amber-400"
								/>
								<span>{problem}</span>
							</li>
						))}
					</ul>
				) : null}
			</Cell>
		</tr>
	)
}

export default routeComponent(AdminServices)

function AdminServices({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
			<p className="mt-2 mb-6 max-w-3xl text-muted-foreground">{copy.intro}</p>
			<Summary view={loaderData} />
			<section aria-labelledby="catalogo">
				<h2 id="catalogo" className="sr-only">
					{copy.catalogue}
				</h2>
				<StackedTable columns={copy.columns}>
					{loaderData.rows.map((row) => (
						<PriceRow key={row.key} row={row} />
					))}
				</StackedTable>
			</section>
		</>
	)
}
