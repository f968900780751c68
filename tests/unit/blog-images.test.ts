import { describe, expect, test } from 'vitest'
import { illustrationSvg } from '~/.server/blog/illustrations'
import { pageCards, withoutBrand } from '../../app/.server/seo/og-cards'
import { renderOgImage } from '../../app/.server/seo/og-image'
import {
	illustrationMotifs,
	illustrationPath,
	illustrationVariants,
	motifFor,
	parseIllustrationName,
	postImage,
} from '../../app/lib/blog-images'
import { ogImagePath, pathOfOgImage } from '../../app/lib/seo'

const seededPosts = [
	{
		slug: 'verifactu-que-cambia-y-como-prepararte',
		title: 'VERIFACTU: qué cambia en la facturación de tu empresa y cómo prepararte',
		tags: ['VERIFACTU', 'Automatización'],
		motif: 'factura',
	},
	{
		slug: 'inteligencia-artificial-para-gestorias',
		title: 'Inteligencia artificial para gestorías: cinco tareas que ya puedes delegar',
		tags: ['Gestorías', 'Inteligencia artificial'],
		motif: 'calendario',
	},
	{
		slug: 'whatsapp-business-asistente-ia',
		title: 'WhatsApp Business y un asistente de IA: atención al cliente las 24 horas',
		tags: ['WhatsApp Business', 'Inteligencia artificial'],
		motif: 'chat',
	},
	{
		slug: 'automatiza-la-bandeja-de-entrada',
		title: 'Automatiza la bandeja de entrada: respuestas inteligentes al correo electrónico',
		tags: ['Automatización'],
		motif: 'correo',
	},
	{
		slug: 'como-entrenar-un-asistente-con-tus-documentos',
		title: 'Cómo entrenar un asistente con los documentos de tu empresa',
		tags: ['Inteligencia artificial'],
		motif: 'documentos',
	},
	{
		slug: 'digitalizar-una-pyme-sin-grandes-inversiones',
		title: 'Digitalizar una pyme en 2025 sin grandes inversiones',
		tags: ['Pymes', 'Automatización'],
		motif: 'negocio',
	},
] as const

describe('post pictures', () => {
	test('each seeded post gets the drawing of its own topic', () => {
		for (const post of seededPosts) expect(motifFor(post), post.slug).toBe(post.motif)
	})

	test('a post on no known topic still gets a picture, the assistant network', () => {
		expect(motifFor({ slug: 'hola', title: 'Hola', tags: [] })).toBe('red')
	})

	test('topics are read without accents or case, and not inside other words', () => {
		expect(motifFor({ slug: 'x', title: 'Novedades para GESTORIAS', tags: [] })).toBe('calendario')
		expect(motifFor({ slug: 'x', title: 'Cómo solicitar ayudas', tags: [] })).toBe('red')
	})

	test("an author's own image wins and is decoration; a drawn one is described", () => {
		const own = postImage({ ...seededPosts[0], image_url: 'https://kia.es/imagen.png' })
		expect(own).toMatchObject({ src: 'https://kia.es/imagen.png', alt: '', generated: false })
		const drawn = postImage({ ...seededPosts[0], image_url: null })
		expect(drawn.src).toMatch(/^\/blog\/imagenes\/factura-[0-2]\.svg$/)
		expect(drawn.alt).toMatch(/^Ilustración: /)
		expect(drawn).toMatchObject({ width: 800, height: 420 })
		expect(postImage({ ...seededPosts[0], image_url: null })).toEqual(drawn)
	})

	test('illustration names round-trip, and names never handed out are refused', () => {
		for (const motif of illustrationMotifs) {
			for (let variant = 0; variant < illustrationVariants; variant++) {
				const name = illustrationPath({ motif, variant }).split('/').at(-1) ?? ''
				expect(parseIllustrationName(name)).toEqual({ motif, variant })
			}
		}
		for (const name of ['factura-3.svg', 'factura-0.png', 'otro-0.svg', '../factura-0.svg', 'factura-00.svg']) {
			expect(parseIllustrationName(name), name).toBeNull()
		}
	})

	test('every drawing is a complete SVG of the picture size, with no missing value', () => {
		for (const motif of illustrationMotifs) {
			for (let variant = 0; variant < illustrationVariants; variant++) {
				const svg = illustrationSvg({ motif, variant })
				expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 420"/)
				expect(svg.endsWith('</svg>')).toBe(true)
				expect(svg).not.toMatch(/undefined|NaN|null/)
				expect(illustrationSvg({ motif, variant })).toBe(svg)
			}
		}
	})
})

describe('Open Graph images', () => {
	test('a page path and its image address map to each other', () => {
		for (const path of ['/', '/blog/un-articulo', '/tarifas/business', '/politica-cookies']) {
			expect(pathOfOgImage(ogImagePath(path).slice('/og/'.length)), path).toBe(path)
		}
		for (const name of ['inicio.jpg', '../etc/passwd.png', 'Blog/X.png', '.png', 'a//b.png']) {
			expect(pathOfOgImage(name), name).toBeNull()
		}
	})

	test('page titles lose the brand the image already carries', () => {
		expect(withoutBrand('Cómo funciona · KIA')).toBe('Cómo funciona')
		expect(withoutBrand('KIA · Tu asistente inteligente propio para tu negocio')).toBe(
			'Tu asistente inteligente propio para tu negocio',
		)
		for (const [path, card] of pageCards) expect(card.title, path).not.toMatch(/(^| · )KIA( · |$)/)
	})

	test('a card renders as a 1200x630 PNG', { timeout: 60_000 }, async () => {
		const png = Buffer.from(
			await renderOgImage({
				eyebrow: 'Blog',
				title: '¿Qué cambia con VERIFACTU?',
				illustration: { motif: 'factura', variant: 0 },
			}),
		)
		expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
		expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
	})
})
