import { Link, useLocation } from 'react-router'
import { handleContactForm } from '~/.server/contact'
import { ContactForm } from '~/components/site/contact-form'
import { Card, Container, PageHero, Section } from '~/components/site/page'
import { Icon } from '~/components/ui/icon'
import { about } from '~/content/about'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/about'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({ title: about.title, description: about.description, path: '/sobre-kia', siteUrl: siteUrlFrom(matches) })

export async function action({ request, context }: Route.ActionArgs) {
	return handleContactForm(request, context, 'Contacto Sobre KIA')
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }), 'contact')
}

export default routeComponent(About)

function About({ actionData }: Route.ComponentProps) {
	// A new location after a successful send remounts the form empty.
	const location = useLocation()
	return (
		<>
			<PageHero eyebrow="Sobre KIA" title={about.heading} lead={about.lead} />
			{/* The story's column starts where the title does, as every section below. */}
			<Container className="py-14 sm:py-16">
				<div className="max-w-3xl">
					<h2 className="text-2xl font-bold tracking-tight">{about.story.heading}</h2>
					{about.story.paragraphs.map((paragraph) => (
						<p key={paragraph} className="mt-4 leading-relaxed text-muted-foreground">
							{paragraph}
						</p>
					))}
				</div>
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
						<Card key={item.name}>
							<h3 className="text-lg font-semibold">{item.name}</h3>
							<p className="mt-2 text-muted-foreground">{item.text}</p>
							<Link
								to={`/proyectos#${item.project}`}
								className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-ink hover:underline"
							>
								{item.linkLabel}
								<Icon name="arrow-right" className="size-4" />
							</Link>
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
