import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest, siteURL } from '../support/urls'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

const postPath = '/blog/verifactu-que-cambia-y-como-prepararte'

type BinaryResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** Like rawRequest, but keeps the body's bytes: a PNG is no UTF-8 text. */
function binaryRequest(url: string, headers: Record<string, string> = {}): Promise<BinaryResponse> {
	const target = new URL(url)
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: '127.0.0.1', port: target.port, path: target.pathname, headers: { Host: target.host, ...headers } },
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
			},
		)
		req.on('error', reject)
		req.end()
	})
}

/** Width and height from a PNG's signature and IHDR chunk, or null when the bytes are no PNG. */
function pngSize(bytes: Buffer) {
	const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
	if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
		return null
	}
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** The og:image of a page as its HTML gives it. */
async function ogImageOf(path: string) {
	const html = (await rawRequest(siteURL(path))).body
	const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
	const twitter = /<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1]
	return { image, twitter }
}

test('illustrations are served as SVG with an ETag; a name never handed out is 404', async () => {
	const first = await rawRequest(siteURL('/blog/imagenes/factura-0.svg'))
	expect(first.status).toBe(200)
	expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/)
	expect(first.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
	const etag = String(first.headers.etag)
	const again = await rawRequest(siteURL('/blog/imagenes/factura-0.svg'), { headers: { 'If-None-Match': etag } })
	expect(again.status).toBe(304)
	for (const name of ['factura-9.svg', 'inventado-0.svg', 'factura-0.png']) {
		expect((await rawRequest(siteURL(`/blog/imagenes/${name}`))).status, name).toBe(404)
	}
})

describe('Open Graph images', () => {
	for (const path of [postPath, '/tarifas/business', '/']) {
		test(`${path} links a 1200x630 PNG on the site's origin, made once and then answered from memory`, async () => {
			const { image, twitter } = await ogImageOf(path)
			expect(image).toBe(twitter)
			expect(image).toMatch(new RegExp(`^${siteURL('/og/').replace(/[.]/g, '\\.')}.+\\.png$`))
			const url = image ?? ''
			const first = await binaryRequest(url)
			expect(first.status).toBe(200)
			expect(first.headers['content-type']).toBe('image/png')
			expect(pngSize(first.body)).toEqual({ width: 1200, height: 630 })
			expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/)
			const etag = String(first.headers.etag)
			expect(etag).toMatch(/^"[\w-]+"$/)

			const second = await binaryRequest(url)
			expect(second.status).toBe(200)
			expect(second.headers['server-timing']).toBe('og;desc="memory"')
			expect(second.headers.etag).toBe(etag)
			expect(second.body.equals(first.body)).toBe(true)

			const revalidated = await binaryRequest(url, { 'If-None-Match': etag })
			expect(revalidated.status).toBe(304)
			expect(revalidated.body.length).toBe(0)
		})
	}

	test('an image for a page or post that does not exist is 404, and so is a draft', async () => {
		for (const path of [
			'/og/no-existe.png',
			'/og/blog/no-existe.png',
			'/og/blog/borrador-novedades-plan-enterprise.png',
		]) {
			expect((await binaryRequest(siteURL(path))).status, path).toBe(404)
		}
		expect((await binaryRequest(siteURL('/og/tarifas.jpg'))).status).toBe(404)
	})
})
