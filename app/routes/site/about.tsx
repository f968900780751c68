import { Link, useLocation } from 'react-router'
import { contactForm } from '~/.server/inbox/contact'
import { handlePublicForm } from '~/.server/inbox/public-forms'
import { env, showcaseUrlVariables } from '~/.server/env'
import { ContactForm } from '~/components/site/contact-form'
import { Card, Container, PageHero, Section } from '~/components/site/page'
import { StaticMarkup } from '~/components/hydrated'
import { AssistantDayVisual, ProjectVisual } from '~/components/site/page-visuals'
import { Icon } from '~/components/ui/icon'
import { about, type ShowcasedProject } from '~/content/about'
import { aboutVisuals } from '~/content/page-visuals'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/about'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({ title: about.title, description: about.description, path: '/sobre-kia', siteUrl: siteUrlFrom(matches) })

export function loader() {
	const urls: Partial<Record<ShowcasedProject, string>> = {}
	for (const item of about.showcase.items) urls[item.project] = env[showcaseUrlVariables[item.project]]
	return { showcaseUrls: urls }
}

export async function action({ request, context }: Route.ActionArgs) {
	return handlePublicForm(request, context, contactForm('Contacto Sobre KIA'))
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }), 'contact')
}

export default routeComponent(About)

const { facts } = aboutVisuals

function About({ loaderData, actionData }: Route.ComponentProps) {
	// A new location after a successful send remounts the form empty.
	const location = useLocation()
	return (
		<>
			<PageHero
				eyebrow="Sobre KIA"
				title={about.heading}
				lead={about.lead}
				visual={
					<StaticMarkup>
						<AssistantDayVisual className="mx-auto max-w-md" />
					</StaticMarkup>
				}
			/>
			{/* The story's column starts where the title does, as every section below. */}
			<Container className="grid gap-10 py-14 sm:py-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
				<div className="max-w-3xl">
					<h2 className="text-2xl font-bold tracking-tight">{about.story.heading}</h2>
					{about.story.paragraphs.map((paragraph) => (
						<p key={paragraph} className="mt-4 leading-relaxed text-muted-foreground">
							{paragraph}
						</p>
					))}
				</div>
				<aside aria-labelledby="kia-en-breve" className="rounded-2xl border bg-surface p-6 shadow-sm">
					<h2 id="kia-en-breve" className="font-semibold">
						{facts.heading}
					</h2>
					<dl className="mt-4 space-y-4 text-sm">
						{facts.items.map((fact) => (
							<div key={fact.term}>
								<dt className="text-muted-foreground">{fact.term}</dt>
								<dd className="mt-0.5 font-semibold">{fact.value}</dd>
							</div>
						))}
					</dl>
				</aside>
			</Container>
			<Section id="manifiesto" title={about.manifesto.heading} className="border-y bg-surface-muted/40">
				<ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
					{about.manifesto.items.map((item) => (
						<li key={item.title} className="rounded-2xl border bg-surface p-6">
							<h3 className="font-semibold">{item.title}</h3>
							<p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
						</li>
					))}
				</ul>
			</Section>
			<Section id="proyectos-destacados" title={about.showcase.heading}>
				<div className="grid gap-6 md:grid-cols-2">
					{about.showcase.items.map((item) => (
						<Card key={item.name} className="flex flex-col">
							<div className="mb-6 flex justify-center rounded-xl bg-gradient-to-br from-brand/10 to-accent/5 p-4">
								<StaticMarkup>
									<ProjectVisual id={item.project} />
								</StaticMarkup>
							</div>
							<h3 className="text-lg font-semibold">{item.name}</h3>
							<p className="mt-2 text-muted-foreground">{item.text}</p>
							<ShowcaseLink url={loaderData.showcaseUrls[item.project]} label={item.linkLabel} />
						</Card>
					))}
				</div>
				<Link
					to="/proyectos"
					className="mt-8 inline-flex items-center gap-1.5 font-medium text-brand-ink hover:underline"
				>
					{about.projectsLink}
					<Icon name="arrow-right" className="size-4" />
				</Link>
			</Section>
			<Container className="max-w-2xl pb-20">
				<Card className="p-8">
					<h2 className="text-2xl font-bold tracking-tight">{about.contact.heading}</h2>
					<p className="mt-2 mb-6 text-muted-foreground">{about.contact.text}</p>
					<ContactForm key={location.key} lastResult={actionData?.result} />
				</Card>
			</Container>
		</>
	)
}

/** The project's own site, in a tab of its own; nothing where the deployment names none. */
function ShowcaseLink({ url, label }: { url: string | undefined; label: string }) {
	if (!url) return null
	return (
		<a
			href={url}
			target="_blank"
			rel="noreferrer"
			className="mt-4 inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-ink hover:underline"
		>
			{label}
			<span className="sr-only">{about.opensElsewhere}</span>
			<Icon name="external-link" className="size-4" />
		</a>
	)
}
