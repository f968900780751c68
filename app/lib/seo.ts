import type { MetaDescriptor } from 'react-router'

type RootData = { env?: { SITE_URL?: string } } | undefined

/** The site origin from the root loader's data, for canonical and Open Graph URLs. */
export function siteUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
	const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData
	return root?.env?.SITE_URL ?? ''
}

/** Open Graph images are the size the networks show large (1.91:1). */
export const ogImageSize = { width: 1200, height: 630 } as const

/** Where a page's Open Graph image is served: '/' → '/og/inicio.png', '/blog/x' → '/og/blog/x.png'. */
export const ogImagePath = (path: string) => `/og${path === '/' ? '/inicio' : path}.png`

/** The page an Open Graph image's address (its part after '/og/') stands for, or null if it names none. */
export function pathOfOgImage(name: string) {
	const match = /^([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.png$/.exec(name)
	if (!match?.[1]) return null
	return match[1] === 'inicio' ? '/' : `/${match[1]}`
}

/** Title, description, canonical URL and Open Graph tags of one public page, its image included. */
export function pageMeta({
	title,
	description,
	path,
	siteUrl,
	noindex = false,
	type = 'website',
	jsonLd,
}: {
	title: string
	description: string
	path: string
	siteUrl: string
	noindex?: boolean
	type?: 'website' | 'article'
	jsonLd?: Record<string, unknown>
}): MetaDescriptor[] {
	const url = `${siteUrl}${path}`
	const image = `${siteUrl}${ogImagePath(path)}`
	const tags: MetaDescriptor[] = [
		{ title },
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: url },
		{ property: 'og:type', content: type },
		{ property: 'og:locale', content: 'es_ES' },
		{ property: 'og:site_name', content: 'KIA' },
		{ property: 'og:image', content: image },
		{ property: 'og:image:type', content: 'image/png' },
		{ property: 'og:image:width', content: String(ogImageSize.width) },
		{ property: 'og:image:height', content: String(ogImageSize.height) },
		{ property: 'og:image:alt', content: title },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:image', content: image },
	]
	if (noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' })
	if (jsonLd) tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...jsonLd } })
	return tags
}

export function organizationJsonLd(siteUrl: string) {
	return {
		'@type': 'Organization',
		name: 'KIA',
		url: siteUrl,
		logo: `${siteUrl}/logo-kia-negro.svg`,
		email: 'hola@kia.es',
		address: { '@type': 'PostalAddress', addressLocality: 'Mutxamel', addressRegion: 'Alicante', addressCountry: 'ES' },
	}
}
