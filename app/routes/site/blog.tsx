import { createAnonClient } from '~/.server/supabase/client'
import { Link } from 'react-router'
import { blogPage } from '~/content/pages'
import { allPosts, allTags, tagCounts } from '~/.server/blog/posts'
import { incompletePage } from '~/.server/http/responses'
import { PostCard } from '~/components/site/blocks'
import { Container, PageHero } from '~/components/site/page'
import { routeComponent } from '~/lib/route-component'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import { cn } from '~/lib/utils'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta({
		title: blogPage.title,
		description: blogPage.description,
		path: '/blog',
		siteUrl: siteUrlFrom(matches),
	})

export async function loader({ url }: Route.LoaderArgs) {
	// Published posts are the same for everyone: read as a visitor, whatever session the request carries.
	const supabase = createAnonClient()
	const [posts, tags] = await Promise.all([allPosts(supabase), allTags(supabase)])
	const tag = url.searchParams.get('tag')
	if (!posts.ok || !tags.ok) return incompletePage({ error: true as const, tag })
	return {
		error: false as const,
		tag,
		total: posts.value.length,
		categories: tagCounts(posts.value, tags.value),
		posts: tag ? posts.value.filter((post) => post.blog_tags.some((postTag) => postTag.name === tag)) : posts.value,
	}
}

export default routeComponent(Blog)

function Blog({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<PageHero eyebrow={blogPage.eyebrow} title={blogPage.heading} lead={blogPage.lead} />
			<Container className="py-14">
				{loaderData.error ? (
					<p role="alert" className="rounded-xl border border-danger/40 p-4 text-danger">
						{blogPage.loadError}
					</p>
				) : (
					<>
						<nav aria-label="Categorías">
							<ul className="flex flex-wrap gap-2">
								{[{ id: 'todas', name: blogPage.all, count: loaderData.total }, ...loaderData.categories].map(
									(category) => {
										const active = category.id === 'todas' ? !loaderData.tag : loaderData.tag === category.name
										return (
											<li key={category.id}>
												<Link
													to={category.id === 'todas' ? '/blog' : `/blog?tag=${encodeURIComponent(category.name)}`}
													preventScrollReset
													aria-current={active ? 'page' : undefined}
													className={cn(
														'inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors',
														active ? 'border-brand bg-brand text-brand-foreground' : 'bg-surface hover:border-brand/50',
													)}
												>
													{category.name}
													<span
														className={cn(
															'rounded-full px-1.5 text-xs',
															active ? 'bg-white/20' : 'bg-surface-muted text-muted-foreground',
														)}
													>
														{category.count}
													</span>
												</Link>
											</li>
										)
									},
								)}
							</ul>
						</nav>
						{loaderData.posts.length === 0 ? (
							<p className="mt-12 text-center text-muted-foreground">{blogPage.empty}</p>
						) : (
							<div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
								{loaderData.posts.map((post, index) => (
									<PostCard key={post.id} post={post} headingLevel="h2" imageLoading={index === 0 ? 'eager' : 'lazy'} />
								))}
							</div>
						)}
					</>
				)}
			</Container>
		</>
	)
}
