import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { investorForm } from '~/.server/inbox/contact'
import { handlePublicForm } from '~/.server/inbox/public-forms'
import { InvestorForm } from '~/components/site/contact-form'
import { Card, Container, PageHero, Section } from '~/components/site/page'
import { invest } from '~/content/invest'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/invest'
import { keepFormOnFailure } from '~/components/toaster'
import { routeComponent } from '~/lib/route-component'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({ title: invest.title, description: invest.description, path: '/invertir', siteUrl: siteUrlFrom(matches) })

export async function action({ request, context }: Route.ActionArgs) {
	return handlePublicForm(request, context, investorForm)
}

/** A submission the network or the server dropped keeps the form as typed (keepFormOnFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	return keepFormOnFailure(request, serverAction, ({ result }) => ({ result }), 'investor')
}

export default routeComponent(Invest)

function Invest({ actionData }: Route.ComponentProps) {
	// A new location after a successful send remounts the form empty.
	const location = useLocation()
	return (
		<>
			<PageHero eyebrow="Inversores" title={invest.heading} lead={invest.lead} />
			<Section id="cifras" title={invest.figuresHeading}>
				{/* The market's figures apart from KIA's own, each with its source: they describe the opportunity. */}
				<div className="grid gap-10 lg:grid-cols-2 lg:gap-6">
					<FigureGroup id="cifras-mercado" heading={invest.market.heading} note={invest.market.note}>
						{invest.market.figures.map((figure) => (
							<Figure key={figure.label} value={figure.value} label={figure.label} source={figure.source} />
						))}
					</FigureGroup>
					<FigureGroup id="cifras-kia" heading={invest.product.heading} note={invest.product.note}>
						{invest.product.figures.map((figure) => (
							<Figure key={figure.label} value={figure.value} label={figure.label} />
						))}
					</FigureGroup>
				</div>
			</Section>
			<Section className="border-y bg-surface-muted/40">
				<div className="grid gap-6 md:grid-cols-2">
					{invest.sections.map((section) => (
						<Card key={section.heading}>
							<h2 className="text-xl font-semibold">{section.heading}</h2>
							<p className="mt-2 text-muted-foreground">{section.text}</p>
						</Card>
					))}
				</div>
			</Section>
			<Section id="niveles" title={invest.tiersHeading} lead={invest.tiersLead}>
				<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					{invest.tiers.map((tier) => (
						<li key={tier.name} className="rounded-2xl border bg-surface p-6 shadow-sm">
							<h3 className="text-lg font-semibold text-brand-ink">{tier.name}</h3>
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

function FigureGroup({
	id,
	heading,
	note,
	children,
}: {
	id: string
	heading: string
	note: string
	children: ReactNode
}) {
	return (
		// A column whose list takes what is left of it: side by side, both groups' cards are as tall as the tallest.
		<section aria-labelledby={id} className="flex flex-col">
			<h3 id={id} className="text-lg font-semibold">
				{heading}
			</h3>
			<p className="mt-1 text-sm text-muted-foreground">{note}</p>
			<ul className="mt-4 grid flex-1 gap-4 sm:grid-cols-2">{children}</ul>
		</section>
	)
}

function Figure({ value, label, source }: { value: string; label: string; source?: string }) {
	return (
		<li className="flex flex-col rounded-2xl border bg-surface p-6 shadow-sm">
			<h4 className="text-3xl font-bold tracking-tight text-brand-ink">{value}</h4>
			<p className="mt-2 text-sm text-muted-foreground">{label}</p>
			{source ? <small className="mt-auto block pt-4 text-xs text-muted-foreground">{source}</small> : null}
		</li>
	)
}
