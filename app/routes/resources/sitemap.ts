import { allPosts } from '~/.server/blog/posts'
import { getPublicEnv } from '~/.server/env'
import { createAnonClient } from '~/.server/supabase/client'
import { capabilitiesPath, capabilityIds, capabilityPath } from '~/lib/capability-ids'
import { planIds } from '~/lib/plan-ids'
import { cacheControl } from '~/.server/http/cache-control'
import { incompleteStatus } from '~/.server/http/responses'

const staticPaths = [
	'/',
	'/como-funciona',
	capabilitiesPath,
	...capabilityIds.map(capabilityPath),
	'/proyectos',
	'/sobre-kia',
	'/blog',
	'/contacto',
	'/tarifas',
	...planIds.map((id) => `/tarifas/${id}`),
	'/webapp-incluida',
	'/invertir',
	'/sostenibilidad',
	'/solicitar-demostracion-kia',
	'/politica-privacidad',
	'/politica-cookies',
	'/terminos-contratacion',
]

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** Every public page and every published post; without the posts, an incomplete answer that no cache keeps. */
export async function loader() {
	const { SITE_URL } = getPublicEnv()
	const posts = await allPosts(createAnonClient())
	const entries = [
		...staticPaths.map((path) => ({ loc: `${SITE_URL}${path}`, lastmod: undefined })),
		...(posts.ok ? posts.value : []).map((post) => ({
			loc: `${SITE_URL}/blog/${post.slug}`,
			lastmod: post.published_at.slice(0, 10),
		})),
	]
	const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((entry) => `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`
	return new Response(body, {
		status: posts.ok ? 200 : incompleteStatus,
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': posts.ok ? cacheControl.hourly : cacheControl.personal,
		},
	})
}
