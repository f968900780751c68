import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type { LocalSupabase } from '../../local/supabase/server'
import { client, serviceClient, startTestSupabase } from '../support/supabase'

// The blog list and the sitemap hold every published post (the list is not paginated), however
// many there are: PostgREST answers one read with at most max_rows (1000) rows, so they read page by page.
let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

const volume = 1_005

test(`${volume} more published posts: the list and the sitemap hold every one, the drafts none`, async () => {
	const service = serviceClient(supabase.url)
	const { count: seeded } = await client(supabase.url).from('blog_posts').select('id', { count: 'exact', head: true })
	const posts = Array.from({ length: volume }, (_, index) => ({
		title: `Artículo ${index}`,
		slug: `articulo-de-volumen-${index}`,
		content: '<p>Texto.</p>',
		published_at: new Date(Date.now() - (index + 1) * 60_000).toISOString(),
	}))
	expect((await service.from('blog_posts').insert(posts)).error).toBeNull()
	expect(
		(await service.from('blog_posts').insert({ title: 'Borrador', slug: 'borrador-de-volumen', published_at: null }))
			.error,
	).toBeNull()

	process.env.SUPABASE_URL = supabase.url
	vi.resetModules()
	const { allPosts } = await import('~/.server/blog/posts')
	const listed = await allPosts(client(supabase.url))
	if (!listed.ok) throw new Error('posts unreadable')
	expect(listed.value).toHaveLength((seeded ?? 0) + volume)
	expect(new Set(listed.value.map((post) => post.slug)).size).toBe(listed.value.length)
	expect(listed.value.map((post) => post.slug)).not.toContain('borrador-de-volumen')

	const { loader } = await import('~/routes/resources/sitemap')
	const sitemap = await (await loader()).text()
	expect(sitemap.match(/\/blog\/articulo-de-volumen-\d+</g)).toHaveLength(volume)
	expect(sitemap).not.toContain('borrador-de-volumen')
})
