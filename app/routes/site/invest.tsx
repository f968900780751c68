import { useLocation } from 'react-router'
import { handleInvestorForm } from '~/.server/contact'
import { InvestorForm } from '~/components/site/contact-form'
import { Card, Container, PageHero, Section } from '~/components/site/page'
import { invest } from '~/content/invest'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/invest'
import { keepFormOnFailure } from '~/components/toaster'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({ title: invest.title, description: invest.description, path: '/invertir', siteUrl: siteUrlFrom(matches) })

export async function action({ request, context }: Route.ActionArgs) {
	return handleInvestorForm(request, context)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }), 'investor')
}

export default function Invest({ actionData }: Route.ComponentProps) {
	// A new location after a successful send remounts the form empty.
	const location = useLocation()
	return (
		<>
			<PageHero eyebrow="Inversores" title={invest.heading} lead={invest.lead}>
				<dl className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					{invest.highlights.map((highlight) => (
						<div key={highlight.label} className="rounded-2xl border bg-surface p-5">
							<dt className="text-sm text-muted-foreground">{highlight.label}</dt>
							<dd className="mt-1 text-2xl font-bold tracking-tight">{highlight.value}</dd>
						</div>
					))}
				</dl>
			</PageHero>
			<Section>
				<div className="grid gap-8 md:grid-cols-2">
					{invest.sections.map((section) => (
						<section key={section.heading}>
							<h2 className="text-xl font-semibold">{section.heading}</h2>
							<p className="mt-2 text-muted-foreground">{section.text}</p>
						</section>
					))}
				</div>
				<ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					{invest.tiers.map((tier) => (
						<li key={tier.name} className="rounded-2xl border bg-surface p-5">
							<h3 className="font-semibold text-brand-ink">{tier.name}</h3>
							<p className="mt-2 text-sm text-muted-foreground">{tier.text}</p>
						</li>
					))}
				</ul>
			</Section>
			<Container className="max-w-2xl pb-20">
				<Card className="p-8">
					<h2 className="text-2xl font-bold tracking-tight">{invest.form.heading}</h2>
					<p className="mt-2 mb-6 text-muted-foreground">{invest.form.text}</p>
					<InvestorForm key={location.key} lastResult={actionData?.result} />
				</Card>
			</Container>
		</>
	)
}
