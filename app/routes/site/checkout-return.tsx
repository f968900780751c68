import { data, redirect } from 'react-router'
import { signInUrlFor } from '~/.server/auth/return-urls'
import { loadPurchase } from '~/.server/billing/checkout'
import { getPublicEnv } from '~/.server/env'
import { getOptionalUser } from '~/.server/auth/session'
import { Container } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { billingStatusLabels, returnCopy } from '~/content/billing'
import { periodLabels, planById, priceSuffix } from '~/content/plans'
import { formatAmount } from '~/lib/money'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/checkout-return'
import { log } from '~/.server/log'

export const meta: Route.MetaFunction = () => [
	{ title: `${returnCopy.title} · KIA` },
	{ name: 'robots', content: 'noindex' },
]

/** Stripe's success URL: `/panel-de-clientes?session_id=cs_…`, shown only to the user who bought. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
	const user = await getOptionalUser(context, request)
	if (!user) throw redirect(signInUrlFor(url))
	const links = { portalUrl: `${getPublicEnv().PORTAL_URL}/dashboard/suscripcion` }
	const sessionId = url.searchParams.get('session_id') ?? ''
	if (!/^cs_\w{1,250}$/.test(sessionId)) return data({ ...links, purchase: null, failed: false }, { status: 404 })
	try {
		const purchase = await loadPurchase(sessionId, user)
		return data(
			{
				...links,
				purchase: purchase && { ...purchase, amount: formatAmount(purchase.amount, purchase.currency) },
				failed: false,
			},
			{ status: purchase ? 200 : 404 },
		)
	} catch (error) {
		log.error({ err: error }, '[checkout] return page could not read the session')
		return data({ ...links, purchase: null, failed: true }, { status: 503 })
	}
}

export default routeComponent(CheckoutReturn)

function CheckoutReturn({ loaderData }: Route.ComponentProps) {
	const { purchase, failed, portalUrl } = loaderData
	const plan = purchase ? planById(purchase.plan) : undefined
	const copy = !purchase
		? failed
			? returnCopy.failed
			: returnCopy.notFound
		: purchase.paid
			? returnCopy.paid
			: returnCopy.processing
	const icon = !purchase ? 'search-x' : purchase.paid ? 'circle-check' : 'clock'
	return (
		<Container className="max-w-2xl py-16 sm:py-24">
			<section aria-labelledby="purchase-heading" className="rounded-3xl border bg-surface p-8 shadow-sm sm:p-10">
				<Icon name={icon} className="size-12 text-brand-ink" />
				<h1 id="purchase-heading" className="mt-6 text-3xl font-bold tracking-tight">
					{copy.heading}
				</h1>
				<p className="mt-3 text-muted-foreground">{copy.lead}</p>
				{purchase && plan ? (
					<dl className="mt-8 grid gap-4 rounded-2xl border p-6 sm:grid-cols-2">
						<Detail term={returnCopy.plan} value={plan.name} />
						<Detail term={returnCopy.period} value={periodLabels[purchase.period]} />
						<Detail
							term={returnCopy.amount}
							value={`${purchase.amount}${purchase.oneTime ? '' : ` ${priceSuffix[purchase.period]}`}`}
						/>
						<Detail term={returnCopy.state} value={billingStatusLabels[purchase.paid ? 'paid' : 'unpaid'] ?? ''} />
					</dl>
				) : null}
				<div className="mt-8 flex flex-wrap gap-3">
					<Button asChild>
						<a href={portalUrl}>{returnCopy.portal}</a>
					</Button>
					{purchase ? null : (
						<Button asChild variant="secondary">
							<a href="/tarifas">{returnCopy.pricing}</a>
						</Button>
					)}
				</div>
			</section>
		</Container>
	)
}

function Detail({ term, value }: { term: string; value: string }) {
	return (
		<div>
			<dt className="text-sm text-muted-foreground">{term}</dt>
			<dd className="mt-1 font-semibold">{value}</dd>
		</div>
	)
}
