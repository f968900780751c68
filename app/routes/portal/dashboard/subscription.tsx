import { useSearchParams } from 'react-router'
import { guardedUser } from '~/.server/auth/guards'
import { loadBilling } from '~/.server/billing/subscriptions'
import type { SubscriptionRow } from '~/lib/billing-rows'
import { subscriptionOptions } from '~/.server/billing/prices'
import { getPublicEnv } from '~/.server/env'
import { readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { dashboardCopy } from '~/content/dashboard'
import type { Route } from './+types/subscription'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'
import { answerSubscriptionForm } from '~/.server/billing/subscription-form'
import { ChangePlan } from '~/components/billing/change-plan'
import { Invoices, PastSubscriptions, Payments } from '~/components/billing/invoices'
import { PaymentMethod } from '~/components/billing/payment-method'
import { InlineCancel, PlanPanel } from '~/components/billing/subscription-plan'

export const meta: Route.MetaFunction = () => [{ title: `${dashboardCopy.subscription.title} · KIA` }]

/** Everything comes from the tables Stripe's webhook keeps: a page view makes no call to Stripe. */
export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const billing = await loadBilling(getSupabase(context), user)
	return { ...billing, options: subscriptionOptions(), pricingUrl: `${getPublicEnv().SITE_URL}/tarifas` }
}

export async function action({ request, context }: Route.ActionArgs) {
	return answerSubscriptionForm(context, guardedUser(context), await readForm(request))
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
