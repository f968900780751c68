import { CreditCard, ExternalLink, LoaderCircle } from 'lucide-react'
import { useEffect } from 'react'
import { data, redirect, useFetcher } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { requireUser } from '~/.server/auth'
import { createPortalSession, loadBilling, type PaymentRow, type SubscriptionRow } from '~/.server/billing'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http'
import { getSupabase } from '~/.server/supabase'
import { redirectWithToast, toastHeaders } from '~/.server/toast'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Badge, type BadgeTone } from '~/components/portal/status-badge'
import { Button } from '~/components/ui/button'
import { billingStatusLabels, portalCopy } from '~/content/billing'
import { dashboardCopy } from '~/content/dashboard'
import { formatEuros, periodLabels, planById } from '~/content/plans'
import { formatLongDate } from '~/lib/dates'
import type { Route } from './+types/subscription'

export const meta: Route.MetaFunction = () => [{ title: `${dashboardCopy.subscription.title} · KIA` }]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireUser(context, request)
	const billing = await loadBilling(getSupabase(context))
	return { ...billing, pricingUrl: `${getPublicEnv().SITE_URL}/tarifas` }
}

/**
 * `create-portal-link` (SPEC §7): a Billing Portal session for the user's own
 * customer. `embed` answers the URL to frame it; `open` (a plain form, also
 * without JavaScript) redirects the browser there.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireUser(context, request)
	const intent = (await readForm(request)).get('intent')
	const returnUrl = new URL('/dashboard/suscripcion', getPublicEnv().PORTAL_URL).href
	let url: string | null = null
	let message: string = portalCopy.missingUrl
	// No Stripe customer (never bought) is not Stripe failing: 404, not a 5xx.
	let status = 404
	try {
		url = await createPortalSession(user, returnUrl)
	} catch (error) {
		console.error('[billing] portal session failed', error)
		message = portalCopy.errorFallback
		status = 502
	}
	const toast = { type: 'error', title: portalCopy.errorTitle, description: message } as const
	if (intent === 'open') return url ? redirect(url, 303) : redirectWithToast('/dashboard/suscripcion', toast)
	if (url) return { url, error: null }
	return data({ url: null, error: message }, { status, headers: await toastHeaders(toast) })
}

export default function Subscription({ loaderData }: Route.ComponentProps) {
	const copy = dashboardCopy.subscription
	const { subscriptions, payments } = loaderData
	const hasBought = subscriptions.length > 0 || payments.length > 0
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title} />
			{hasBought ? (
				<div className="space-y-8">
					<section aria-labelledby="current-plan">
						<h2 id="current-plan" className="mb-4 text-lg font-semibold">
							{portalCopy.current}
						</h2>
						<ul className="grid gap-4 md:grid-cols-2">
							{subscriptions.map((subscription) => (
								<SubscriptionCard key={subscription.id} subscription={subscription} />
							))}
							{payments.map((payment) => (
								<PaymentCard key={payment.id} payment={payment} />
							))}
						</ul>
					</section>
					<PortalPanel />
				</div>
			) : (
				<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
					<CreditCard aria-hidden className="mx-auto size-10 text-muted-foreground" />
					<p className="mt-4 font-medium">{copy.none}</p>
					<p className="mt-1 text-sm text-muted-foreground">{copy.noneText}</p>
					<Button asChild className="mt-6">
						<a href={loaderData.pricingUrl}>{copy.plans}</a>
					</Button>
				</div>
			)}
		</>
	)
}

function toneOf(status: string): BadgeTone {
	if (status === 'active' || status === 'trialing' || status === 'paid') return 'positive'
	if (status === 'past_due' || status === 'unpaid' || status === 'canceled' || status === 'incomplete_expired')
		return 'negative'
	return 'neutral'
}

function PlanCard({
	name,
	detail,
	status,
	note,
}: {
	name: string
	detail: string
	status: string
	note: string | null
}) {
	return (
		<li className="rounded-2xl border bg-surface p-6">
			<div className="flex items-start justify-between gap-4">
				<div>
					<p className="text-xl font-bold tracking-tight">{name}</p>
					<p className="mt-1 text-sm text-muted-foreground">{detail}</p>
				</div>
				<Badge tone={toneOf(status)}>{billingStatusLabels[status] ?? status}</Badge>
			</div>
			{note ? <p className="mt-4 text-sm">{note}</p> : null}
		</li>
	)
}

function SubscriptionCard({ subscription }: { subscription: SubscriptionRow }) {
	const end = subscription.current_period_end ? formatLongDate(subscription.current_period_end) : null
	const note =
		subscription.status === 'canceled'
			? portalCopy.endedOn
			: end && (subscription.cancel_at_period_end ? portalCopy.ends(end) : portalCopy.renews(end))
	return (
		<PlanCard
			name={`Plan ${planById(subscription.plan)?.name ?? subscription.plan}`}
			detail={periodLabels[subscription.periodo]}
			status={subscription.status}
			note={note}
		/>
	)
}

function PaymentCard({ payment }: { payment: PaymentRow }) {
	return (
		<PlanCard
			name={`Plan ${planById(payment.plan)?.name ?? payment.plan}`}
			detail={`${periodLabels[payment.periodo]} · ${portalCopy.oneTime} · ${formatEuros(payment.amount_total / 100)}`}
			status={payment.status}
			note={portalCopy.paidOn(formatLongDate(payment.created_at))}
		/>
	)
}

/**
 * Stripe's customer portal, framed on the page when it lets itself be framed,
 * and always one click away in a new tab (Stripe's real portal refuses frames).
 */
function PortalPanel() {
	const hydrated = useHydrated()
	const fetcher = useFetcher<typeof action>()
	const { submit } = fetcher
	useEffect(() => {
		void submit({ intent: 'embed' }, { method: 'post' })
	}, [submit])
	const url = fetcher.data?.url
	const failed = fetcher.state === 'idle' && fetcher.data?.error
	return (
		<section aria-labelledby="billing-portal" className="rounded-2xl border bg-surface p-6">
			<div className="flex flex-wrap items-start justify-between gap-4">
				<div className="max-w-xl">
					<h2 id="billing-portal" className="text-lg font-semibold">
						{portalCopy.manage}
					</h2>
					<p className="mt-1 text-sm text-muted-foreground">{portalCopy.manageLead}</p>
				</div>
				<form method="post" target="_blank">
					<input type="hidden" name="intent" value="open" />
					<Button type="submit" variant="secondary">
						<ExternalLink aria-hidden className="size-4" />
						{portalCopy.openInNewTab}
					</Button>
				</form>
			</div>
			{hydrated ? (
				<div className="mt-6">
					{url ? (
						<iframe src={url} title={portalCopy.frameTitle} className="h-[42rem] w-full rounded-xl border bg-white" />
					) : failed ? (
						<div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-6 text-center">
							<p className="font-medium text-danger">{portalCopy.failed}</p>
							<fetcher.Form method="post" className="mt-4">
								<input type="hidden" name="intent" value="embed" />
								<Button type="submit" variant="secondary">
									{portalCopy.retry}
								</Button>
							</fetcher.Form>
						</div>
					) : (
						<p
							role="status"
							className="flex items-center justify-center gap-2 rounded-xl border border-dashed p-10 text-sm text-muted-foreground"
						>
							<LoaderCircle aria-hidden className="size-4 animate-spin" />
							{portalCopy.loading}
						</p>
					)}
				</div>
			) : null}
		</section>
	)
}
