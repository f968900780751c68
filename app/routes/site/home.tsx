import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { home } from '~/content/home'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: home.title }, { name: 'description', content: home.description }]

export default function Home() {
	return (
		<section className="relative overflow-hidden">
			<div
				aria-hidden
				className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[32rem] max-w-4xl rounded-full bg-gradient-to-br from-brand/30 to-accent/20 blur-3xl"
			/>
			<div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center sm:py-32">
				<p className="rounded-full border bg-surface px-4 py-1 text-xs text-muted-foreground sm:text-sm">{home.eyebrow}</p>
				<h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">{home.headline}</h1>
				<p className="mt-6 max-w-2xl text-lg text-balance text-muted-foreground">{home.lead}</p>
				<div className="mt-10 flex flex-wrap justify-center gap-3">
					<Button asChild size="lg">
						<Link to="/solicitar-demostracion-kia">
							Descubre KIA
							<ArrowRight aria-hidden className="size-4" />
						</Link>
					</Button>
					<Button asChild size="lg" variant="secondary">
						<Link to="/solicitar-demostracion-kia">Ver demo</Link>
					</Button>
				</div>
			</div>
		</section>
	)
}
