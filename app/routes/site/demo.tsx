import { CalendarDays, ChevronRight, Clock, Video } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Card, Container } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { pageNames } from '~/content/navigation'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/demo'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: 'Solicitar demostración · KIA',
		description: 'Reserva una demostración gratuita de 15 minutos por videollamada, de lunes a viernes entre las 10:00 y las 13:30.',
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
					Solicitar demostración
				</li>
			</ol>
		</nav>
	)
}

export default function DemoRequest() {
	return (
		<Container className="max-w-4xl py-10">
			<Breadcrumb />
			<h1 className="mt-6 text-4xl font-bold tracking-tight">Solicita tu demostración gratuita</h1>
			<p className="mt-4 max-w-2xl text-lg text-muted-foreground">
				En 15 minutos te enseñamos un asistente KIA funcionando con casos como el tuyo y resolvemos tus dudas.
			</p>
			<div className="mt-10 grid gap-4 sm:grid-cols-3">
				<Card>
					<Clock aria-hidden className="size-5 text-brand-ink" />
					<p className="mt-3 font-semibold">15 minutos</p>
					<p className="mt-1 text-sm text-muted-foreground">Directo al grano, sin compromiso.</p>
				</Card>
				<Card>
					<CalendarDays aria-hidden className="size-5 text-brand-ink" />
					<p className="mt-3 font-semibold">De lunes a viernes</p>
					<p className="mt-1 text-sm text-muted-foreground">Cada 30 minutos, de 10:00 a 13:30.</p>
				</Card>
				<Card>
					<Video aria-hidden className="size-5 text-brand-ink" />
					<p className="mt-3 font-semibold">Videollamada</p>
					<p className="mt-1 text-sm text-muted-foreground">Recibirás el enlace por email.</p>
				</Card>
			</div>
			<Card className="mt-8 p-8">
				<h2 className="text-xl font-semibold">Reserva tu hueco</h2>
				<p className="mt-2 text-muted-foreground">
					La reserva en línea estará disponible muy pronto. Mientras tanto, escríbenos y te proponemos día y hora en menos de 24 horas.
				</p>
				<Button asChild className="mt-6">
					<Link to="/contacto">Pedir una demostración</Link>
				</Button>
			</Card>
		</Container>
	)
}
