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

	test('compresses as well as gzipping the whole page: a nonce is stored only where no other is within reach', () => {
		const renderNonce = 'nonce-of-the-render-0000'
		// Over 64 KiB, so the dictionary of a later part is the last 32 KiB, not the whole page; and the closing
		// scripts' nonces are too far from the head's for deflate to copy them from there.
		const page = renderedPage(renderNonce, 1_500)
		expect(page.length).toBeGreaterThan(100_000)
		const template = templateOf(page, renderNonce)
		expect(template.gzipLength).toBeLessThan(gzipSync(page, { level: 9 }).length * 1.02)
		// Three of the page's seventeen holes store the nonce: the first two (this page starts with a nonce, and zlib
		// never copies from the first byte of its window) and the first of the closing scripts. A hit copies them,
		// the few bytes between the first two, and the trailer.
		const [first, second] = [template.gzip(freshNonce()), template.gzip(freshNonce())]
		const copied = second.filter((piece, index) => piece !== first[index])
		expect(copied).toHaveLength(3)
		expect(copied.reduce((sum, piece) => sum + piece.length, 0)).toBeLessThan(200)
	})

	test('a page holding the stand-in for the nonce still gets every nonce, and only there', () => {
		// A page cannot hold these bytes (they are never UTF-8); a buffer can. Deflate then copies the page's own
		// run of them into the holes, the check with a made-up nonce sees it, and every hole stores the nonce.
		const standIn = Buffer.from([0xc0, 0xc1, ...Array.from({ length: 11 }, (_, index) => 0xf5 + index), 0xc0, 0xf5])
		const part = (text: string) => Buffer.concat([Buffer.from(text), standIn, Buffer.from(text)])
		const parts = [part('<p nonce="'), part('"></p><p nonce="'), part('"></p><script nonce="'), part('">x</script>')]
		const template = pageTemplate(parts, nonceLength)
		for (let hit = 0; hit < 5; hit++) {
			const nonce = freshNonce()
			const expected = Buffer.concat(parts.flatMap((piece, index) => (index === 0 ? [piece] : [nonce, piece])))
			expect(Buffer.concat(template.plain(nonce))).toEqual(expected)
			expect(gunzipSync(Buffer.concat(template.gzip(nonce)))).toEqual(expected)
		}
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
