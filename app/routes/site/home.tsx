import { ArrowRight, FileCheck2, LayoutDashboard } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { latestPosts } from '~/.server/blog'
import { doNotShare } from '~/.server/page-cache'
import { getSupabase } from '~/.server/supabase'
import { CapabilityGrid, FaqList, PeriodTabs, PlanCards, PostCard } from '~/components/site/blocks'
import { NewsletterForm } from '~/components/site/newsletter-form'
import { Container, Section } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { capabilities } from '~/content/capabilities'
import { homeFaq } from '~/content/faq'
import { priceLabels } from '~/content/plans'
import { home } from '~/content/home'
import { verifactuPath } from '~/lib/capability-ids'
import { periodFromUrl, periodHref } from '~/lib/period'
import { organizationJsonLd, pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: home.title,
		description: home.description,
		path: '/',
		siteUrl: siteUrlFrom(matches),
		jsonLd: organizationJsonLd(siteUrlFrom(matches)),
	})

export async function loader({ context, request }: Route.LoaderArgs) {
	const posts = await latestPosts(getSupabase(context), 3)
	if (!posts.ok) doNotShare(context)
	return { posts: posts.ok ? posts.value : null, period: periodFromUrl(new URL(request.url)), prices: priceLabels() }
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	const half = Math.ceil(homeFaq.length / 2)
	return (
		<>
			<section className="relative overflow-hidden">
				<div
					aria-hidden
					className="glow pointer-events-none absolute inset-x-0 -top-56 mx-auto h-[40rem] max-w-6xl bg-gradient-to-br from-brand/30 to-accent/20"
				/>
				<div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center sm:py-32">
					<p className="max-w-72 rounded-2xl border bg-surface px-4 py-1 text-xs text-balance text-muted-foreground sm:max-w-none sm:rounded-full sm:text-sm">
						{home.eyebrow}
					</p>
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

			<Section id="funciones" title={home.capabilitiesHeading} lead={home.capabilitiesLead}>
				<CapabilityGrid items={capabilities} />
			</Section>

			<section className="border-y bg-surface-muted/40 py-16 sm:py-20">
				<Container className="max-w-3xl text-center">
					<h2 className="text-3xl font-bold tracking-tight">{home.freedom.heading}</h2>
					<p className="mt-4 text-lg text-muted-foreground">{home.freedom.text}</p>
				</Container>
			</section>

			<Section id="magia" title={home.steps.heading}>
				<ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
					{home.steps.items.map((step, index) => (
						<li key={step.title} className="rounded-2xl border bg-surface p-6">
							<span className="inline-flex size-9 items-center justify-center rounded-full bg-brand text-sm font-bold text-brand-foreground">
								{index + 1}
							</span>
							<h3 className="mt-4 font-semibold">{step.title}</h3>
							<p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
						</li>
					))}
				</ol>
			</Section>

			<Container>
				<Link
					to="/webapp-incluida"
					className="group flex flex-col gap-4 rounded-3xl border bg-surface p-8 shadow-sm transition hover:border-brand/50 sm:flex-row sm:items-center"
				>
					<span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand/10 text-brand-ink">
						<LayoutDashboard aria-hidden className="size-6" />
					</span>
					<span className="flex-1">
						<span className="block text-lg font-semibold">{home.webappBanner.heading}</span>
						<span className="mt-1 block text-muted-foreground">{home.webappBanner.text}</span>
					</span>
					<span className="inline-flex items-center gap-1 text-sm font-medium text-brand-ink">
						{home.webappBanner.link}
						<ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
					</span>
				</Link>
			</Container>

			<Section id="precios" title={home.pricing.heading} lead={home.pricing.lead}>
				<div className="mb-8">
					<PeriodTabs
						period={loaderData.period}
						hrefFor={(period) => periodHref(location.pathname, location.search, period, '#precios')}
					/>
				</div>
				<PlanCards period={loaderData.period} prices={loaderData.prices} />
				<p className="mt-8 text-center">
					<Link to="/tarifas" className="font-medium text-brand-ink hover:underline">
						{home.pricing.link}
					</Link>
				</p>
			</Section>

			<Container>
				<div className="grid gap-8 rounded-3xl border bg-surface p-8 shadow-sm sm:p-12 lg:grid-cols-[auto_1fr_auto] lg:items-center">
					<span className="inline-flex size-14 items-center justify-center rounded-2xl bg-emerald-500/10 text-emerald-600 dark:text-emerald-400">
						<FileCheck2 aria-hidden className="size-7" />
					</span>
					<div>
						<p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase dark:text-emerald-300">
							{home.verifactu.badge}
						</p>
						<h2 className="mt-1 text-2xl font-bold tracking-tight">{home.verifactu.heading}</h2>
						<p className="mt-2 text-muted-foreground">{home.verifactu.text}</p>
					</div>
					<Button asChild variant="secondary">
						<Link to={verifactuPath}>{home.verifactu.button}</Link>
					</Button>
				</div>
			</Container>

			<Section>
				<div className="rounded-3xl bg-gradient-to-br from-brand to-accent px-6 py-14 text-center text-white">
					<h2 className="text-3xl font-bold tracking-tight">{home.demo.heading}</h2>
					<p className="mx-auto mt-3 max-w-xl text-white/85">{home.demo.text}</p>
					<Button asChild size="lg" className="mt-8 bg-white text-zinc-900 hover:bg-white/90">
						<Link to="/solicitar-demostracion-kia">{home.demo.button}</Link>
					</Button>
				</div>
			</Section>

			<Section id="blog" title={home.blog.heading}>
				{loaderData.posts === null ? (
					<p role="alert" className="rounded-xl border border-danger/40 p-4 text-sm text-danger">
						Error al cargar las últimas entradas del blog.
					</p>
				) : loaderData.posts.length === 0 ? (
					<p className="text-muted-foreground">{home.blog.empty}</p>
				) : (
					<div className="grid gap-6 md:grid-cols-3">
						{loaderData.posts.map((post) => (
							<PostCard key={post.id} post={post} />
						))}
					</div>
				)}
				<div className="mt-10 flex flex-col gap-8 rounded-3xl border bg-surface p-8 lg:flex-row lg:items-center lg:justify-between">
					<div>
						<Link to="/blog" className="font-medium text-brand-ink hover:underline">
							{home.blog.link}
						</Link>
						<h3 className="mt-4 text-lg font-semibold">{home.newsletter.heading}</h3>
						<p className="mt-1 text-sm text-muted-foreground">{home.newsletter.text}</p>
					</div>
					<NewsletterForm id="home" className="w-full max-w-md" />
				</div>
			</Section>

			<Section id="faq" title={home.faqHeading}>
				<div className="grid gap-4 lg:grid-cols-2 lg:items-start">
					<FaqList items={homeFaq.slice(0, half)} name="faq-inicio" />
					<FaqList items={homeFaq.slice(half)} name="faq-inicio" />
				</div>
			</Section>
		</>
	)
}
