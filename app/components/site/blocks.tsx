import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { BlogPostSummary } from '~/.server/blog/posts'
import { Icon, type IconName } from '~/components/ui/icon'
import { capabilityCardMore, type Capability } from '~/content/capabilities'
import { annualSaving, periodLabels, plans, priceSuffix, vatNote, type PriceLabels } from '~/content/plans'
import type { BillingPeriod } from '~/lib/period'
import { capabilityPath } from '~/lib/capability-ids'
import { cn } from '~/lib/utils'
import { Button } from '../ui/button'

const capabilityIcons = {
	calendar: 'calendar',
	receipt: 'receipt',
	mail: 'mail',
	message: 'message-circle',
	file: 'file-text',
	chart: 'chart-column',
	shield: 'shield-check',
	users: 'users',
	folder: 'folder',
	bell: 'bell',
	sparkles: 'sparkles',
	wallet: 'wallet',
} satisfies Record<Capability['icon'], IconName>

export function CapabilityIcon({ icon, className }: { icon: Capability['icon']; className?: string }) {
	return <Icon name={capabilityIcons[icon]} className={className} />
}

/**
 * Capability cards, each a link to its page: the title is the link (so its name is short) and its
 * ::after covers the card, so the whole card is clickable; the card shows the focus ring.
 */
export function CapabilityGrid({
	items,
	headingLevel = 'h3',
	last,
}: {
	items: readonly Capability[]
	headingLevel?: 'h2' | 'h3'
	/** One more grid cell after the cards. */
	last?: ReactNode
}) {
	const Heading = headingLevel
	return (
		<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
			{items.map((item) => (
				// On a phone the icon sits beside the text, so eight cards make a shorter page. Wider, each card's
				// icon, title, text and link share the rows of the cards beside it (subgrid), so a title on two
				// lines does not push its text out of line with the neighbours'.
				<li
					key={item.id}
					className="relative flex gap-4 rounded-2xl border bg-surface p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand/50 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring sm:row-span-4 sm:grid sm:grid-rows-subgrid sm:gap-0 sm:p-6"
				>
					<span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-ink">
						<CapabilityIcon icon={item.icon} className="size-5" />
					</span>
					<div className="flex flex-1 flex-col sm:contents">
						<Heading className="text-base font-semibold sm:mt-4">
							<Link
								to={capabilityPath(item.id)}
								className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
							>
								{item.title}
							</Link>
						</Heading>
						<p className="mt-1.5 flex-1 text-sm text-muted-foreground sm:mt-2">{item.description}</p>
						<span
							aria-hidden
							className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-ink sm:mt-4"
						>
							{capabilityCardMore}
							<Icon name="arrow-right" className="size-4" />
						</span>
					</div>
				</li>
			))}
			{last ? <li className="sm:row-span-4">{last}</li> : null}
		</ul>
	)
}

/** Annual / Mensual as links, so the choice lives in the URL and works without JavaScript. */
export function PeriodTabs({ period, hrefFor }: { period: BillingPeriod; hrefFor: (period: BillingPeriod) => string }) {
	return (
		<div className="flex flex-wrap items-center gap-3">
			<nav aria-label="Periodo de facturación" className="inline-flex rounded-full border bg-surface p-1">
				{(['annual', 'monthly'] as const).map((value) => (
					<Link
						key={value}
						to={hrefFor(value)}
						preventScrollReset
						replace
						aria-current={period === value ? 'page' : undefined}
						className={cn(
							'rounded-full px-5 py-2 text-sm font-medium transition-colors',
							period === value ? 'bg-brand text-brand-foreground' : 'text-muted-foreground hover:text-foreground',
						)}
					>
						{periodLabels[value]}
					</Link>
				))}
			</nav>
			<span className="rounded-full bg-emerald-500/10 px-3 py-1 text-xs font-medium text-emerald-700 dark:text-emerald-300">
				{annualSaving}
			</span>
		</div>
	)
}

export function PlanCards({ period, prices }: { period: BillingPeriod; prices: PriceLabels }) {
	return (
		<div className="grid gap-6 lg:grid-cols-3">
			{plans.map((plan) => (
				<article
					key={plan.id}
					className={cn(
						'relative flex flex-col rounded-3xl border bg-surface p-8 shadow-sm',
						plan.isFeatured && 'border-brand shadow-xl ring-1 ring-brand',
					)}
				>
					{plan.isFeatured ? (
						<p className="absolute -top-3 left-8 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-brand-foreground">
							Más elegido
						</p>
					) : null}
					<h3 className="text-xl font-semibold">{plan.name}</h3>
					<p className="mt-2 min-h-12 text-sm text-muted-foreground">{plan.tagline}</p>
					<p className="mt-6 flex items-baseline gap-1">
						<span className="text-4xl font-bold tracking-tight">{prices[plan.id][period]}</span>
						<span className="text-muted-foreground">{priceSuffix[period]}</span>
					</p>
					<p className="mt-1 text-xs text-muted-foreground">
						{vatNote}
						{plan.charge[period] === 'one-time' ? ' · pago único' : ''}
					</p>
					<ul className="mt-6 flex-1 space-y-3 text-sm">
						{plan.features.map((feature) => (
							<li key={feature} className="flex gap-2">
								<Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
								{feature}
							</li>
						))}
					</ul>
					<Button asChild variant={plan.isFeatured ? 'primary' : 'secondary'} className="mt-8">
						<Link to={`/tarifas/${plan.id}${period === 'monthly' ? '?periodo=mensual' : ''}`}>
							Ver plan {plan.name}
						</Link>
					</Button>
				</article>
			))}
		</div>
	)
}

/** Native <details> sharing one name: one item open at a time, collapsible, no script needed. */
export function FaqList({
	items,
	name,
	className,
}: {
	items: readonly { question: string; answer: string }[]
	name: string
	className?: string
}) {
	return (
		<div className={cn('divide-y rounded-2xl border bg-surface', className)}>
			{items.map((item) => (
				<details key={item.question} name={name} className="group px-5">
					<summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
						{item.question}
						<Icon
							name="chevron-down"
							className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
						/>
					</summary>
					<p className="pb-5 text-sm text-muted-foreground">{item.answer}</p>
				</details>
			))}
		</div>
	)
}

/**
 * A post's card. Its picture is decoration here (empty alt): the card's heading already names the post, and
 * a description read before every title of the list would only delay it. The post page describes it.
 */
export function PostCard({
	post,
	headingLevel = 'h3',
	imageLoading = 'lazy',
}: {
	post: BlogPostSummary
	headingLevel?: 'h2' | 'h3'
	imageLoading?: 'lazy' | 'eager'
}) {
	const Heading = headingLevel
	return (
		<article className="relative flex h-full flex-col overflow-hidden rounded-2xl border bg-surface shadow-sm transition hover:border-brand/50">
			<img
				src={post.image.src}
				alt=""
				width={post.image.width}
				height={post.image.height}
				loading={imageLoading}
				// The first card of a list is the page's largest paint on a phone: fetched ahead of the other images.
				fetchPriority={imageLoading === 'eager' ? 'high' : undefined}
				decoding="async"
				className="aspect-[40/21] w-full border-b object-cover"
			/>
			<div className="flex flex-1 flex-col p-6">
				<ul className="flex flex-wrap gap-2">
					{post.blog_tags.map((tag) => (
						<li key={tag.id} className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-medium text-brand-ink">
							{tag.name}
						</li>
					))}
				</ul>
				<Heading className="mt-4 text-lg font-semibold text-balance">
					<Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
						{post.title}
					</Link>
				</Heading>
				{post.excerpt ? (
					<p className="mt-2 flex-1 text-sm text-muted-foreground">{post.excerpt}</p>
				) : (
					<div className="flex-1" />
				)}
				<p className="mt-5 text-xs text-muted-foreground">
					{post.author} · <time dateTime={post.published_at}>{post.published_label}</time>
				</p>
			</div>
		</article>
	)
}
