import type { SupabaseClient } from '@supabase/supabase-js'
import sanitizeHtml from 'sanitize-html'
import { postImage, type PostImage } from '~/lib/blog-images'
import { formatLongDate } from '~/lib/dates'
import type { Database } from '~/lib/database.types'
import { log } from '../log'

export type BlogTag = { id: string; name: string }
type BlogPostRow = {
	id: string
	title: string
	slug: string
	excerpt: string | null
	image_url: string | null
	author: string
	published_at: string
	blog_tags: BlogTag[]
}
/** A post as pages show it; the date is formatted and the picture chosen here, on the server (see `priceLabels`). */
export type BlogPostSummary = BlogPostRow & { published_label: string; image: PostImage }
export type BlogPost = BlogPostSummary & { content: string }

const summaryColumns = 'id, title, slug, excerpt, image_url, author, published_at, blog_tags(id, name)'

export type Loaded<T> = { ok: true; value: T } | { ok: false }

/** Database trouble must not take the page down: callers show the spec's error text instead. */
async function attempt<T>(what: string, work: () => Promise<{ data: T | null; error: unknown }>): Promise<Loaded<T>> {
	try {
		const { data, error } = await work()
		if (error || data === null) {
			log.error({ err: error }, `[blog] ${what} failed`)
			return { ok: false }
		}
		return { ok: true, value: data }
	} catch (error) {
		log.error({ err: error }, `[blog] ${what} failed`)
		return { ok: false }
	}
}

/** A draft's `published_at` is null; RLS shows only published posts, and this tells the type checker as much. */
const isPublished = <Post extends { published_at: string | null }>(
	post: Post,
): post is Post & { published_at: string } => post.published_at !== null

const labelled = <Post extends BlogPostRow>(post: Post) => ({
	...post,
	published_label: formatLongDate(post.published_at),
	image: postImage({ ...post, tags: post.blog_tags.map((tag) => tag.name) }),
})

function labelledAll<Post extends Omit<BlogPostRow, 'published_at'> & { published_at: string | null }>(
	result: Loaded<Post[]>,
): Loaded<BlogPostSummary[]> {
	return result.ok ? { ok: true, value: result.value.filter(isPublished).map(labelled) } : result
}

export async function latestPosts(supabase: SupabaseClient<Database>, limit = 3) {
	return labelledAll(
		await attempt('latest posts', async () =>
			supabase.from('blog_posts').select(summaryColumns).order('published_at', { ascending: false }).limit(limit),
		),
	)
}

/** What PostgREST's max_rows lets one read return (supabase/config.toml): more comes a page at a time. */
const pageSize = 1000

/** Every published post, newest first (the list is not paginated), read a page at a time. */
export async function allPosts(supabase: SupabaseClient<Database>) {
	return labelledAll(
		await attempt('posts', async () => {
			const posts = []
			for (let from = 0; ; from += pageSize) {
				const page = await supabase
					.from('blog_posts')
					.select(summaryColumns)
					.order('published_at', { ascending: false })
					.order('id')
					.range(from, from + pageSize - 1)
				if (page.error) return page
				posts.push(...page.data)
				if (page.data.length < pageSize) return { data: posts, error: null }
			}
		}),
	)
}

/**
 * The tags of at least one published post: a tag nobody can read anything under
 * (a new one, or one on drafts only) is not offered. The inner join reads
 * blog_posts under RLS, whose policy is what "published" means for every reader.
 */
export async function allTags(supabase: SupabaseClient<Database>): Promise<Loaded<BlogTag[]>> {
	const result = await attempt<(BlogTag & { blog_posts: unknown[] })[]>('tags', async () =>
		supabase
			.from('blog_tags')
			.select('id, name, blog_posts!inner(id)')
			.limit(1, { referencedTable: 'blog_posts' })
			.order('name'),
	)
	return result.ok ? { ok: true, value: result.value.map(({ id, name }) => ({ id, name })) } : result
}

export async function postBySlug(supabase: SupabaseClient<Database>, slug: string): Promise<Loaded<BlogPost | null>> {
	const result = await attempt('post', async () =>
		supabase.from('blog_posts').select(`${summaryColumns}, content`).eq('slug', slug).limit(1),
	)
	if (!result.ok) return result
	const post = result.value.filter(isPublished)[0]
	return { ok: true, value: post ? { ...labelled(post), content: sanitizePostHtml(post.content) } : null }
}

/**
 * What the public blog looks like right now, in one cheap query (the published posts' count and latest
 * `updated_at`): it changes whenever a post is published, edited or withdrawn. Null when it cannot be read.
 */
export async function publishedBlogVersion(supabase: SupabaseClient<Database>) {
	const { data, count, error } = await supabase
		.from('blog_posts')
		.select('updated_at', { count: 'exact' })
		.order('updated_at', { ascending: false })
		.limit(1)
	if (error) return null
	return `${count ?? 0}:${data[0]?.updated_at ?? ''}`
}

/** Post bodies are HTML written by people: only formatting survives, never scripts, handlers or styles. */
export function sanitizePostHtml(html: string) {
	return sanitizeHtml(html, {
		allowedTags: [
			'h2',
			'h3',
			'h4',
			'p',
			'br',
			'strong',
			'em',
			'b',
			'i',
			'u',
			'ul',
			'ol',
			'li',
			'blockquote',
			'a',
			'img',
			'figure',
			'figcaption',
			'code',
			'pre',
			'hr',
			'table',
			'thead',
			'tbody',
			'tr',
			'th',
			'td',
		],
		allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
		allowedSchemes: ['https', 'mailto'],
		transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
	})
}

/** Counts per tag for the category grid ('Todas' plus each tag). */
export function tagCounts(posts: BlogPostSummary[], tags: BlogTag[]) {
	return tags.map((tag) => ({
		...tag,
		count: posts.filter((post) => post.blog_tags.some((postTag) => postTag.id === tag.id)).length,
	}))
}
