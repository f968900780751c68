import { Link } from 'react-router'
import { notFound } from '~/.server/http/responses'
import { CapabilityGrid } from '~/components/site/blocks'
import { CapabilityExample } from '~/components/site/capability-example'
import { CallToAction, Container, PageHero, Section } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { Icon, type IconName } from '~/components/ui/icon'
import { capabilities } from '~/content/capabilities'
import {
	capabilityPageCopy as copy,
	capabilityPages,
	channelLabels,
	verifactu,
	type Channel,
} from '~/content/capability-pages'
import { plans } from '~/content/plans'
import { capabilitiesPath, capabilityPath, isCapabilityId } from '~/lib/capability-ids'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import { cn } from '~/lib/utils'
import type { Route } from './+types/capability'

/** The page's copy comes from the loader: the browser gets this capability's text, not all eight. */
export function loader({ params }: Route.LoaderArgs) {
	if (!isCapabilityId(params.id)) throw notFound()
	const id = params.id
	const summary = capabilities.find((capability) => capability.id === id)
	if (!summary) throw notFound()
	const page = capabilityPages[id]
	return {
		summary,
		page,
		plans: plans.map((plan) => ({ id: plan.id, name: plan.name, included: page.plans.includes(plan.id) })),
		others: capabilities.filter((capability) => capability.id !== id),
		verifactu: id === 'facturas' ? verifactu : null,
	}
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	if (!loaderData) return [{ title: 'Página no encontrada · KIA' }]
	return pageMeta({
		title: `${loaderData.summary.title} · ${copy.eyebrow}`,
		description: loaderData.page.metaDescription,
		path: capabilityPath(loaderData.summary.id),
		siteUrl: siteUrlFrom(matches),
	})
}

const channelIcons = {
	web: 'layout-dashboard',
	whatsapp: 'message-circle',
	email: 'mail',
	calendar: 'calendar',
	drive: 'folder',
	stripe: 'credit-card',
} satisfies Record<Channel, IconName>

function ChannelIcon({ channel, className }: { channel: Channel; className?: string }) {
	return <Icon name={channelIcons[channel]} className={className} />
}

export default routeComponent(CapabilityPage)

function CapabilityPage({ loaderData }: Route.ComponentProps) {
	const { summary, page } = loaderData
	return (
		<>
			<PageHero above={<BackToCapabilities />} eyebrow={copy.eyebrow} title={summary.title} lead={page.lead}>
				<ul aria-label={copy.channelsHeading} className="mt-8 flex flex-wrap gap-2">
					{page.channels.map(({ channel }) => (
						<li
							key={channel}
							className="inline-flex items-center gap-2 rounded-full border bg-surface px-3 py-1.5 text-sm font-medium"
						>
							<ChannelIcon channel={channel} className="size-4 text-brand-ink" />
							{channelLabels[channel]}
						</li>
					))}
				</ul>
			</PageHero>

			<Section>
				<div className="grid gap-12 lg:grid-cols-2 lg:items-start">
					<div>
						<h2 className="text-2xl font-bold tracking-tight">{copy.whatHeading}</h2>
						<div className="mt-5 space-y-4 text-muted-foreground">
							{page.what.map((paragraph) => (
								<p key={paragraph}>{paragraph}</p>
							))}
						</div>
						<ul className="mt-6 space-y-3">
							{page.points.map((point) => (
								<li key={point} className="flex gap-2.5">
									<Icon name="check" className="mt-1 size-4 shrink-0 text-brand-ink" />
									{point}
								</li>
							))}
						</ul>

						<h2 className="mt-12 text-2xl font-bold tracking-tight">{copy.channelsHeading}</h2>
						<ul className="mt-5 space-y-3">
							{page.channels.map(({ channel, text }) => (
								<li key={channel} className="flex gap-4 rounded-2xl border bg-surface p-4 shadow-sm">
									<span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
										<ChannelIcon channel={channel} className="size-5" />
									</span>
									<span>
										<span className="block font-semibold">{channelLabels[channel]}</span>
										<span className="mt-0.5 block text-sm text-muted-foreground">{text}</span>
									</span>
								</li>
							))}
						</ul>
					</div>

					<div className="lg:sticky lg:top-24">
						<h2 className="text-2xl font-bold tracking-tight">{copy.exampleHeading}</h2>
						<div className="mt-5">
							<CapabilityExample example={page.example} note={copy.exampleNote} />
						</div>
					</div>
				</div>
			</Section>

			<Section
				id="tu-y-tu-asistente"
				title={copy.rolesHeading}
				lead={copy.rolesLead}
				className="border-y bg-surface-muted/40"
			>
				<div className="grid gap-6 md:grid-cols-2">
					<RoleCard icon="you" heading={copy.youHeading} items={page.roles.you} />
					<RoleCard icon="assistant" heading={copy.assistantHeading} items={page.roles.assistant} />
				</div>
			</Section>

			{loaderData.verifactu ? <VerifactuSection content={loaderData.verifactu} /> : null}

			<Section id="planes" title={copy.plansHeading} lead={page.plansNote}>
				<ul className="grid gap-4 sm:grid-cols-3">
					{loaderData.plans.map((plan) => (
						<li
							key={plan.id}
							className={cn(
								'flex flex-col rounded-2xl border bg-surface p-6 shadow-sm',
								plan.included && 'border-brand/60 ring-1 ring-brand/30',
							)}
						>
							<span className="text-lg font-semibold">{plan.name}</span>
							<span
								className={cn(
									'mt-2 inline-flex items-center gap-1.5 text-sm font-medium',
									plan.included ? 'text-brand-ink' : 'text-muted-foreground',
								)}
							>
								{plan.included ? <Icon name="check" className="size-4" /> : <Icon name="minus" className="size-4" />}
								{plan.included ? copy.included : copy.notIncluded}
							</span>
							<Link
								to={`/tarifas/${plan.id}`}
								className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-brand-ink hover:underline"
							>
								{copy.seePlan} {plan.name}
								<Icon name="arrow-right" className="size-4" />
							</Link>
						</li>
					))}
				</ul>
				<p className="mt-6 text-sm text-muted-foreground">{copy.plansFootnote}</p>
			</Section>

			<Section id="otras-funciones" title={copy.othersHeading} lead={copy.othersLead} className="border-t">
				<CapabilityGrid items={loaderData.others} last={<AllCapabilitiesCard />} />
			</Section>

			<CallToAction
				heading={copy.cta.heading}
				text={copy.cta.text}
				to="/solicitar-demostracion-kia"
				label={copy.cta.button}
				secondary={{ to: '/tarifas', label: copy.cta.secondary }}
			/>
		</>
	)
}

function BackToCapabilities() {
	return (
		<Link
			to={capabilitiesPath}
			className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
		>
			<Icon name="arrow-left" className="size-4" />
			{copy.back}
		</Link>
	)
}

/** Fills the grid's eighth place, where the page's own capability would be. */
function AllCapabilitiesCard() {
	return (
		<Link
			to={capabilitiesPath}
			className="flex h-full min-h-24 items-center justify-center gap-1.5 rounded-2xl border border-dashed p-6 text-center font-medium text-brand-ink transition hover:border-brand/50 hover:bg-surface"
		>
			{copy.back}
			<Icon name="arrow-right" className="size-4" />
		</Link>
	)
}

function RoleCard({ icon, heading, items }: { icon: 'you' | 'assistant'; heading: string; items: readonly string[] }) {
	return (
		<section className="rounded-2xl border bg-surface p-6 shadow-sm">
			<div className="flex items-center gap-3">
				<span
					className={cn(
						'inline-flex size-10 items-center justify-center rounded-full',
						icon === 'you' ? 'bg-surface-muted text-foreground' : 'bg-brand text-brand-foreground',
					)}
				>
					<Icon name={icon === 'you' ? 'user-round' : 'bot'} className="size-5" />
				</span>
				<h3 className="text-lg font-semibold">{heading}</h3>
			</div>
			<ul className="mt-5 space-y-3 text-sm">
				{items.map((item) => (
					<li key={item} className="flex gap-2.5">
						<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
						{item}
					</li>
				))}
			</ul>
		</section>
	)
}

/** VERIFACTU in its own section of the invoices page: where the home's VERIFACTU block leads. */
function VerifactuSection({ content }: { content: typeof verifactu }) {
	return (
		<section id={content.id} aria-labelledby={`${content.id}-title`} className="scroll-mt-24 py-16 sm:py-20">
			<Container>
				<div className="rounded-3xl border bg-surface p-6 shadow-sm sm:p-10">
					<div className="flex flex-col gap-5 sm:flex-row sm:items-start">
						<span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-emerald-500/10 text-emerald-600 dark:text-emerald-400">
							<Icon name="file-check-corner" className="size-7" />
						</span>
						<div className="max-w-3xl">
							<p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase dark:text-emerald-300">
								{content.badge}
							</p>
							<h2 id={`${content.id}-title`} className="mt-1 text-3xl font-bold tracking-tight text-balance">
								{content.heading}
							</h2>
							<div className="mt-4 space-y-3 text-muted-foreground">
								{content.intro.map((paragraph) => (
									<p key={paragraph}>{paragraph}</p>
								))}
							</div>
						</div>
					</div>

					<div className="mt-10 grid gap-10 lg:grid-cols-2">
						<div>
							<h3 className="text-lg font-semibold">{content.requirementsHeading}</h3>
							<ol className="mt-4 space-y-4 text-sm">
								{content.requirements.map((requirement, index) => (
									<li key={requirement} className="flex gap-3">
										<span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand/10 text-xs font-bold text-brand-ink">
											{index + 1}
										</span>
										{requirement}
									</li>
								))}
							</ol>
						</div>
						<div className="space-y-8">
							<div>
								<h3 className="text-lg font-semibold">{content.whoHeading}</h3>
								<p className="mt-2 text-sm text-muted-foreground">{content.who}</p>
							</div>
							<div>
								<h3 className="text-lg font-semibold">{content.whenHeading}</h3>
								<p className="mt-2 text-sm text-muted-foreground">{content.when}</p>
							</div>
						</div>
					</div>

					<div className="mt-10 rounded-2xl bg-surface-muted/60 p-6">
						<h3 className="text-lg font-semibold">{content.kiaHeading}</h3>
						<ul className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
							{content.kia.map((item) => (
								<li key={item} className="flex gap-2.5">
									<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
									{item}
								</li>
							))}
						</ul>
					</div>

					<div className="mt-8 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
						<div className="space-y-3 text-sm">
							<p>
								{content.article.text}{' '}
								<Link
									to={content.article.to}
									className="font-medium text-brand-ink underline underline-offset-4 hover:decoration-2"
								>
									{content.article.label}
								</Link>
							</p>
							<p>
								<a
									href={content.agency.url}
									target="_blank"
									rel="noreferrer"
									className="inline-flex items-center gap-1 font-medium text-brand-ink underline-offset-4 hover:underline"
								>
									{content.agency.label}
									<Icon name="external-link" className="size-3.5" />
								</a>
							</p>
							<p className="max-w-xl text-xs text-muted-foreground">{content.disclaimer}</p>
						</div>
						<Button asChild className="shrink-0">
							<Link to={content.cta.to}>
								{content.cta.label}
								<Icon name="arrow-right" className="size-4" />
							</Link>
						</Button>
					</div>
				</div>
			</Container>
		</section>
	)
}
