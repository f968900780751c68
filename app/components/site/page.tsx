import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { cn } from '~/lib/utils'
import { Button } from '../ui/button'

export function Container({ children, className }: { children: ReactNode; className?: string }) {
	return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>
}

/** The opening block of every inner page (the home has its own hero and no top padding). */
export function PageHero({
	above,
	eyebrow,
	title,
	lead,
	visual,
	children,
}: {
	/** Before the eyebrow: a link back to the page this one belongs to. */
	above?: ReactNode
	eyebrow?: string
	title: string
	lead?: ReactNode
	/** A picture of the product beside the text from lg, under it on a phone. */
	visual?: ReactNode
	children?: ReactNode
}) {
	return (
		<section className="relative overflow-hidden border-b">
			<div
				aria-hidden
				className="glow pointer-events-none absolute inset-x-0 -top-64 mx-auto h-[32rem] max-w-5xl bg-gradient-to-br from-brand/20 to-accent/10"
			/>
			<Container
				className={cn(
					'relative py-16 sm:py-20',
					visual ? 'grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-center' : null,
				)}
			>
				<div>
					{above}
					{eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-ink uppercase">{eyebrow}</p> : null}
					<h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
					{lead ? <p className="mt-5 max-w-2xl text-lg text-balance text-muted-foreground">{lead}</p> : null}
					{children}
				</div>
				{visual}
			</Container>
		</section>
	)
}

export function Section({
	id,
	title,
	lead,
	children,
	className,
	deferred = true,
}: {
	id?: string
	title?: string
	lead?: string
	children: ReactNode
	className?: string
	/** Rendered as it nears the viewport (render-when-near); a section with a form field defers its blocks instead. */
	deferred?: boolean
}) {
	return (
		<section
			id={id}
			className={cn(deferred && 'render-when-near', 'py-16 sm:py-20', className)}
			aria-labelledby={title && id ? `${id}-title` : undefined}
		>
			<Container>
				{title ? (
					<div className="mb-10 max-w-2xl">
						<h2 id={id ? `${id}-title` : undefined} className="text-3xl font-bold tracking-tight text-balance">
							{title}
						</h2>
						{lead ? <p className="mt-3 text-muted-foreground">{lead}</p> : null}
					</div>
				) : null}
				{children}
			</Container>
		</section>
	)
}

export function CallToAction({
	heading,
	text,
	to,
	label,
	secondary,
}: {
	heading: string
	text: string
	to: string
	label: string
	secondary?: { to: string; label: string }
}) {
	return (
		<Section>
			<div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand to-accent px-6 py-14 text-center text-white sm:px-12">
				<h2 className="text-3xl font-bold tracking-tight text-balance">{heading}</h2>
				<p className="mx-auto mt-3 max-w-xl text-white/85">{text}</p>
				<div className="mt-8 flex flex-wrap justify-center gap-3">
					<Button asChild size="lg" className="bg-white text-zinc-900 hover:bg-white/90">
						<Link to={to}>
							{label}
							<Icon name="arrow-right" className="size-4" />
						</Link>
					</Button>
					{secondary ? (
						<Button asChild size="lg" variant="ghost" className="text-white hover:bg-white/10">
							<Link to={secondary.to}>{secondary.label}</Link>
						</Button>
					) : null}
				</div>
			</div>
		</Section>
	)
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
	return <div className={cn('rounded-2xl border bg-surface p-6 shadow-sm', className)}>{children}</div>
}
