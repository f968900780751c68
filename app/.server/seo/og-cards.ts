import { about } from '~/content/about'
import { capabilities } from '~/content/capabilities'
import { capabilitiesIndex } from '~/content/capability-pages'
import { chat } from '~/content/chat'
import { home } from '~/content/home'
import { howItWorks } from '~/content/how-it-works'
import { invest } from '~/content/invest'
import { contractingTerms, cookiePolicy, privacyPolicy } from '~/content/legal'
import { blogPage, contactPage, demoPage, logoPage, pricingPage } from '~/content/pages'
import { plans } from '~/content/plans'
import { projects } from '~/content/projects'
import { sustainability } from '~/content/sustainability'
import { webapp } from '~/content/webapp'
import { illustrationKeyFor, type IllustrationKey } from '~/lib/blog-images'
import { capabilitiesPath, capabilityPath } from '~/lib/capability-ids'
import { postBySlug } from '../blog/posts'
import { createAnonClient } from '../supabase/client'

/** What a page's Open Graph image says: a small label above, the page's title, and for a post its picture. */
export type OgCard = { eyebrow: string; title: string; illustration?: IllustrationKey }

/** 'Cómo funciona · KIA' → 'Cómo funciona': the image already carries the brand. */
export const withoutBrand = (title: string) =>
	title
		.split(' · ')
		.filter((part) => part !== 'KIA')
		.join(' · ')

const page = (eyebrow: string, title: string): OgCard => ({ eyebrow, title: withoutBrand(title) })

/** Every public page that has an Open Graph image, by path; the same titles their meta tags use. */
export const pageCards: ReadonlyMap<string, OgCard> = new Map<string, OgCard>([
	['/', page('Asistentes inteligentes para tu negocio', home.title)],
	['/como-funciona', page('Cómo funciona', howItWorks.title)],
	[capabilitiesPath, page(capabilitiesIndex.eyebrow, capabilitiesIndex.title)],
	...capabilities.map(
		(capability) => [capabilityPath(capability.id), page(capabilitiesIndex.eyebrow, capability.title)] as const,
	),
	['/proyectos', page('Proyectos', projects.title)],
	['/sobre-kia', page('Sobre KIA', about.title)],
	['/blog', page('Blog', blogPage.title)],
	['/contacto', page('Contacto', contactPage.title)],
	['/asistente', page(chat.page.eyebrow, chat.page.title)],
	['/tarifas', page('Tarifas', pricingPage.title)],
	...plans.map((plan) => [`/tarifas/${plan.id}`, page('Tarifas', `Plan ${plan.name}`)] as const),
	['/webapp-incluida', page('WebApp incluida', webapp.title)],
	['/invertir', page('Inversores', invest.title)],
	['/sostenibilidad', page('Sostenibilidad', sustainability.title)],
	['/solicitar-demostracion-kia', page('Demostración gratuita', demoPage.title)],
	['/logotipo', page('Marca', logoPage.title)],
	['/politica-privacidad', page('Información legal', privacyPolicy.title)],
	['/politica-cookies', page('Información legal', cookiePolicy.title)],
	['/terminos-contratacion', page('Información legal', contractingTerms.title)],
])

const postPath = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/

/**
 * The card of a page or of a published post, or null for a path we do not make an image for. A post is
 * read as an anonymous visitor reads it, so a draft has no image either.
 */
export async function ogCardFor(path: string): Promise<OgCard | null> {
	const known = pageCards.get(path)
	if (known) return known
	const slug = postPath.exec(path)?.[1]
	if (!slug) return null
	const result = await postBySlug(createAnonClient(), slug)
	if (!result.ok) throw new Response('Unavailable', { status: 503 })
	const post = result.value
	if (!post) return null
	const tags = post.blog_tags.map((tag) => tag.name)
	return {
		eyebrow: ['Blog', tags[0]].filter(Boolean).join(' · '),
		title: post.title,
		illustration: post.image_url ? undefined : illustrationKeyFor({ ...post, tags }),
	}
}
