import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, test } from 'vitest'
import { documentStream, modulePreloadsLine } from '~/.server/http/html-stream'

const sprite = (await readFile('app/components/ui/icons.svg', 'utf8')).trim()

const preloads =
	'<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/>'
const page =
	'<!DOCTYPE html><html lang="es"><head><title>Política de cookies · KIA</title>' +
	'<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>' +
	'<link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>' +
	'<body><p>Ñandú, política y más</p><script nonce="n">window.context = {}</script>' +
	'<script nonce="n" type="module" async="">import "/assets/root.js"</script></body></html>'
const moduleScript = '<script nonce="n" type="module" async="">import "/assets/root.js"</script>'
const putBack = `<template id="module-preloads">${preloads}${moduleScript}</template><script nonce="n">${modulePreloadsLine}</script>`

/** The page through the transform, cut into chunks of `size` bytes (so also inside tags and characters). */
async function throughTransform(size: number, html = page) {
	const bytes = Buffer.from(html, 'utf8')
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
		expect(received).toEqual([`<html><head></head><body>${sprite}<p>uno</p>`])
		stream.write(Buffer.from('<p>dos</p>'))
		stream.write(Buffer.from('</body>'))
		await new Promise((resolve) => setImmediate(resolve))
		expect(received).toEqual([`<html><head></head><body>${sprite}<p>uno</p>`, '<p>dos</p></body>'])
		stream.end(Buffer.from('</html>'))
		await new Promise((resolve) => stream.once('end', resolve))
		expect(received.join('')).toBe(`<html><head></head><body>${sprite}<p>uno</p><p>dos</p></body></html>`)
	})

	test.each([1, 3, 7, 64, 100_000])(
		'module preloads leave the head and wait with the module script in a template, in chunks of %i bytes',
		async (size) => {
			const html = await throughTransform(size)
			const head = html.slice(0, html.indexOf('</head>'))
			expect(head).not.toContain('modulepreload')
			expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
			expect(html).toContain(`<script nonce="n">window.context = {}</script>${putBack}</body>`)
			expect(html.replace(putBack, moduleScript).replace(sprite, '')).toBe(
				page.replace(/<link rel="modulepreload"[^>]*>/g, ''),
			)
		},
	)

	test.each([1, 3, 7, 64, 100_000])(
		'the icon sprite goes in once, right after the body start tag and its attributes, in chunks of %i bytes',
		async (size) => {
			const html = await throughTransform(size, page.replace('<body>', '<body class="min-h-dvh">'))
			expect(html.split(sprite)).toHaveLength(2)
			expect(html).toContain(`</head><body class="min-h-dvh">${sprite}<p>Ñandú`)
		},
	)

	test('the sprite is one hidden element with nothing around it, every symbol in it', () => {
		expect(sprite).toMatch(/^<svg [^>]*style="display:none"[^>]*>[\s\S]*<\/svg>$/)
		expect(sprite.match(/<svg/g)).toHaveLength(1)
		expect(sprite).toContain('<symbol id="arrow-right"')
	})

	test('the body is passed on untouched otherwise, characters split across chunks included', async () => {
		const html = await throughTransform(5)
		expect(html).toContain('Política de cookies')
		expect(html).toContain('<p>Ñandú, política y más</p><script nonce="n">window.context = {}</script>')
	})

	test('without a module script the preloads still go out, at the end', async () => {
		const html = await text(
			Readable.from([
				Buffer.from('<html><head><link rel="modulepreload" href="/a.js" nonce="m"/></head><body></body></html>'),
			]).pipe(documentStream()),
		)
		expect(html).toBe(
			`<html><head></head><body>${sprite}</body></html>` +
				'<template id="module-preloads"><link rel="modulepreload" href="/a.js" nonce="m"/></template>' +
				`<script nonce="m">${modulePreloadsLine}</script>`,
		)
	})

	test('a module listed twice is preloaded once', async () => {
		const entry = '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>'
		const html = await text(
			Readable.from([Buffer.from(`<html><head>${entry}${entry}</head><body></body></html>`)]).pipe(documentStream()),
		)
		expect(html.split(entry)).toHaveLength(2)
	})

	test('a document without a head end is still written out, as it came', async () => {
		const html = await text(
			Readable.from([Buffer.from('<link rel="modulepreload" href="/a.js"/>')]).pipe(documentStream()),
		)
		expect(html).toBe('<link rel="modulepreload" href="/a.js"/>')
	})
})
