/**
 * Every post has a picture: the one its author chose (`image_url`), or else an illustration of its topic
 * that we draw (app/.server/blog/illustrations.ts) and serve ourselves. The topic is read from the post's
 * tags, title and slug, so a post an admin writes tomorrow gets a fitting picture without anyone drawing
 * it, and the same post always gets the same one.
 */

export const illustrationMotifs = ['factura', 'chat', 'correo', 'documentos', 'calendario', 'negocio', 'red'] as const
export type IllustrationMotif = (typeof illustrationMotifs)[number]

/** How many looks (colours, arrangement) each motif has; the post's slug picks one. */
export const illustrationVariants = 3

/** The pictures' frame: the Open Graph ratio (1.91:1), so the same drawing also fits a shared link's card. */
export const illustrationSize = { width: 800, height: 420 } as const

/** First match wins: a post about e-mail automation is about e-mail before it is about automation. */
const topics: { motif: IllustrationMotif; pattern: RegExp }[] = [
	{ motif: 'factura', pattern: /verifactu|factura|fiscal(?:es)? electronic/ },
	{ motif: 'chat', pattern: /whatsapp|chat|mensajer|conversaci/ },
	{ motif: 'correo', pattern: /correo|e-?mail|bandeja|newsletter/ },
	{ motif: 'documentos', pattern: /document|entrena|conocimiento|archiv/ },
	{ motif: 'calendario', pattern: /gestori|asesori|calendario|plazo|impuesto|agenda|\bcitas?\b|modelo \d/ },
	{ motif: 'negocio', pattern: /pyme|digitaliz|negocio|comercio|tienda|autonomo|crec/ },
	{ motif: 'red', pattern: /inteligencia artificial|\bia\b|automatiz|asistente/ },
]

export const illustrationAlt: Record<IllustrationMotif, string> = {
	factura: 'Ilustración: dos facturas encadenadas, la última con su código QR y una marca de verificación',
	chat: 'Ilustración: un móvil con una conversación de WhatsApp entre un cliente y el asistente',
	correo: 'Ilustración: un sobre y una bandeja de entrada con los correos clasificados por etiquetas',
	documentos: 'Ilustración: los documentos de la empresa llegan al asistente, que aprende de ellos',
	calendario: 'Ilustración: un calendario con los plazos fiscales marcados y una lista de tareas hechas',
	negocio: 'Ilustración: un gráfico de barras que crece junto a las herramientas del negocio conectadas',
	red: 'Ilustración: una red de nodos conectados en torno al asistente',
}

/** Lower case without accents, so 'Gestorías' and 'gestorias' read alike. */
const plain = (text: string) =>
	text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()

export function motifFor(post: { title: string; slug: string; tags: readonly string[] }): IllustrationMotif {
	const text = plain([...post.tags, post.title, post.slug.replaceAll('-', ' ')].join(' · '))
	return topics.find((topic) => topic.pattern.test(text))?.motif ?? 'red'
}

/** A small stable number from a string (FNV-1a), so a post keeps its look across requests and servers. */
export function stableHash(text: string) {
	let hash = 0x811c9dc5
	for (const char of text) {
		hash ^= char.codePointAt(0) ?? 0
		hash = Math.imul(hash, 0x01000193) >>> 0
	}
	return hash
}

export type IllustrationKey = { motif: IllustrationMotif; variant: number }

export function illustrationKeyFor(post: { title: string; slug: string; tags: readonly string[] }): IllustrationKey {
	return { motif: motifFor(post), variant: stableHash(post.slug) % illustrationVariants }
}

export const illustrationPath = ({ motif, variant }: IllustrationKey) => `/blog/imagenes/${motif}-${variant}.svg`

/** The key in an illustration's file name, or null for a name we never hand out. */
export function parseIllustrationName(name: string): IllustrationKey | null {
	const match = /^([a-z]+)-(\d)\.svg$/.exec(name)
	if (!match) return null
	const motif = illustrationMotifs.find((known) => known === match[1])
	const variant = Number(match[2])
	return motif && variant < illustrationVariants ? { motif, variant } : null
}

export type PostImage = { src: string; alt: string; width: number; height: number; generated: boolean }

/**
 * The picture a post shows. An author's own image has no description in the database, so it is shown as
 * decoration (empty alt): the title beside it already says what the post is about.
 */
export function postImage(post: { title: string; slug: string; image_url: string | null; tags: readonly string[] }) {
	const size = illustrationSize
	if (post.image_url) return { src: post.image_url, alt: '', ...size, generated: false } satisfies PostImage
	const key = illustrationKeyFor(post)
	return { src: illustrationPath(key), alt: illustrationAlt[key.motif], ...size, generated: true } satisfies PostImage
}
