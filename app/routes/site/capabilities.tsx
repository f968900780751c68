import { Link } from 'react-router'
import { CapabilityGrid } from '~/components/site/blocks'
import { CallToAction, PageHero, Section } from '~/components/site/page'
import { Icon } from '~/components/ui/icon'
import { capabilities } from '~/content/capabilities'
import { capabilitiesIndex as copy } from '~/content/capability-pages'
import { capabilitiesPath, verifactuPath } from '~/lib/capability-ids'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/capabilities'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: copy.title,
		description: copy.description,
		path: capabilitiesPath,
		siteUrl: siteUrlFrom(matches),
	})

/** The eight capabilities, each leading to its page, and the way to VERIFACTU. */
export default routeComponent(Capabilities)

function Capabilities() {
	return (
		<>
			<PageHero eyebrow={copy.eyebrow} title={copy.heading} lead={copy.lead} />
			<Section>
				<CapabilityGrid items={capabilities} headingLevel="h2" />
				<Link
					to={verifactuPath}
					className="group mt-10 flex flex-col gap-4 rounded-3xl border bg-surface p-8 shadow-sm transition hover:border-brand/50 sm:flex-row sm:items-center"
				>
					<span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-emerald-500/10 text-emerald-600 dark:text-emerald-400">
						<Icon name="file-check-corner" className="size-6" />
					</span>
					<span className="flex-1">
						<span className="block text-lg font-semibold">{copy.verifactu.heading}</span>
						<span className="mt-1 block text-muted-foreground">{copy.verifactu.text}</span>
					</span>
					<span className="inline-flex items-center gap-1 text-sm font-medium text-brand-ink">
						{copy.verifactu.link}
						<Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
					</span>
				</Link>
			</Section>
			<CallToAction
				heading={copy.cta.heading}
				text={copy.cta.text}
				to="/solicitar-demostracion-kia"
				label={copy.cta.button}
			/>
		</>
	)
}
