import { createAnonClient } from '~/.server/supabase/client'
import { data, Link, useMatches } from 'react-router'
import { Icon } from '~/components/ui/icon'
import { blogPage } from '~/content/pages'
import { postBySlug } from '~/.server/blog/posts'
import { incompletePage } from '~/.server/http/responses'
import { ShareButton } from '~/components/site/share-button'
import { Container } from '~/components/site/page'
import { Button } from '~/components/ui/button'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/blog-post'

export async function loader({ params }: Route.LoaderArgs) {
	// Published posts are the same for everyone: read as a visitor, whatever session the request carries.
	const result = await postBySlug(createAnonClient(), params.slug)
	if (!result.ok) return incompletePage({ state: 'error' as const, post: null })
	if (!result.value) return data({ state: 'not-found' as const, post: null }, { status: 404 })
	return { state: 'found' as const, post: result.value }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
	const siteUrl = siteUrlFrom(matches)
	const post = loaderData?.post
	if (!post) return [{ title: `${blogPage.notFound} · KIA` }, { name: 'robots', content: 'noindex' }]
	return pageMeta({
		title: `${post.title} · Blog de KIA`,
		description: post.excerpt ?? post.title,
		path: `/blog/${params.slug}`,
		siteUrl,
		type: 'article',
		jsonLd: {
			'@type': 'BlogPosting',
			headline: post.title,
			datePublished: post.published_at,
			author: { '@type': 'Person', name: post.author },
			publisher: { '@type': 'Organization', name: 'KIA' },
			mainEntityOfPage: `${siteUrl}/blog/${params.slug}`,
		},
	})
}

function BackToBlog() {
	return (
		<Link
			to="/blog"
			className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
		>
			<Icon name="arrow-left" className="size-4" />
			{blogPage.back}
		</Link>
	)
}

export default routeComponent(BlogPostPage)

function BlogPostPage({ loaderData }: Route.ComponentProps) {
	const siteUrl = siteUrlFrom(useMatches())
	if (loaderData.state !== 'found') {
		return (
			<Container className="max-w-3xl py-24 text-center">
				<h1 className="text-3xl font-bold">{loaderData.state === 'error' ? blogPage.postError : blogPage.notFound}</h1>
				<p className="mt-3 text-muted-foreground">
					{loaderData.state === 'error' ? blogPage.postErrorText : blogPage.notFoundText}
				</p>
				<div className="mt-8">
					<BackToBlog />
				</div>
			</Container>
		)
	}
	const { post } = loaderData
	return (
		<article className="py-14">
			<Container className="max-w-3xl">
				<BackToBlog />
				<ul className="mt-8 flex flex-wrap gap-2">
					{post.blog_tags.map((tag) => (
						<li key={tag.id}>
							<Link
								to={`/blog?tag=${encodeURIComponent(tag.name)}`}
								className="rounded-full bg-brand/10 px-3 py-1 text-xs font-medium text-brand-ink hover:bg-brand/20"
							>
								{tag.name}
							</Link>
						</li>
					))}
				</ul>
				<h1 className="mt-4 text-4xl font-bold tracking-tight text-balance">{post.title}</h1>
				<div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-b pb-6">
					<p className="text-sm text-muted-foreground">
						{post.author} · <time dateTime={post.published_at}>{post.published_label}</time>
					</p>
					<ShareButton url={`${siteUrl}/blog/${post.slug}`} title={post.title} />
				</div>
				<img
					src={post.image.src}
					alt={post.image.alt}
					width={post.image.width}
					height={post.image.height}
					fetchPriority="high"
					decoding="async"
					className="mt-8 aspect-[40/21] w-full rounded-2xl border object-cover"
				/>
				<div className="prose-kia mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
				<div className="mt-14 rounded-3xl bg-gradient-to-br from-brand to-accent p-8 text-center text-white">
					<h2 className="text-2xl font-bold">{blogPage.cta.heading}</h2>
					<p className="mt-2 text-white/85">{blogPage.cta.text}</p>
					<Button asChild size="lg" className="mt-6 bg-white text-zinc-900 hover:bg-white/90">
						<Link to="/solicitar-demostracion-kia">{blogPage.cta.button}</Link>
					</Button>
				</div>
				<div className="mt-10">
					<BackToBlog />
				</div>
			</Container>
		</article>
	)
}
