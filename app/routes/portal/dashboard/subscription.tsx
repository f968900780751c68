import { CreditCard } from 'lucide-react'
import { requireUser } from '~/.server/auth'
import { getPublicEnv } from '~/.server/env'
import { BackToDashboard, PageTitle } from '~/components/portal/dashboard-shell'
import { Button } from '~/components/ui/button'
import { dashboardCopy } from '~/content/dashboard'
import type { Route } from './+types/subscription'

export const meta: Route.MetaFunction = () => [{ title: `${dashboardCopy.subscription.title} · KIA` }]

// Plans are bought through Stripe with the checkout issue (#7); until then nobody has one.
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireUser(context, request)
	return { pricingUrl: `${getPublicEnv().SITE_URL}/tarifas` }
}

export default function Subscription({ loaderData }: Route.ComponentProps) {
	const copy = dashboardCopy.subscription
	return (
		<>
			<BackToDashboard />
			<PageTitle title={copy.title} />
			<div className="rounded-2xl border border-dashed bg-surface p-12 text-center">
				<CreditCard aria-hidden className="mx-auto size-10 text-muted-foreground" />
				<p className="mt-4 font-medium">{copy.none}</p>
				<p className="mt-1 text-sm text-muted-foreground">{copy.noneText}</p>
				<Button asChild className="mt-6">
					<a href={loaderData.pricingUrl}>{copy.plans}</a>
				</Button>
			</div>
		</>
	)
}
