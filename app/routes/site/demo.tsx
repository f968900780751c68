import { CalendarDays, ChevronRight, Clock, Video } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Card, Container } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { pageNames } from '~/content/navigation'
import { demoPage } from '~/content/pages'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/demo'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: demoPage.title,
		description: demoPage.description,
		path: '/solicitar-demostracion-kia',
		siteUrl: siteUrlFrom(matches),
	})

/** Inicio › (the page the visitor came from, when we know its name) › Solicitar demostración. */
function Breadcrumb() {
	const location = useLocation()
	const from = (location.state as { from?: string } | null)?.from
	const trail = [{ to: '/', label: pageNames['/'] ?? 'Inicio' }]
	if (from && from !== '/' && pageNames[from]) trail.push({ to: from, label: pageNames[from] })
	return (
		<nav aria-label="Ruta de navegación" className="text-sm text-muted-foreground">
			<ol className="flex flex-wrap items-center gap-1.5">
				{trail.map((item) => (
					<li key={item.to} className="flex items-center gap-1.5">
						<Link to={item.to} className="hover:text-foreground">
							{item.label}
						</Link>
						<ChevronRight aria-hidden className="size-3.5" />
					</li>
				))}
				<li aria-current="page" className="font-medium text-foreground">
					{demoPage.breadcrumb}
				</li>
			</ol>
		</nav>
	)
}

const factIcons = { clock: Clock, calendar: CalendarDays, video: Video }

export default function DemoRequest() {
	return (
		<Container className="max-w-4xl py-10">
			<Breadcrumb />
			<h1 className="mt-6 text-4xl font-bold tracking-tight">{demoPage.heading}</h1>
			<p className="mt-4 max-w-2xl text-lg text-muted-foreground">{demoPage.lead}</p>
			<div className="mt-10 grid gap-4 sm:grid-cols-3">
				{demoPage.facts.map((fact) => {
					const Icon = factIcons[fact.icon]
					return (
						<Card key={fact.title}>
							<Icon aria-hidden className="size-5 text-brand-ink" />
							<p className="mt-3 font-semibold">{fact.title}</p>
							<p className="mt-1 text-sm text-muted-foreground">{fact.text}</p>
						</Card>
					)
				})}
			</div>
			<Card className="mt-8 p-8">
				<h2 className="text-xl font-semibold">{demoPage.booking.heading}</h2>
				<p className="mt-2 text-muted-foreground">{demoPage.booking.text}</p>
				<Button asChild className="mt-6">
					<Link to="/contacto">{demoPage.booking.button}</Link>
				</Button>
			</Card>
		</Container>
	)
}
