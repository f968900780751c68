import { Container, PageHero } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { sustainability } from '~/content/sustainability'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/sustainability'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: sustainability.title,
		description: sustainability.description,
		path: '/sostenibilidad',
		siteUrl: siteUrlFrom(matches),
	})

export default routeComponent(Sustainability)

function Sustainability() {
	return (
		<>
			<PageHero eyebrow="Sostenibilidad" title={sustainability.heading} lead={sustainability.lead} />
			<Container className="max-w-3xl py-14">
				<div className="space-y-8">
					{sustainability.sections.map((section) => (
						<section key={section.heading} className="flex gap-4">
							<Icon name="leaf" className="mt-1 size-5 shrink-0 text-emerald-500" />
							<div>
								<h2 className="text-xl font-semibold">{section.heading}</h2>
								<p className="mt-2 text-muted-foreground">{section.text}</p>
							</div>
						</section>
					))}
				</div>
				<Button asChild size="lg" className="mt-12">
					<a href={sustainability.link.url} target="_blank" rel="noreferrer">
						{sustainability.link.label}
						<Icon name="external-link" className="size-4" />
					</a>
				</Button>
			</Container>
		</>
	)
}
