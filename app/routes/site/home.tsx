import { createAnonClient } from '~/.server/supabase/client'
import { Link, useLocation } from 'react-router'
import { latestPosts } from '~/.server/blog/posts'
import { incompletePage } from '~/.server/http/responses'
import { StaticMarkup } from '~/components/hydrated'
import { CapabilityGrid, FaqList, PeriodTabs, PlanCards, PostCard } from '~/components/site/blocks'
import { NewsletterForm } from '~/components/newsletter/newsletter-form'
import { ParticleBackground } from '~/components/site/particles/particle-background'
import { ChannelMarks, ChatVisual, EmailVisual, PortalVisual } from '~/components/site/product-visuals'
import { StepArt } from '~/components/site/step-art'
import { Container, Section } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'
import { capabilities } from '~/content/capabilities'
import { homeFaq } from '~/content/faq'
import { priceLabels } from '~/content/plans'
import { home } from '~/content/home'
import { verifactuPath } from '~/lib/capability-ids'
import { periodFromUrl, periodHref } from '~/lib/period'
import { routeComponent } from '~/lib/route-component'
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

export async function loader({ url }: Route.LoaderArgs) {
	// Published posts are the same for everyone: read as a visitor, so a broken session (a forged or expired token)
	// cannot spoil the page.
	const posts = await latestPosts(createAnonClient(), 3)
	const page = { posts: posts.ok ? posts.value : null, period: periodFromUrl(url), prices: priceLabels() }
	return posts.ok ? page : incompletePage(page)
}

/**
 * The two cards between sections, deferred like the sections around them (their 52 elements were laid out with
 * the first screen on a phone, issue 19). The padding, cancelled by the margin, keeps their shadow and focus ring
 * inside the block, which clips its contents at its padding box.
 */
const cardBelowTheFold = 'render-when-near -my-2 py-2'

export default routeComponent(Home)

function Home({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	const half = Math.ceil(homeFaq.length / 2)
	return (
		<>
			<section className="relative overflow-hidden">
				<div
					aria-hidden
					className="glow pointer-events-none absolute inset-x-0 -top-56 mx-auto h-[40rem] max-w-6xl bg-gradient-to-br from-brand/30 to-accent/20"
				/>
				<ParticleBackground />
				<Container className="relative grid items-center gap-12 pt-14 pb-10 sm:pt-24 sm:pb-16 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
					<div className="flex flex-col items-center text-center lg:items-start lg:text-left">
						<p className="max-w-72 rounded-2xl border bg-surface px-4 py-1 text-xs text-balance text-muted-foreground sm:max-w-none sm:rounded-full sm:text-sm">
							{home.eyebrow}
						</p>
						<h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">{home.headline}</h1>
						<p className="mt-6 max-w-2xl text-lg text-balance text-muted-foreground">{home.lead}</p>
						<div className="mt-10 flex flex-wrap justify-center gap-3">
							<Button asChild size="lg">
								<Link to="/solicitar-demostracion-kia">
									Descubre KIA
									<Icon name="arrow-right" className="size-4" />
								</Link>
							</Button>
							<Button asChild size="lg" variant="secondary">
								<Link to="/solicitar-demostracion-kia">Ver demo</Link>
							</Button>
						</div>
					</div>
					{/* Stacked on narrow screens, the e-mail over the chat's input bar; side by side, staggered, on wide ones. */}
					<div className="relative mx-auto w-full max-w-sm xl:max-w-none xl:pb-16">
						<StaticMarkup>
							<ChatVisual className="xl:w-[22rem]" />
							<EmailVisual className="relative z-10 -mt-8 ml-auto w-[92%] xl:absolute xl:right-0 xl:bottom-0 xl:mt-0 xl:w-64" />
						</StaticMarkup>
					</div>
				</Container>
				<Container className="relative pb-12 sm:pb-16">
					<StaticMarkup>
						<ChannelMarks />
					</StaticMarkup>
				</Container>
			</section>

			<Section id="funciones" title={home.capabilitiesHeading} lead={home.capabilitiesLead}>
				<CapabilityGrid items={capabilities} />
			</Section>

			<section className="render-when-near border-y bg-surface-muted/40 py-16 sm:py-20">
				<Container className="max-w-3xl text-center">
					<h2 className="text-3xl font-bold tracking-tight">{home.freedom.heading}</h2>
					<p className="mt-4 text-lg text-muted-foreground">{home.freedom.text}</p>
				</Container>
			</section>

			<Section id="magia" title={home.steps.heading}>
				<StaticMarkup>
					<ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
						{home.steps.items.map((step, index) => (
							<li key={step.title} className="rounded-2xl border bg-surface p-4">
								<StepArt name={step.art} />
								<span className="mt-4 ml-2 inline-flex size-9 items-center justify-center rounded-full bg-brand text-sm font-bold text-brand-foreground">
									{index + 1}
								</span>
								<h3 className="mx-2 mt-4 font-semibold">{step.title}</h3>
								<p className="mx-2 mt-2 mb-2 text-sm text-muted-foreground">{step.text}</p>
							</li>
						))}
					</ol>
				</StaticMarkup>
			</Section>

			<Container className={cardBelowTheFold}>
				{/* The link's ::after covers the card, so the whole card is clickable and the link's name stays its own words. */}
				<div className="relative grid items-center gap-8 overflow-hidden rounded-3xl border bg-surface p-8 shadow-sm transition hover:border-brand/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring lg:grid-cols-2 lg:p-10">
					<div>
						<span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand/10 text-brand-ink">
							<Icon name="layout-dashboard" className="size-6" />
						</span>
						<h2 className="mt-5 text-2xl font-bold tracking-tight">{home.webappBanner.heading}</h2>
						<p className="mt-2 text-muted-foreground">{home.webappBanner.text}</p>
						<Link
							to="/webapp-incluida"
							className="group mt-5 inline-flex items-center gap-1 font-medium text-brand-ink after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none"
						>
							{home.webappBanner.link}
							<Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
						</Link>
					</div>
					<StaticMarkup>
						<PortalVisual />
					</StaticMarkup>
				</div>
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

			<Container className={cardBelowTheFold}>
				<div className="grid gap-8 rounded-3xl border bg-surface p-8 shadow-sm sm:p-12 lg:grid-cols-[auto_1fr_auto] lg:items-center">
					<span className="inline-flex size-14 items-center justify-center rounded-2xl bg-emerald-500/10 text-emerald-600 dark:text-emerald-400">
						<Icon name="file-check-corner" className="size-7" />
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

			{/* Deferred in two blocks, so that the newsletter's field is in a small one (app.css). */}
			<Section id="blog" title={home.blog.heading} deferred={false}>
				<div className="render-when-near -m-2 p-2">
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
					<p className="mt-8 text-center">
						<Link to="/blog" className="inline-flex items-center gap-1 font-medium text-brand-ink hover:underline">
							{home.blog.link}
							<Icon name="arrow-right" className="size-4" />
						</Link>
					</p>
				</div>
				<div className="render-when-near mt-12 flex flex-col gap-8 rounded-3xl border bg-surface p-8 [--near-size:14rem] lg:flex-row lg:items-center lg:justify-between">
					<div>
						<h3 className="text-lg font-semibold">{home.newsletter.heading}</h3>
						<p className="mt-1 text-sm text-muted-foreground">{home.newsletter.text}</p>
					</div>
					<NewsletterForm id="home" className="w-full max-w-md" />
				</div>
			</Section>

			<Section id="faq" title={home.faqHeading}>
				<StaticMarkup>
					<div className="grid gap-4 lg:grid-cols-2 lg:items-start">
						<FaqList items={homeFaq.slice(0, half)} name="faq-inicio" />
						<FaqList items={homeFaq.slice(half)} name="faq-inicio" />
					</div>
				</StaticMarkup>
			</Section>
		</>
	)
}
