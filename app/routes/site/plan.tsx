import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, redirect, useLocation } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { planPage } from '~/content/pages'
import { checkoutReturnParam, checkoutReturnUrl, signInUrlFor } from '~/.server/auth/return-urls'
import { createCheckoutSession, hasBilledSubscription } from '~/.server/billing/checkout'
import { priceIdFor } from '~/.server/billing/prices'
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from '~/.server/billing/checkout-draft'
import { getPublicEnv } from '~/.server/env'
import { notFound, readForm } from '~/.server/http/responses'
import { getSupabase } from '~/.server/supabase/client'
import { getUserIfReachable, getUserOrOutage, type SessionUser } from '~/.server/auth/session'
import { redirectWithToast } from '~/.server/http/toast'
import { FaqList, PeriodTabs } from '~/components/site/blocks'
import { BookingDialogButton } from '~/components/booking/booking-dialog'
import { Container, PageHero } from '~/components/site/page'
import { alreadySubscribedToast, checkoutCopy, paymentErrorToast } from '~/content/billing'
import { notImplementedToast } from '~/content/home'
import { comparison, planById, priceLabels, priceSuffix, vatNote } from '~/content/plans'
import { planDelivery, planFigures } from '~/content/page-visuals'
import { StaticMarkup } from '~/components/hydrated'
import { AssistantScreen } from '~/components/site/web-app-screens'
import { periodFromUrl, periodHref, type BillingPeriod } from '~/lib/period'
import type { PlanId } from '~/lib/plan-ids'
import { checkoutSchema } from '~/lib/billing-schemas'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/plan'
import { log } from '~/.server/log'
import { SubmitButton, usePendingForm } from '~/components/forms'

/**
 * Stripe's checkout page for this purchase, or back to the plan page with the spec's payment toast. Someone who
 * already pays a plan changes it instead, from their subscription page: a second checkout would bill them twice.
 */
async function checkout(
	context: Route.ActionArgs['context'],
	user: SessionUser,
	{ plan, period, back }: { plan: PlanId; period: BillingPeriod; back: string },
	init?: ResponseInit,
) {
	const priceId = priceIdFor(plan, period)
	if (!priceId) return redirectWithToast(back, notImplementedToast, init)
	try {
		if (await hasBilledSubscription(getSupabase(context), user))
			return redirectWithToast(`${getPublicEnv().PORTAL_URL}/dashboard/suscripcion`, alreadySubscribedToast, init)
		return redirect(await createCheckoutSession(user, plan, period, priceId), { ...init, status: 303 })
	} catch (error) {
		log.error({ err: error }, '[checkout] session failed')
		return redirectWithToast(back, paymentErrorToast, init)
	}
}

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
	const plan = planById(params.plan)
	if (!plan) throw notFound()
	const user = await getUserIfReachable(context, request)
	// Back from signing in after 'Pagar y Activar': on to the checkout chosen then, once.
	const draft = user && url.searchParams.has(checkoutReturnParam) ? await readCheckoutDraft(request) : null
	if (user && draft?.plan === plan.id) {
		const headers = new Headers({ 'Set-Cookie': await clearCheckoutDraft() })
		const back = periodHref(url.pathname, '', draft.period)
		throw await checkout(context, user, { plan: plan.id, period: draft.period, back }, { headers })
	}
	return {
		planId: plan.id,
		period: periodFromUrl(url),
		signInUrl: user ? null : signInUrlFor(url),
		prices: priceLabels()[plan.id],
	}
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const plan = loaderData ? planById(loaderData.planId) : undefined
	if (!plan) return [{ title: 'Página no encontrada · KIA' }]
	const siteUrl = siteUrlFrom(matches)
	return pageMeta({
		title: `Plan ${plan.name} · KIA`,
		description: `${plan.tagline} Desde ${loaderData.prices.monthly} al mes o ${loaderData.prices.annual} al año, sin IVA.`,
		path: `/tarifas/${plan.id}`,
		siteUrl,
		jsonLd: {
			'@type': 'Offer',
			name: `Plan ${plan.name}`,
			price: plan.price.annual,
			priceCurrency: 'EUR',
			url: `${siteUrl}/tarifas/${plan.id}`,
			seller: { '@type': 'Organization', name: 'KIA' },
		},
	})
}

/**
 * 'Pagar y Activar': the browser says only which period; the plan comes from
 * the URL and the price from configuration, never from the form (a form with
 * anything else in it is refused).
 */
export async function action({ params, request, url, context }: Route.ActionArgs) {
	const plan = planById(params.plan)
	if (!plan) throw notFound()
	const back = url.pathname + url.search
	const submission = parseWithZod(await readForm(request), { schema: checkoutSchema })
	if (submission.status !== 'success') return redirectWithToast(back, paymentErrorToast)
	const { period } = submission.value
	if (!priceIdFor(plan.id, period)) return redirectWithToast(back, notImplementedToast)
	const user = await getUserOrOutage(context, request)
	// Supabase down: nobody can sign in or have a purchase recorded now, so the spec's payment toast.
	if (user === 'unreachable') return redirectWithToast(back, paymentErrorToast)
	if (user) return checkout(context, user, { plan: plan.id, period, back })
	// Signed out: to the portal to sign up or in, the choice kept in a signed cookie, and on to pay from there.
	const signUp = new URLSearchParams({ tab: 'signup', redirectTo: checkoutReturnUrl(plan.id, period) })
	return redirect(`${getPublicEnv().PORTAL_URL}/auth?${signUp}`, {
		headers: { 'Set-Cookie': await saveCheckoutDraft({ plan: plan.id, period }) },
	})
}

export default routeComponent(PlanPage)

function PlanPage({ loaderData }: Route.ComponentProps) {
	const plan = planById(loaderData.planId)
	const location = useLocation()
	const processing = usePendingForm({ formAction: location.pathname })
	if (!plan) return null
	const { period } = loaderData
	return (
		<>
			<PageHero eyebrow={planPage.eyebrow} title={`Plan ${plan.name}`} lead={plan.tagline} />
			<Container className="grid gap-10 py-14 lg:grid-cols-[1fr_24rem] lg:items-start">
				{/* First in the page, so a phone shows the price and 'Pagar y Activar' under the title; beside the text from lg. */}
				<aside
					aria-label="Contratar"
					className="rounded-3xl border bg-surface p-6 shadow-lg lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
				>
					<PeriodTabs period={period} hrefFor={(value) => periodHref(location.pathname, location.search, value)} />
					<p className="mt-6 flex items-baseline gap-1">
						<span className="text-4xl font-bold tracking-tight">{loaderData.prices[period]}</span>
						<span className="text-muted-foreground">{priceSuffix[period]}</span>
					</p>
					<p className="mt-1 text-xs text-muted-foreground">
						{vatNote}
						{` · ${plan.charge[period] === 'one-time' ? planPage.oneTime : planPage.subscription}`}
					</p>
					<Form method="post" className="mt-6">
						<input type="hidden" name="period" value={period} />
						<SubmitButton size="lg" className="w-full" pending={processing} pendingLabel={planPage.processing}>
							{planPage.pay}
						</SubmitButton>
					</Form>
					{loaderData.signInUrl ? (
						<p className="mt-3 text-center text-sm text-muted-foreground">
							{checkoutCopy.signInNote}{' '}
							<a href={loaderData.signInUrl} className="font-medium text-brand-ink hover:underline">
								{checkoutCopy.signIn}
							</a>
						</p>
					) : (
						<p className="mt-3 text-center text-xs text-muted-foreground">{checkoutCopy.securePayment}</p>
					)}
					<BookingDialogButton label={planPage.book} className="mt-3 w-full" />
					<p className="mt-5 text-center">
						<Link to="/tarifas" className="text-sm font-medium text-brand-ink hover:underline">
							{planPage.compare}
						</Link>
					</p>
				</aside>
				<div className="space-y-10 lg:col-start-1 lg:row-start-1">
					<PlanFigures planId={plan.id} />
					<section>
						<h2 className="text-2xl font-bold tracking-tight">{planPage.includesHeading}</h2>
						<ul className="mt-5 grid gap-3 sm:grid-cols-2">
							{plan.includes.map((item) => (
								<li key={item} className="flex gap-3 rounded-xl border bg-surface p-4 text-sm">
									<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
									{item}
								</li>
							))}
						</ul>
					</section>
					<PlanDelivery planId={plan.id} />
					<Link
						to="/webapp-incluida"
						className="group flex items-center gap-4 rounded-2xl border bg-surface p-6 transition hover:border-brand/50"
					>
						<span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
							<Icon name="layout-dashboard" className="size-5" />
						</span>
						<span className="flex-1">
							<span className="block font-semibold">{planPage.webapp.heading}</span>
							<span className="block text-sm text-muted-foreground">{planPage.webapp.text}</span>
						</span>
						<Icon
							name="arrow-right"
							className="size-4 text-brand-ink transition-transform group-hover:translate-x-0.5"
						/>
					</Link>
					<section>
						<h2 className="mb-5 text-2xl font-bold tracking-tight">{planPage.faqHeading}</h2>
						<FaqList items={plan.faq} name={`faq-${plan.id}`} />
					</section>
				</div>
			</Container>
		</>
	)
}

/** The plan's row of the plan table, figure by figure: what the plan gives at a glance. */
function PlanFigures({ planId }: { planId: PlanId }) {
	const rows = comparison.filter((row) => planFigures.rows.some((label) => label === row.label))
	return (
		<section aria-labelledby="plan-en-cifras">
			<h2 id="plan-en-cifras" className="text-2xl font-bold tracking-tight">
				{planFigures.heading}
			</h2>
			<dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
				{rows.map((row) => (
					<div key={row.label} className="flex flex-col-reverse gap-1 rounded-xl border bg-surface p-4">
						<dt className="text-sm text-muted-foreground">{row.label}</dt>
						<dd className="text-lg font-semibold text-balance">{row.values[planId]}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

/** The assistant the plan delivers, as the WebApp will show it. */
function PlanDelivery({ planId }: { planId: PlanId }) {
	const delivery = planDelivery[planId]
	return (
		<section className="grid items-center gap-6 rounded-3xl border bg-gradient-to-br from-brand/10 to-accent/5 p-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
			<div>
				<h2 className="text-2xl font-bold tracking-tight">{delivery.heading}</h2>
				<p className="mt-2 text-muted-foreground">{delivery.text}</p>
			</div>
			<StaticMarkup>
				<AssistantScreen assistant={delivery.assistant} label={delivery.label} />
			</StaticMarkup>
		</section>
	)
}
