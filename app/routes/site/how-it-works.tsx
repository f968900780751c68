import { CapabilityGrid } from '~/components/site/blocks'
import { CallToAction, PageHero, Section } from '~/components/site/page'
import { ChannelMarks } from '~/components/site/product-visuals'
import { StepArt } from '~/components/site/step-art'
import { capabilities } from '~/content/capabilities'
import { howItWorks } from '~/content/how-it-works'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/how-it-works'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: howItWorks.title,
		description: howItWorks.description,
		path: '/como-funciona',
		siteUrl: siteUrlFrom(matches),
	})

export default routeComponent(HowItWorks)

function HowItWorks() {
	return (
		<>
			<PageHero eyebrow="Cómo funciona" title={howItWorks.heading} lead={howItWorks.lead} />
			<Section>
				<ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
					{howItWorks.steps.map((step, index) => (
						<li key={step.title} className="rounded-2xl border bg-surface p-4 shadow-sm">
							<StepArt name={step.art} />
							<div className="px-2 pt-5 pb-2">
								<span className="text-sm font-semibold text-brand-ink">{`Paso ${index + 1}`}</span>
								<h2 className="mt-2 text-lg font-semibold">{step.title}</h2>
								<p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
							</div>
						</li>
					))}
				</ol>
				<ChannelMarks className="mt-14" />
			</Section>
			<Section
				id="capacidades"
				title={howItWorks.capabilitiesHeading}
				lead={howItWorks.capabilitiesLead}
				className="border-t bg-surface-muted/40"
			>
				<CapabilityGrid items={capabilities} />
			</Section>
			<CallToAction
				heading={howItWorks.cta.heading}
				text={howItWorks.cta.text}
				to="/contacto"
				label={howItWorks.cta.button}
			/>
		</>
	)
}
