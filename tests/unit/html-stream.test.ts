import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, test } from 'vitest'
import { documentStream } from '~/.server/html-stream'

const page =
	'<!DOCTYPE html><html lang="es"><head><title>Política de cookies · KIA</title>' +
	'<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>' +
	'<link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>' +
	'<body><p>Ñandú, política y más</p><link rel="modulepreload" href="/assets/late.js"/></body></html>'

/** The page through the transform, cut into chunks of `size` bytes (so also inside tags and characters). */
async function throughTransform(size: number) {
	const bytes = Buffer.from(page, 'utf8')
	const chunks: Buffer[] = []
	for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size))
	return text(Readable.from(chunks).pipe(documentStream()))
}

describe('documentStream', () => {
	test('what is written in one turn goes on as one chunk; what is written later, as soon as it comes', async () => {
		const stream = documentStream()
		const received: string[] = []
		stream.on('data', (chunk: Buffer) => received.push(chunk.toString()))
		for (const piece of ['<html><head></head>', '<body>', '<p>uno</p>']) stream.write(Buffer.from(piece))
		await new Promise((resolve) => setImmediate(resolve))
		expect(received).toEqual(['<html><head></head><body><p>uno</p>'])
		stream.write(Buffer.from('<p>dos</p>'))
		stream.write(Buffer.from('</body>'))
		await new Promise((resolve) => setImmediate(resolve))
		expect(received).toEqual(['<html><head></head><body><p>uno</p>', '<p>dos</p></body>'])
		stream.end(Buffer.from('</html>'))
		await new Promise((resolve) => stream.once('end', resolve))
		expect(received.join('')).toBe('<html><head></head><body><p>uno</p><p>dos</p></body></html>')
	})

	test.each([1, 3, 7, 64, 100_000])(
		'module preloads in the head become low priority, in chunks of %i bytes',
		async (size) => {
			const html = await throughTransform(size)
			expect(html.match(/<link rel="modulepreload" fetchpriority="low" href="[^"]+"/g)).toEqual([
				'<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"',
				'<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"',
			])
			expect(html.replaceAll(' fetchpriority="low"', '')).toBe(page)
		},
	)

	test('the body is passed on untouched, a preload in it and characters split across chunks included', async () => {
		const html = await throughTransform(5)
		expect(html).toContain('Política de cookies')
		expect(html).toContain('<p>Ñandú, política y más</p><link rel="modulepreload" href="/assets/late.js"/>')
	})

	test('a document without a head end is still written out', async () => {
		const html = await text(
			Readable.from([Buffer.from('<link rel="modulepreload" href="/a.js"/>')]).pipe(documentStream()),
		)
		expect(html).toBe('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>')
	})
})
