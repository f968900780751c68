import { CapabilityGrid } from '~/components/site/blocks'
import { CallToAction, PageHero, Section } from '~/components/site/page'
import { capabilities } from '~/content/capabilities'
import { howItWorks } from '~/content/how-it-works'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/how-it-works'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: howItWorks.title,
		description: howItWorks.description,
		path: '/como-funciona',
		siteUrl: siteUrlFrom(matches),
	})

export default function HowItWorks() {
	return (
		<>
			<PageHero eyebrow="Cómo funciona" title={howItWorks.heading} lead={howItWorks.lead} />
			<Section>
				<ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
					{howItWorks.steps.map((step, index) => (
						<li key={step.title} className="rounded-2xl border bg-surface p-6 shadow-sm">
							<span className="text-sm font-semibold text-brand-ink">{`Paso ${index + 1}`}</span>
							<h2 className="mt-2 text-lg font-semibold">{step.title}</h2>
							<p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
						</li>
					))}
				</ol>
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
