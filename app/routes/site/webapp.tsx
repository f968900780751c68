import { StaticMarkup } from '~/components/hydrated'
import { CallToAction, PageHero, Section } from '~/components/site/page'
import {
	AssistantScreen,
	BillingScreen,
	BookingsScreen,
	SupportScreen,
	WebAppHomeScreen,
} from '~/components/site/web-app-screens'
import { Icon } from '~/components/ui/icon'
import { galleryAssistant, webappScreens } from '~/content/page-visuals'
import { webapp } from '~/content/webapp'
import { routeComponent } from '~/lib/route-component'
import { cn } from '~/lib/utils'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/webapp'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: webapp.title,
		description: webapp.description,
		path: '/webapp-incluida',
		siteUrl: siteUrlFrom(matches),
	})

export default routeComponent(WebApp)

function WebApp() {
	return (
		<>
			<PageHero
				eyebrow="WebApp incluida"
				title={webapp.heading}
				lead={webapp.lead}
				visual={
					<StaticMarkup>
						<WebAppHomeScreen />
					</StaticMarkup>
				}
			/>
			<Gallery />
			<Section>
				{/* Two by two; with an odd count the first, what it is, spans the row, so none is left alone on the last (issue 55). */}
				<div className="grid gap-6 md:grid-cols-2">
					{webapp.sections.map((section, index) => (
						<section
							key={section.id}
							id={section.id}
							className={cn(
								'rounded-2xl border bg-surface p-6 shadow-sm',
								index === 0 && webapp.sections.length % 2 === 1 && 'md:col-span-2',
							)}
						>
							<h2 className="text-xl font-semibold">{section.heading}</h2>
							<p className="mt-2 text-muted-foreground">{section.text}</p>
							<ul className="mt-4 space-y-2 text-sm">
								{section.points.map((point) => (
									<li key={point} className="flex gap-2">
										<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
										{point}
									</li>
								))}
							</ul>
						</section>
					))}
				</div>
			</Section>
			<CallToAction heading={webapp.cta.heading} text={webapp.cta.text} to="/tarifas" label={webapp.cta.button} />
		</>
	)
}

const { gallery } = webappScreens
// Each screen fills its row's height, so the captions of a row line up.
const screenClass = 'flex-1'

/** The WebApp's pages, one screen each with what it is for. */
function Gallery() {
	const screens = [
		{ ...gallery.meetings, screen: <BookingsScreen className={screenClass} /> },
		{ ...gallery.billing, screen: <BillingScreen className={screenClass} /> },
		{
			...gallery.assistants,
			screen: <AssistantScreen assistant={galleryAssistant} label={gallery.assistants.label} className={screenClass} />,
		},
		{ ...gallery.support, screen: <SupportScreen className={screenClass} /> },
	]
	return (
		<Section id="pantallas" title={gallery.heading} lead={gallery.lead} className="border-b bg-surface-muted/40">
			<ul className="grid gap-8 md:grid-cols-2">
				{screens.map((item) => (
					<li key={item.caption} className="flex flex-col gap-4">
						<StaticMarkup>{item.screen}</StaticMarkup>
						<div>
							<h3 className="font-semibold">{item.caption}</h3>
							<p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
						</div>
					</li>
				))}
			</ul>
		</Section>
	)
}
