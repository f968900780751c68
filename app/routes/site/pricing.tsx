import { useLocation } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { pricingPage } from '~/content/pages'
import { PeriodTabs, PlanCards } from '~/components/site/blocks'
import { CallToAction, PageHero, Section } from '~/components/site/page'
import { additionalServices, comparison, plans, priceLabels, priceSuffix } from '~/content/plans'
import { periodFromUrl, periodHref } from '~/lib/period'
import { routeComponent } from '~/lib/route-component'
import { cn } from '~/lib/utils'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/pricing'

export const meta: Route.MetaFunction = ({ matches }) => {
	const siteUrl = siteUrlFrom(matches)
	return pageMeta({
		title: pricingPage.title,
		description: pricingPage.description,
		path: '/tarifas',
		siteUrl,
		jsonLd: {
			'@type': 'Product',
			name: 'Asistente inteligente KIA',
			offers: plans.map((plan) => ({
				'@type': 'Offer',
				name: plan.name,
				price: plan.price.annual,
				priceCurrency: 'EUR',
				url: `${siteUrl}/tarifas/${plan.id}`,
			})),
		},
	})
}

export function loader({ url }: Route.LoaderArgs) {
	return { period: periodFromUrl(url), canceled: url.searchParams.get('canceled') === 'true', prices: priceLabels() }
}

export default routeComponent(Pricing)

/** The labels' column stays in sight while the plans scroll beside it, over them: opaque, with its edge drawn. */
const labelColumn =
	'sticky left-0 z-10 w-32 bg-surface p-4 font-medium shadow-[inset_-1px_0_0_var(--color-border)] sm:w-44 md:w-auto'

function Pricing({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	const { period } = loaderData
	return (
		<>
			<PageHero eyebrow={pricingPage.eyebrow} title={pricingPage.heading} lead={pricingPage.lead}>
				{loaderData.canceled ? (
					<p role="status" className="mt-8 max-w-2xl rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm">
						{pricingPage.canceled}
					</p>
				) : null}
			</PageHero>
			<Section>
				<h2 className="sr-only">{pricingPage.plansHeading}</h2>
				<div className="mb-8">
					<PeriodTabs period={period} hrefFor={(value) => periodHref(location.pathname, location.search, value)} />
				</div>
				<PlanCards period={period} prices={loaderData.prices} />
			</Section>
			<Section id="comparativa" title={pricingPage.comparisonHeading} className="border-t bg-surface-muted/40">
				<p className="mb-3 flex items-center gap-2 text-sm text-muted-foreground md:hidden">
					<Icon name="arrow-right" className="size-4 shrink-0" />
					{pricingPage.comparisonSwipe}
				</p>
				{/* A phone scrolls the plans under the labels, which stay; a shade at the edge says there is more. */}
				<div
					role="region"
					aria-label={pricingPage.comparisonLabel}
					tabIndex={0}
					className="scroll-shadow-x overflow-x-auto rounded-2xl border"
				>
					<table className="w-full min-w-[40rem] text-left text-sm">
						<caption className="sr-only">
							{pricingPage.comparisonLabel} ({period === 'annual' ? 'pago anual' : 'pago mensual'})
						</caption>
						<thead>
							<tr className="border-b">
								<th scope="col" className={cn(labelColumn, 'text-muted-foreground')}>
									Plan
								</th>
								{plans.map((plan) => (
									<th key={plan.id} scope="col" className="p-4 text-base font-semibold">
										{plan.name}
										<span className="block text-sm font-normal whitespace-nowrap text-muted-foreground">
											{loaderData.prices[plan.id][period]}
											{priceSuffix[period]}
										</span>
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{comparison.map((row) => (
								<tr key={row.label} className="border-b last:border-0">
									<th scope="row" className={labelColumn}>
										{row.label}
									</th>
									{plans.map((plan) => (
										<td key={plan.id} className="p-4 text-muted-foreground">
											{row.values[plan.id]}
										</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</Section>
			{/*
			 * A price list, not a grid of cards: five services left one alone on a row at every width (issue 55). From lg
			 * the five share one row across the section, as wide as the table above (issue 68).
			 */}
			<Section id="servicios" title={pricingPage.servicesHeading}>
				<ul className="divide-y rounded-2xl border bg-surface lg:grid lg:grid-cols-5 lg:divide-x lg:divide-y-0">
					{additionalServices.map((service) => (
						<li
							key={service.name}
							className="flex flex-col gap-1 p-5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6 lg:flex-col lg:justify-start lg:gap-2"
						>
							<p className="flex items-center gap-3 font-medium lg:items-start">
								<Icon name="check" className="size-4 shrink-0 text-brand-ink lg:mt-1" />
								{service.name}
							</p>
							<p className="pl-7 text-sm text-muted-foreground sm:pl-0 lg:pl-7">{service.price}</p>
						</li>
					))}
				</ul>
			</Section>
			<CallToAction
				heading={pricingPage.cta.heading}
				text={pricingPage.cta.text}
				to="/contacto"
				label={pricingPage.cta.button}
			/>
		</>
	)
}
