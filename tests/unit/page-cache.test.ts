import {
	createServer,
	get as httpGet,
	type IncomingHttpHeaders,
	type IncomingMessage,
	type ServerResponse,
} from 'node:http'
import { gunzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { pageCacheMarker } from '~/.server/page-cache'
import { canonicalHost, servedHosts, type ServedHosts } from '~/lib/host'
import { createPageCache } from '../../server/page-cache'
import { rawRequest } from '../support/urls'

// The cache in front of a stand-in app that renders a page with a nonce, so its rules are checked
// through real HTTP: what it keeps, for whom, and for how long.
let clock = 0
let renders = 0
let blogVersion = 'v1'
let close: (() => void) | undefined

afterEach(() => close?.())

function render(req: IncomingMessage, res: ServerResponse) {
	renders++
	const nonce = `n${renders}`
	res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`)
	res.setHeader('Content-Type', 'text/html; charset=utf-8')
	if (!req.url?.startsWith('/privada')) res.setHeader(pageCacheMarker, '60')
	if (req.url?.startsWith('/con-cookie')) res.setHeader('Set-Cookie', 'kia-toast=; Max-Age=0')
	res.write(`<html><script nonce="${nonce}"></script>`)
	res.end(`<p>render ${renders}</p></html>`)
}

async function start() {
	clock = 0
	renders = 0
	blogVersion = 'v1'
	// The hosts depend on the port, known once the server listens; the app would refuse any other.
	let hosts: ServedHosts = new Map()
	const cache = createPageCache({
		blogVersion: async () => blogVersion,
		canonicalHost: (host) => canonicalHost(host, hosts),
		now: () => clock,
	})
	const server = createServer((req, res) => {
		if (!cache.serve(req, res)) cache.capture(req, res, () => render(req, res))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	close = () => server.close()
	const port = (server.address() as AddressInfo).port
	hosts = servedHosts(`http://kia.localhost:${port}`, `http://portal.kia.localhost:${port}`)
	const get = async (path: string, headers: Record<string, string> = {}, host = 'kia.localhost') => {
		const response = await rawRequest(`http://${host}:${port}${path}`, { headers })
		return {
			status: response.status,
			headers: new Headers(response.headers as Record<string, string>),
			body: response.body,
		}
	}
	/** The response's bytes as sent (rawRequest reads text). */
	const bytes = (path: string, headers: Record<string, string>) =>
		new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
			httpGet({ host: '127.0.0.1', port, path, headers: { Host: `kia.localhost:${port}`, ...headers } }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
			}).on('error', reject)
		})
	return Object.assign(get, { size: () => cache.size(), bytes })
}

describe('page cache', () => {
	test('keeps a marked page and serves it with a fresh nonce, never leaking the marker', async () => {
		const get = await start()
		const first = await get('/')
		const second = await get('/')
		expect(first.headers.get('x-page-cache')).toBe('miss')
		expect(second.headers.get('x-page-cache')).toBe('hit')
		expect(second.body).toContain('render 1')
		const nonce = /nonce="([^"]+)"/.exec(second.body)?.[1]
		expect(nonce).not.toBe('n1')
		expect(second.headers.get('content-security-policy')).toBe(`script-src 'nonce-${nonce}'`)
		expect(first.headers.get(pageCacheMarker)).toBeNull()
		expect(second.headers.get(pageCacheMarker)).toBeNull()
	})

	test('a hit asked for gzip gets the kept gzip, with the same fresh nonce in the page and the CSP', async () => {
		const get = await start()
		await get('/')
		const hit = await get.bytes('/', { 'Accept-Encoding': 'gzip, deflate, br' })
		expect(hit.headers['x-page-cache']).toBe('hit')
		expect(hit.headers['content-encoding']).toBe('gzip')
		expect(Number(hit.headers['content-length'])).toBe(hit.body.length)
		const html = gunzipSync(hit.body).toString()
		const nonce = /nonce="([^"]+)"/.exec(html)?.[1]
		expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
		expect(hit.headers['content-security-policy']).toBe(`script-src 'nonce-${nonce}'`)
		expect(html).toBe(`<html><script nonce="${nonce}"></script><p>render 1</p></html>`)
	})

	test('never keeps an unmarked page, a Set-Cookie, the portal, or a visitor with a session or toast', async () => {
		const get = await start()
		for (const path of ['/privada', '/con-cookie']) {
			await get(path)
			expect((await get(path)).body).toContain('render')
			expect((await get(path)).headers.get('x-page-cache')).not.toBe('hit')
		}
		await get('/', { Cookie: 'sb-127-auth-token=abc' })
		expect((await get('/', { Cookie: 'sb-127-auth-token=abc' })).headers.get('x-page-cache')).toBeNull()
		expect((await get('/', { Cookie: 'kia-toast=x' })).headers.get('x-page-cache')).toBeNull()
		await get('/auth', {}, 'portal.kia.localhost')
		expect((await get('/auth', {}, 'portal.kia.localhost')).headers.get('x-page-cache')).toBeNull()
	})

	test('keys on the canonical host: other names of the site share its pages, hosts we do not serve get none', async () => {
		const get = await start()
		await get('/')
		for (const alias of ['localhost', '127.0.0.1', 'KIA.localhost']) {
			const response = await get('/', {}, alias)
			expect(response.headers.get('x-page-cache'), alias).toBe('hit')
			expect(response.body, alias).toContain('render 1')
		}
		for (const madeUp of ['evil.example', 'kia.localhost.evil.example', 'otro.kia.localhost']) {
			await get('/', {}, madeUp)
			const again = await get('/', {}, madeUp)
			expect(again.headers.get('x-page-cache'), madeUp).toBeNull()
			expect(again.body, madeUp).not.toContain('render 1')
		}
		expect(get.size()).toBe(1)
		expect((await get('/')).headers.get('x-page-cache')).toBe('hit')
	})

	test('keys on theme and consent, ignores cookies that are not ours', async () => {
		const get = await start()
		await get('/', { Cookie: 'kia-theme=light' })
		expect((await get('/', { Cookie: 'kia-theme=light; _ga=GA1.1' })).body).toContain('render 1')
		expect((await get('/', { Cookie: 'kia-theme=dark' })).body).toContain('render 2')
	})

	test('after the time to live one request renders again while the others get the old copy', async () => {
		const get = await start()
		await get('/')
		clock = 61_000
		const refresh = await get('/')
		expect(refresh.headers.get('x-page-cache')).toBe('miss')
		expect(refresh.body).toContain('render 2')
		expect((await get('/')).body).toContain('render 2')
	})

	test('a change of the blog drops every page', async () => {
		const get = await start()
		await get('/')
		await new Promise((resolve) => setTimeout(resolve, 10))
		blogVersion = 'v2'
		clock = 6_000
		await get('/')
		await new Promise((resolve) => setTimeout(resolve, 10))
		expect((await get('/')).body).toContain('render 2')
	})
})
