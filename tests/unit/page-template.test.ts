import { randomBytes } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { pageTemplate } from '../../server/page-template'

const nonceLength = 24
const freshNonce = () => Buffer.from(randomBytes(16).toString('base64'))

/** A page as the app renders it: markup that repeats itself, the nonce in many places, some side by side. */
function renderedPage(nonce: string, repeats: number) {
	const head = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"/>${Array.from(
		{ length: 12 },
		(_, index) => `<link rel="modulepreload" nonce="${nonce}" href="/assets/chunk-${index}.js"/>`,
	).join('')}</head>`
	const body = Array.from(
		{ length: repeats },
		(_, index) =>
			`<section class="mx-auto max-w-6xl px-6 py-16"><h2>Plan ${index}</h2><p>Asistentes de IA a medida.</p></section>`,
	).join('')
	return `${nonce}${head}<body>${body}<script nonce="${nonce}">window.__ctx=${JSON.stringify({ repeats })}</script>${nonce}${nonce}</body></html>${nonce}`
}

function templateOf(page: string, renderNonce: string) {
	return pageTemplate(
		page.split(renderNonce).map((part) => Buffer.from(part)),
		nonceLength,
	)
}

describe('page template', () => {
	test('puts any nonce into every hole, plain and as a gzip that decompresses with a valid CRC and size', () => {
		const renderNonce = 'nonce-of-the-render-0000'
		for (const repeats of [0, 3, 2_000]) {
			const template = templateOf(renderedPage(renderNonce, repeats), renderNonce)
			for (let hit = 0; hit < 20; hit++) {
				const nonce = freshNonce()
				const expected = renderedPage(nonce.toString(), repeats)
				expect(Buffer.concat(template.plain(nonce)).toString()).toBe(expected)
				expect(Buffer.concat(template.gzip(nonce)).length).toBe(template.gzipLength)
				// gunzip checks the trailer's CRC-32 and length against what it decompressed.
				expect(gunzipSync(Buffer.concat(template.gzip(nonce))).toString()).toBe(expected)
			}
		}
	})

	test('hits do not share bytes: an earlier body keeps its nonce', () => {
		const renderNonce = 'nonce-of-the-render-0000'
		const template = templateOf(renderedPage(renderNonce, 10), renderNonce)
		const [first, second] = [freshNonce(), freshNonce()]
		const [firstPlain, firstGzip] = [template.plain(first), template.gzip(first)]
		template.plain(second)
		template.gzip(second)
		expect(Buffer.concat(firstPlain).toString()).toBe(renderedPage(first.toString(), 10))
		expect(gunzipSync(Buffer.concat(firstGzip)).toString()).toBe(renderedPage(first.toString(), 10))
	})

	test('compresses about as well as gzipping the whole page', () => {
		const renderNonce = 'nonce-of-the-render-0000'
		// Over 64 KiB, so the dictionary of a later part is the last 32 KiB, not the whole page.
		const page = renderedPage(renderNonce, 1_500)
		expect(page.length).toBeGreaterThan(100_000)
		const template = templateOf(page, renderNonce)
		const holes = page.split(renderNonce).length - 1
		const whole = gzipSync(page, { level: 9 }).length
		// Each nonce is stored as is, with a 5-byte block header, where a whole-page gzip would match it.
		expect(template.gzipLength).toBeLessThan(whole * 1.05 + holes * (nonceLength + 5))
	})

	test('a hit copies only the stretches around the nonces; the rest of the page is shared by every hit', () => {
		const renderNonce = 'nonce-of-the-render-0000'
		const template = templateOf(renderedPage(renderNonce, 1_500), renderNonce)
		const hits = (pieces: (nonce: Buffer) => Buffer[]) => [pieces(freshNonce()), pieces(freshNonce())] as const
		const [firstPlain, secondPlain] = hits(template.plain)
		const copied = secondPlain.filter((piece, index) => piece !== firstPlain[index])
		expect(copied.reduce((sum, piece) => sum + piece.length, 0)).toBeLessThan(template.plainLength * 0.1)
		// Gzipped, the repeated sections shrink to little, but they are still one piece every hit shares.
		const [firstGzip, secondGzip] = hits(template.gzip)
		const shared = secondGzip.filter((piece, index) => piece === firstGzip[index])
		expect(Math.max(...shared.map((piece) => piece.length))).toBeGreaterThan(template.gzipLength / 2)
	})

	test('refuses a nonce of another length', () => {
		const template = templateOf('<p nonce="abc">x</p>', 'abc')
		expect(() => template.gzip(Buffer.from('short'))).toThrow(/24 bytes/)
		expect(() => template.plain(Buffer.from('short'))).toThrow(/24 bytes/)
	})
})
