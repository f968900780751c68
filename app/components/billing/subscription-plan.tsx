import { useState, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import type { InvoiceRow, SubscriptionRow } from '~/lib/billing-rows'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { Icon } from '~/components/ui/icon'
import { billingStatusLabels, subscriptionCopy as copy } from '~/content/billing'
import { periodLabels, planById, priceSuffix } from '~/content/plans'
import { formatEuros, formatAmount } from '~/lib/money'
import { formatLongDate } from '~/lib/dates'
import { SubmitButton, usePendingForm } from '~/components/forms'

export function toneOf(status: string): BadgeTone {
	if (status === 'active' || status === 'trialing' || status === 'paid') return 'positive'
	if (status === 'past_due' || status === 'open' || status === 'incomplete') return 'attention'
	if (status === 'unpaid' || status === 'canceled' || status === 'incomplete_expired' || status === 'uncollectible')
		return 'negative'
	return 'neutral'
}

export const planName = (plan: string) => `Plan ${planById(plan)?.name ?? plan}`

export function IntentForm({
	intent,
	subscription,
	children,
	className,
	onSubmit,
}: {
	intent: 'cancel' | 'resume' | 'portal'
	subscription?: SubscriptionRow
	children: ReactNode
	className?: string
	onSubmit?: () => void
}) {
	return (
		<Form method="post" className={className} onSubmit={onSubmit}>
			<input type="hidden" name="intent" value={intent} />
			{subscription ? <input type="hidden" name="subscription" value={subscription.id} /> : null}
			{children}
		</Form>
	)
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
	return (
		<div>
			<dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
			<dd className="mt-1 font-medium">{children}</dd>
		</div>
	)
}

export function PlanPanel({ subscription, openInvoice }: { subscription: SubscriptionRow; openInvoice?: InvoiceRow }) {
	const plan = planById(subscription.plan)
	const end = subscription.current_period_end ? formatLongDate(subscription.current_period_end) : null
	const resuming = usePendingForm({ intent: 'resume', fields: { subscription: subscription.id } })
	const amount =
		subscription.amount !== null && subscription.currency
			? formatAmount(subscription.amount, subscription.currency)
			: formatEuros(plan?.price[subscription.periodo] ?? 0)
	const suffix = copy.intervalSuffix[subscription.price_interval ?? ''] ?? priceSuffix[subscription.periodo]
	return (
		<section aria-labelledby={`plan-${subscription.id}`} className="rounded-2xl border bg-surface shadow-sm">
			<div className="flex flex-wrap items-start justify-between gap-6 p-6 sm:p-8">
				<div className="min-w-0">
					<p className="text-sm font-medium text-brand-ink">{copy.current}</p>
					<h2 id={`plan-${subscription.id}`} className="mt-1 text-2xl font-bold tracking-tight">
						{planName(subscription.plan)}
					</h2>
					{plan ? <p className="mt-1 max-w-md text-sm text-muted-foreground">{plan.tagline}</p> : null}
				</div>
				<p className="sm:text-right">
					<span className="text-3xl font-bold tracking-tight">{amount}</span>
					<span className="text-muted-foreground">{suffix}</span>
					<span className="block text-xs text-muted-foreground">{copy.taxNote}</span>
				</p>
			</div>
			<dl className="grid gap-5 border-t px-6 py-5 sm:grid-cols-3 sm:px-8">
				<Detail term={copy.period}>{periodLabels[subscription.periodo]}</Detail>
				<Detail term={copy.status}>
					<Badge tone={subscription.cancel_at_period_end ? 'attention' : toneOf(subscription.status)}>
						{subscription.cancel_at_period_end
							? copy.notRenewing
							: (billingStatusLabels[subscription.status] ?? subscription.status)}
					</Badge>
				</Detail>
				{end ? <Detail term={subscription.cancel_at_period_end ? copy.endsOn : copy.renewsOn}>{end}</Detail> : null}
			</dl>
			{subscription.status === 'past_due' ? (
				<div role="alert" className="mx-6 mb-5 flex gap-3 rounded-xl bg-danger/5 p-4 text-sm sm:mx-8">
					<Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0 text-danger" />
					<div>
						<p className="font-semibold text-danger">{copy.pastDue.title}</p>
						<p className="mt-1 text-muted-foreground">{copy.pastDue.text}</p>
						{openInvoice?.hosted_invoice_url ? (
							<a
								href={openInvoice.hosted_invoice_url}
								className="mt-2 inline-flex items-center gap-1 font-medium text-brand-ink underline-offset-4 hover:underline"
							>
								{copy.invoices.pay}
								<Icon name="arrow-up-right" className="size-4" />
							</a>
						) : null}
					</div>
				</div>
			) : null}
			<div className="flex flex-wrap items-center justify-between gap-4 border-t px-6 py-4 sm:px-8">
				{subscription.cancel_at_period_end && end ? (
					<>
						<p className="max-w-md text-sm text-muted-foreground">{copy.ending(end)}</p>
						<IntentForm intent="resume" subscription={subscription}>
							<SubmitButton pending={resuming} pendingLabel={copy.working}>
								{copy.resume}
							</SubmitButton>
						</IntentForm>
					</>
				) : (
					<>
						<a href="#cambiar-plan" className="text-sm font-medium text-brand-ink underline-offset-4 hover:underline">
							{copy.change.title}
						</a>
						<CancelButton subscription={subscription} end={end ?? ''} />
					</>
				)}
			</div>
		</section>
	)
}

function CancelForm({
	subscription,
	children,
	onSubmit,
}: {
	subscription: SubscriptionRow
	children?: ReactNode
	onSubmit?: () => void
}) {
	const pending = usePendingForm({ intent: 'cancel', fields: { subscription: subscription.id } })
	return (
		<IntentForm
			intent="cancel"
			subscription={subscription}
			className="flex flex-wrap justify-end gap-2"
			onSubmit={onSubmit}
		>
			{children}
			<SubmitButton pending={pending} pendingLabel={copy.working} variant="danger">
				{copy.cancel.confirm}
			</SubmitButton>
		</IntentForm>
	)
}

/** With JavaScript a dialog asks first; without it, the link opens the same question on the page (?cancelar=). */
function CancelButton({ subscription, end }: { subscription: SubscriptionRow; end: string }) {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	const trigger = 'inline-flex h-10 items-center rounded-full px-4 text-sm font-medium text-danger hover:bg-danger/5'
	if (!hydrated) {
		return (
			<Link to={`?cancelar=${encodeURIComponent(subscription.id)}`} className={trigger}>
				{copy.cancel.button}
			</Link>
		)
	}
	return (
		<Dialog open={open} onOpenChange={setOpen}>
			<DialogTrigger asChild>
				<button type="button" className={trigger}>
					{copy.cancel.button}
				</button>
			</DialogTrigger>
			<DialogContent title={copy.cancel.title} description={copy.cancel.text(end)}>
				<CancelForm subscription={subscription} onSubmit={() => setOpen(false)}>
					<DialogClose asChild>
						<Button type="button" variant="secondary">
							{copy.cancel.back}
						</Button>
					</DialogClose>
				</CancelForm>
			</DialogContent>
		</Dialog>
	)
}

export function InlineCancel({ subscription }: { subscription: SubscriptionRow }) {
	const end = subscription.current_period_end ? formatLongDate(subscription.current_period_end) : ''
	return (
		<section aria-label={copy.cancel.title} className="mb-6 rounded-2xl border border-danger/40 bg-surface p-6">
			<h2 className="font-semibold">{copy.cancel.title}</h2>
			<p className="mt-1 mb-4 text-sm text-muted-foreground">{copy.cancel.text(end)}</p>
			<CancelForm subscription={subscription}>
				<Button asChild variant="secondary">
					<Link to=".">{copy.cancel.back}</Link>
				</Button>
			</CancelForm>
		</section>
	)
}
