import type { MetaDescriptor } from 'react-router'

type RootData = { env?: { SITE_URL?: string } } | undefined

/** The site origin from the root loader's data, for canonical and Open Graph URLs. */
export function siteUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
	const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData
	return root?.env?.SITE_URL ?? ''
}

/** Title, description, canonical URL and Open Graph tags of one public page. */
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
		{ name: 'twitter:card', content: 'summary' },
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
