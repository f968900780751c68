import { CallToAction, PageHero, Section } from '~/components/site/page'
import { Icon } from '~/components/ui/icon'
import { StaticMarkup } from '~/components/hydrated'
import { ProjectVisual } from '~/components/site/page-visuals'
import { projects, type Project } from '~/content/projects'
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
						<ProjectCase key={project.id} project={project} />
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

/** One case: who it was for and what it looks like at work, its figures, then the challenge, solution and results. */
function ProjectCase({ project }: { project: Project }) {
	return (
		<article
			id={project.id}
			className="scroll-mt-24 grid gap-8 rounded-3xl border bg-surface p-6 shadow-sm sm:p-8 lg:grid-cols-2"
		>
			<div>
				<p className="text-sm font-semibold text-brand-ink">{project.category}</p>
				<h2 className="mt-2 text-2xl font-bold tracking-tight">{project.name}</h2>
				<p className="mt-3 flex gap-2 text-sm font-medium">
					<Icon name="users" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
					{project.client}
				</p>
				<p className="mt-3 text-muted-foreground">{project.summary}</p>
				<ul className="mt-5 flex flex-wrap gap-2">
					{project.tags.map((tag) => (
						<li key={tag} className="rounded-full border px-3 py-1 text-xs text-muted-foreground">
							{tag}
						</li>
					))}
				</ul>
			</div>
			<div className="flex justify-center rounded-2xl bg-gradient-to-br from-brand/10 to-accent/5 p-4 sm:p-6">
				<StaticMarkup>
					<ProjectVisual id={project.id} />
				</StaticMarkup>
			</div>
			<ul aria-label={projects.figuresLabel} className="grid gap-3 sm:grid-cols-3 sm:gap-4 lg:col-span-2">
				{project.figures.map((figure) => (
					<li
						key={figure.label}
						className="flex items-baseline gap-3 rounded-2xl border bg-background p-4 sm:block sm:p-5"
					>
						<p className="shrink-0 text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">{figure.value}</p>
						<p className="text-sm text-muted-foreground sm:mt-1">{figure.label}</p>
					</li>
				))}
			</ul>
			<div className="grid gap-6 text-sm md:grid-cols-3 lg:col-span-2">
				<div>
					<h3 className="font-semibold">{projects.labels.challenge}</h3>
					<p className="mt-1 text-muted-foreground">{project.challenge}</p>
				</div>
				<div>
					<h3 className="font-semibold">{projects.labels.solution}</h3>
					<p className="mt-1 text-muted-foreground">{project.solution}</p>
				</div>
				<div>
					<h3 className="font-semibold">{projects.labels.results}</h3>
					<ul className="mt-1 space-y-2">
						{project.results.map((result) => (
							<li key={result} className="flex gap-2">
								<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
								{result}
							</li>
						))}
					</ul>
				</div>
			</div>
		</article>
	)
}
