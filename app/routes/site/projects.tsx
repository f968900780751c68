import { CallToAction, PageHero, Section } from '~/components/site/page'
import { Icon } from '~/components/ui/icon'
import { projects } from '~/content/projects'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/projects'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: projects.title,
		description: projects.description,
		path: '/proyectos',
		siteUrl: siteUrlFrom(matches),
	})

export default routeComponent(Projects)

function Projects() {
	return (
		<>
			<PageHero eyebrow="Proyectos" title={projects.heading} lead={projects.lead} />
			<Section>
				<div className="space-y-8">
					{projects.items.map((project) => (
						<article
							key={project.id}
							id={project.id}
							className="scroll-mt-24 grid gap-8 rounded-3xl border bg-surface p-8 shadow-sm lg:grid-cols-[1fr_1fr]"
						>
							<div>
								<p className="text-sm font-semibold text-brand-ink">{project.category}</p>
								<h2 className="mt-2 text-2xl font-bold tracking-tight">{project.name}</h2>
								<p className="mt-3 text-muted-foreground">{project.summary}</p>
								<ul className="mt-5 flex flex-wrap gap-2">
									{project.tags.map((tag) => (
										<li key={tag} className="rounded-full border px-3 py-1 text-xs text-muted-foreground">
											{tag}
										</li>
									))}
								</ul>
							</div>
							<div className="space-y-4 text-sm">
								<div>
									<h3 className="font-semibold">El reto</h3>
									<p className="mt-1 text-muted-foreground">{project.challenge}</p>
								</div>
								<div>
									<h3 className="font-semibold">La solución</h3>
									<p className="mt-1 text-muted-foreground">{project.solution}</p>
								</div>
								<ul className="space-y-2">
									{project.results.map((result) => (
										<li key={result} className="flex gap-2">
											<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
											{result}
										</li>
									))}
								</ul>
							</div>
						</article>
					))}
				</div>
			</Section>
			<CallToAction
				heading={projects.cta.heading}
				text={projects.cta.text}
				to="/contacto"
				label="Cuéntanos tu proyecto"
				secondary={{ to: '/tarifas', label: 'Ver tarifas' }}
			/>
		</>
	)
}
