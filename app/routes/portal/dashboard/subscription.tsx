import { parseWithZod } from '@conform-to/zod/v4'
import { useState, type ComponentProps, type ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import { guardedUser } from '~/.server/auth/guards'
import {
	changeSubscriptionPrice,
	createPortalSession,
	findOwnSubscription,
	loadBilling,
	setCancelAtPeriodEnd,
	waitForWebhook,
	type Expectation,
	type InvoiceRow,
	type PaymentRow,
	type SubscriptionRow,
} from '~/.server/billing/subscriptions'
import { priceIdFor, subscriptionOptions } from '~/.server/billing/prices'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import { isPermanentStripeError } from '~/.server/billing/stripe'
import { getSupabase } from '~/.server/supabase/client'
import { redirectWithToast, toastHeaders } from '~/.server/http/toast'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { stackedTable } from '~/components/portal/stacked-table'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/components/ui/dialog'
import { Icon } from '~/components/ui/icon'
import { billingStatusLabels, invoiceStatusLabels, portalCopy, subscriptionCopy as copy } from '~/content/billing'
import { dashboardCopy } from '~/content/dashboard'
import { formatEuros, periodLabels, planById, priceSuffix, vatNote } from '~/content/plans'
import { formatLongDate } from '~/lib/dates'
import { formatAmount } from '~/lib/money'
import type { BillingPeriod } from '~/lib/period'
import { planChoiceValue, subscriptionActionSchema } from '~/lib/billing-schemas'
import type { ToastInput } from '~/lib/toast'
import type { Route } from './+types/subscription'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { log } from '~/.server/log'

export const meta: Route.MetaFunction = () => [{ title: `${dashboardCopy.subscription.title} · KIA` }]

const page = '/dashboard/suscripcion'

/** Everything comes from the tables Stripe's webhook keeps: a page view makes no call to Stripe. */
export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const billing = await loadBilling(getSupabase(context), user)
	return { ...billing, options: subscriptionOptions(), pricingUrl: `${getPublicEnv().SITE_URL}/tarifas` }
}

type Failure = { title: string; description: string }
type ActionData = { error: string | null; portalError: string | null }

/** A refusal stays on the page, said inline and in a toast; nothing was changed. */
async function refuse(status: number, failure: Failure, field: keyof ActionData = 'error') {
	const body: ActionData = { error: null, portalError: null, [field]: failure.description }
	return data(body, { status, headers: await toastHeaders({ type: 'error', ...failure }) })
}

/**
 * 'Gestionar método de pago': a Billing Portal session for the user's own
 * Stripe customer, coming back to this page. A 303 to Stripe, with or
 * without JavaScript; Stripe's pages cannot be framed.
 */
async function openBillingPortal(user: Parameters<typeof createPortalSession>[0]) {
	const failure = (description: string) => ({ title: portalCopy.errorTitle, description })
	try {
		const url = await createPortalSession(user, new URL(page, getPublicEnv().PORTAL_URL).href)
		// No Stripe customer (never bought) is not Stripe failing: 404, not a 5xx.
		return url ? redirect(url, 303) : refuse(404, failure(portalCopy.missingUrl), 'portalError')
	} catch (error) {
		log.error({ err: error }, '[billing] portal session failed')
		return refuse(503, failure(portalCopy.errorFallback), 'portalError')
	}
}

/**
 * The subscription's forms (`intent`): cancel at period end, resume, change
 * plan or period, and the payment-method hand-off. The subscription must be
 * the signed-in user's (read under their RLS) before Stripe is called. The
 * tables change only when Stripe's webhook lands; the action waits a bounded
 * time for that (waitForWebhook), so the page it redirects to shows the result.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const user = guardedUser(context)
	const submission = parseWithZod(await readForm(request), { schema: subscriptionActionSchema })
	if (submission.status !== 'success') return refuse(400, copy.toasts.invalid)
	const intent = submission.value
	if (intent.intent === 'portal') return openBillingPortal(user)

	const supabase = getSupabase(context)
	const own = await findOwnSubscription(supabase, user, intent.subscription)
	if (!own) return refuse(404, copy.toasts.notYours)

	let expected: Expectation | null
	let done: (expected: Expectation | null) => ToastInput
	try {
		if (intent.intent === 'change') {
			const { plan, period } = intent.choice
			const priceId = planById(plan)?.charge[period] === 'subscription' && priceIdFor(plan, period)
			if (!priceId) return refuse(400, copy.toasts.unavailablePlan)
			if (priceId === own.price_id) return refuse(400, copy.toasts.alreadyOn)
			expected = await changeSubscriptionPrice(own.id, priceId)
			const name = `${planById(plan)?.name ?? ''} ${periodLabels[period].toLowerCase()}`
			done = () => ({ type: 'success', ...copy.toasts.changed(name) })
		} else {
			expected = await setCancelAtPeriodEnd(own.id, intent.intent === 'cancel')
			const toast = intent.intent === 'cancel' ? copy.toasts.canceled : copy.toasts.resumed
			done = (landed) => ({ type: 'success', ...toast(formatLongDate(landed?.subscription.current_period_end ?? '')) })
		}
	} catch (error) {
		log.error({ err: error }, `[billing] ${intent.intent} of ${own.id} failed`)
		return isPermanentStripeError(error) ? refuse(409, copy.toasts.refused) : refuse(503, copy.toasts.unreachable)
	}
	const landed = await waitForWebhook(supabase, expected)
	const toast: ToastInput = landed ? done(expected) : { type: 'info', ...copy.toasts.pending }
	return redirectWithToast(page, toast, { status: 303 })
}

const isLive = (subscription: SubscriptionRow) =>
	subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired'

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ message }) => ({ error: message, portalError: null }))
}

export default routeComponent(Subscription)

function Subscription({ loaderData, actionData }: Route.ComponentProps) {
	const { subscriptions, payments, invoices, options } = loaderData
	const [searchParams] = useSearchParams()
	const live = subscriptions.filter(isLive)
	const past = subscriptions.filter((subscription) => !isLive(subscription))
	const cancelling = live.find((subscription) => subscription.id === searchParams.get('cancelar'))
	const hasBought = subscriptions.length > 0 || payments.length > 0
	return (
		<>
			<BackToDashboard />
			<PageTitle title={dashboardCopy.subscription.title} />
			{actionData?.error ? (
				<p role="alert" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
					{actionData.error}
				</p>
			) : null}
			{cancelling ? <InlineCancel subscription={cancelling} /> : null}
			{hasBought ? (
				<div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
					<div className="min-w-0 space-y-6">
						{live.map((subscription) => (
							<PlanPanel
								key={subscription.id}
								subscription={subscription}
								openInvoice={invoices.find((invoice) => invoice.status === 'open')}
							/>
						))}
						{live.map((subscription) => (
							<ChangePlan key={subscription.id} subscription={subscription} options={options} />
						))}
						{payments.length > 0 ? <Payments payments={payments} /> : null}
					</div>
					<div className="min-w-0 space-y-6">
						<PaymentMethod portalError={actionData?.portalError ?? null} />
						{past.length > 0 ? <PastSubscriptions subscriptions={past} /> : null}
					</div>
					{/* A grid item grows to its content's width unless told otherwise: the table scrolls instead. */}
					<div className="min-w-0 lg:col-span-2">
						<Invoices invoices={invoices} />
					</div>
				</div>
			) : (
				<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
					<Icon name="credit-card" className="mx-auto size-10 text-muted-foreground" />
					<p className="mt-4 font-medium">{dashboardCopy.subscription.none}</p>
					<p className="mt-1 text-sm text-muted-foreground">{dashboardCopy.subscription.noneText}</p>
					<Button asChild className="mt-6">
						<a href={loaderData.pricingUrl}>{dashboardCopy.subscription.plans}</a>
					</Button>
				</div>
			)}
		</>
	)
}

function toneOf(status: string): BadgeTone {
	if (status === 'active' || status === 'trialing' || status === 'paid') return 'positive'
	if (status === 'past_due' || status === 'open' || status === 'incomplete') return 'attention'
	if (status === 'unpaid' || status === 'canceled' || status === 'incomplete_expired' || status === 'uncollectible')
		return 'negative'
	return 'neutral'
}

const planName = (plan: string) => `Plan ${planById(plan)?.name ?? plan}`

/** The submission in flight for this intent (and subscription), while the server works on it. */
function usePending(intent: string, subscriptionId?: string) {
	const navigation = useNavigation()
	const form = navigation.formData
	return (
		navigation.state !== 'idle' &&
		form?.get('intent') === intent &&
		(subscriptionId === undefined || form.get('subscription') === subscriptionId)
	)
}

function SubmitButton({
	pending,
	children,
	...props
}: { pending: boolean; children: ReactNode } & ComponentProps<typeof Button>) {
	return (
		<Button type="submit" disabled={pending} aria-disabled={pending} {...props}>
			{pending ? <Icon name="loader-circle" className="size-4 animate-spin" /> : null}
			{pending ? copy.working : children}
		</Button>
	)
}

function IntentForm({
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
		<Form method="post" action={page} className={className} onSubmit={onSubmit}>
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

function PlanPanel({ subscription, openInvoice }: { subscription: SubscriptionRow; openInvoice?: InvoiceRow }) {
	const plan = planById(subscription.plan)
	const end = subscription.current_period_end ? formatLongDate(subscription.current_period_end) : null
	const resuming = usePending('resume', subscription.id)
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
					<span className="block text-xs text-muted-foreground">{vatNote}</span>
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
							<SubmitButton pending={resuming}>{copy.resume}</SubmitButton>
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
	const pending = usePending('cancel', subscription.id)
	return (
		<IntentForm
			intent="cancel"
			subscription={subscription}
			className="flex flex-wrap justify-end gap-2"
			onSubmit={onSubmit}
		>
			{children}
			<SubmitButton pending={pending} variant="danger">
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

function InlineCancel({ subscription }: { subscription: SubscriptionRow }) {
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

function ChangePlan({
	subscription,
	options,
}: {
	subscription: SubscriptionRow
	options: { plan: SubscriptionRow['plan']; period: BillingPeriod }[]
}) {
	const pending = usePending('change', subscription.id)
	const current = (option: (typeof options)[number]) =>
		option.plan === subscription.plan && option.period === subscription.periodo
	return (
		<section
			id="cambiar-plan"
			aria-labelledby={`change-${subscription.id}`}
			className="scroll-mt-24 rounded-2xl border bg-surface p-6 sm:p-8"
		>
			<h2 id={`change-${subscription.id}`} className="text-lg font-semibold">
				{copy.change.title}
			</h2>
			<p className="mt-1 text-sm text-muted-foreground">{copy.change.lead}</p>
			<Form method="post" action={page} className="mt-6">
				<input type="hidden" name="intent" value="change" />
				<input type="hidden" name="subscription" value={subscription.id} />
				<fieldset>
					<legend className="sr-only">{copy.change.legend}</legend>
					<div className="grid gap-3 sm:grid-cols-2">
						{options.map((option) => {
							const plan = planById(option.plan)
							const id = `${subscription.id}-${option.plan}-${option.period}`
							const isCurrent = current(option)
							return (
								<label
									key={id}
									htmlFor={id}
									className="flex cursor-pointer items-center gap-3 rounded-xl border p-4 transition-colors hover:border-brand/50 has-checked:border-brand has-checked:bg-brand/5 has-disabled:cursor-default has-disabled:opacity-70 has-disabled:hover:border-border"
								>
									<input
										id={id}
										type="radio"
										name="choice"
										value={planChoiceValue(option.plan, option.period)}
										required
										disabled={isCurrent}
										className="size-4 accent-[var(--color-brand)]"
									/>
									<span className="flex-1">
										<span className="block font-medium">
											{plan?.name} · {periodLabels[option.period]}
										</span>
										<span className="block text-sm text-muted-foreground">
											{formatEuros(plan?.price[option.period] ?? 0)}
											{priceSuffix[option.period]}
										</span>
									</span>
									{isCurrent ? <Badge tone="neutral">{copy.change.currentBadge}</Badge> : null}
								</label>
							)
						})}
					</div>
				</fieldset>
				<div className="mt-5 flex justify-end">
					<SubmitButton pending={pending}>{copy.change.submit}</SubmitButton>
				</div>
			</Form>
		</section>
	)
}

/** The hand-off to Stripe's portal; with JavaScript its pending and failed states are shown here (SPEC §2 texts). */
function PaymentMethod({ portalError }: { portalError: string | null }) {
	const pending = usePending('portal')
	return (
		<section aria-labelledby="billing-portal" className="rounded-2xl border bg-surface p-6">
			<span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
				<Icon name="credit-card" className="size-5" />
			</span>
			<h2 id="billing-portal" className="mt-4 font-semibold">
				{portalCopy.manage}
			</h2>
			<p className="mt-1 text-sm text-muted-foreground">{portalCopy.manageLead}</p>
			{pending ? (
				<p role="status" className="mt-5 flex items-center gap-2 text-sm text-muted-foreground">
					<Icon name="loader-circle" className="size-4 animate-spin" />
					{portalCopy.loading}
				</p>
			) : portalError ? (
				<div role="alert" className="mt-5 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
					<p className="font-medium text-danger">{portalCopy.failed}</p>
					<p className="mt-1 text-muted-foreground">{portalError}</p>
					<IntentForm intent="portal" className="mt-3">
						<Button type="submit" variant="secondary">
							{portalCopy.retry}
						</Button>
					</IntentForm>
				</div>
			) : (
				<IntentForm intent="portal" className="mt-5">
					<Button type="submit" variant="secondary" className="w-full">
						{portalCopy.open}
						<Icon name="arrow-up-right" className="size-4" />
					</Button>
				</IntentForm>
			)}
		</section>
	)
}

const invoiceReason = (invoice: InvoiceRow) =>
	copy.invoices.reasons[invoice.billing_reason ?? ''] ?? copy.invoices.defaultReason

/** A table from the small-tablet width up; on a phone a card of labelled lines per invoice. */
function Invoices({ invoices }: { invoices: InvoiceRow[] }) {
	const columns = copy.invoices.columns
	return (
		<section aria-labelledby="invoices" className="rounded-2xl border bg-surface">
			<h2 id="invoices" className="flex items-center gap-2 px-6 pt-6 pb-4 text-lg font-semibold sm:px-8">
				<Icon name="receipt" className="size-5 text-muted-foreground" />
				{copy.invoices.title}
			</h2>
			{invoices.length === 0 ? (
				<p className="px-6 pb-6 text-sm text-muted-foreground sm:px-8">{copy.invoices.empty}</p>
			) : (
				// On a phone each invoice is a card of labelled lines, its status and links in sight (stackedTable).
				<div className="relative border-t sm:overflow-x-auto">
					<table className={stackedTable}>
						<thead className="border-b bg-surface-muted/50 text-muted-foreground max-sm:sr-only">
							<tr>
								<th scope="col" className="py-3 pr-4 pl-8 font-medium">
									{columns.date}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{columns.number}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{columns.concept}
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									{columns.amount}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{columns.status}
								</th>
								<th scope="col" className="py-3 pr-8 pl-4 font-medium">
									<span className="sr-only">{copy.invoices.actions}</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{invoices.map((invoice) => (
								<tr key={invoice.id} className="border-b last:border-0">
									<td data-label={columns.date} className="py-4 pr-4 pl-8 font-medium whitespace-nowrap">
										{formatLongDate(invoice.created_at)}
									</td>
									<td data-label={columns.number} className="px-4 py-4 font-mono text-xs whitespace-nowrap">
										{invoice.number}
									</td>
									<td data-label={columns.concept} className="px-4 py-4 text-muted-foreground">
										{invoiceReason(invoice)}
									</td>
									<td
										data-label={columns.amount}
										className="px-4 py-4 text-right font-medium whitespace-nowrap tabular-nums"
									>
										{formatAmount(invoice.total, invoice.currency)}
									</td>
									<td data-label={columns.status} className="px-4 py-4">
										<InvoiceStatus invoice={invoice} />
									</td>
									<td data-label={copy.invoices.actions} className="py-4 pr-8 pl-4">
										<span className="flex justify-end gap-4 whitespace-nowrap">
											<InvoiceLinks invoice={invoice} />
										</span>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}

function InvoiceStatus({ invoice }: { invoice: InvoiceRow }) {
	return <Badge tone={toneOf(invoice.status)}>{invoiceStatusLabels[invoice.status] ?? invoice.status}</Badge>
}

/** Stripe's hosted page (where an unpaid invoice is paid) and its PDF. */
function InvoiceLinks({ invoice }: { invoice: InvoiceRow }) {
	const number = invoice.number ?? ''
	const link = 'inline-flex items-center gap-1 font-medium text-brand-ink underline-offset-4 hover:underline'
	const view = invoice.status === 'open' ? copy.invoices.pay : copy.invoices.view
	return (
		<>
			{invoice.hosted_invoice_url ? (
				<a href={invoice.hosted_invoice_url} className={link} aria-label={`${view} ${number}`}>
					{view}
					<Icon name="arrow-up-right" className="size-4" />
				</a>
			) : null}
			{invoice.invoice_pdf ? (
				<a href={invoice.invoice_pdf} className={link} aria-label={copy.invoices.pdfLabel(number)}>
					<Icon name="file-text" className="size-4" />
					{copy.invoices.pdf}
				</a>
			) : null}
		</>
	)
}

function Payments({ payments }: { payments: PaymentRow[] }) {
	return (
		<section aria-labelledby="one-time-payments" className="rounded-2xl border bg-surface p-6 sm:p-8">
			<h2 id="one-time-payments" className="text-lg font-semibold">
				{copy.payments.title}
			</h2>
			<ul className="mt-4 divide-y">
				{payments.map((payment) => (
					<li key={payment.id} className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
						<div>
							<p className="font-medium">{planName(payment.plan)}</p>
							<p className="text-sm text-muted-foreground">
								{periodLabels[payment.periodo]} · {copy.payments.oneTime} ·{' '}
								{copy.payments.paidOn(formatLongDate(payment.created_at))}
							</p>
						</div>
						<div className="flex items-center gap-3">
							<span className="font-semibold tabular-nums">{formatAmount(payment.amount_total, payment.currency)}</span>
							<Badge tone={toneOf(payment.status)}>{billingStatusLabels[payment.status] ?? payment.status}</Badge>
						</div>
					</li>
				))}
			</ul>
		</section>
	)
}

function PastSubscriptions({ subscriptions }: { subscriptions: SubscriptionRow[] }) {
	return (
		<section aria-labelledby="past-subscriptions" className="rounded-2xl border bg-surface p-6">
			<h2 id="past-subscriptions" className="font-semibold">
				{copy.past.title}
			</h2>
			<ul className="mt-3 divide-y text-sm">
				{subscriptions.map((subscription) => (
					<li key={subscription.id} className="flex items-center justify-between gap-3 py-3 last:pb-0">
						<span>
							<span className="block font-medium">{planName(subscription.plan)}</span>
							<span className="block text-muted-foreground">{periodLabels[subscription.periodo]}</span>
						</span>
						<Badge tone={toneOf(subscription.status)}>
							{billingStatusLabels[subscription.status] ?? subscription.status}
						</Badge>
					</li>
				))}
			</ul>
		</section>
	)
}
