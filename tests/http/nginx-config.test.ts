import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { securityHeaders } from '~/.server/security/headers'
import { badRequestCopy, serviceUnavailableCopy, unconfirmedSubmissionCopy } from '~/content/errors'
import { freePort } from '../../local/service'
import { cookieSpellings } from '../support/cookie-spellings'
import { startNginx, type Nginx } from '../support/nginx'
import { startSilentServer } from '../support/silent-server'
import { rawRequest, responseOf, type RawResponse } from '../support/urls'

// The shipped nginx rules (deploy/nginx) in front of a stand-in whose answers each test chooses: what nginx keeps
// whatever the app says, which the app's own answers cannot show (it never marks a page public with a cookie).
type Answer = { status?: number; headers: Record<string, string>; body: string | ((req: IncomingMessage) => string) }
const answers = new Map<string, Answer>()
const asked: IncomingMessage[] = []
const upstream: Server = createServer((req, res) => {
	asked.push(req)
	const answer = answers.get(req.url ?? '') ?? { headers: {}, body: 'sin respuesta' }
	res.writeHead(answer.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8', ...answer.headers })
	res.end(typeof answer.body === 'string' ? answer.body : answer.body(req))
})
let nginx: Nginx
let port: number
beforeAll(async () => {
	await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
	answers.set('/healthz', { headers: { 'Cache-Control': 'no-store' }, body: 'ok' })
	nginx = await startNginx({ upstreamPort: (upstream.address() as AddressInfo).port })
	port = nginx.port
})
afterAll(async () => {
	await nginx?.stop()
	await new Promise((resolve) => upstream.close(resolve))
})

const site = (path: string) => `http://kia.localhost:${port}${path}`
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(site(path), { headers })
const timesAsked = (path: string) => asked.filter((req) => req.url === path).length
const cacheStatus = (response: RawResponse) => response.headers['x-cache-status']
const siteHost = () => `kia.localhost:${port}`
const publicAnswer = (body: Answer['body']): Answer => ({ headers: { 'Cache-Control': 'public, s-maxage=60' }, body })

/** Asked with an absolute URL in the request line, and `host` in Host. */
const askAs = (requestTarget: string, host: string) => rawRequest(site(''), { requestTarget, headers: { Host: host } })

/**
 * A POST whose `Content-Length` announces `bytes`, of which only `sent` are sent: resolves with nginx's answer, or
 * once `until` holds (the rest never comes).
 */
function postAnnounced(path: string, bytes: number): Promise<RawResponse>
function postAnnounced(
	path: string,
	bytes: number,
	partly: { sent: number; until: () => boolean },
): Promise<RawResponse | 'passed on'>
function postAnnounced(
	path: string,
	bytes: number,
	{ sent = 0, until }: { sent?: number; until?: () => boolean } = {},
) {
	return new Promise<RawResponse | 'passed on'>((resolve, reject) => {
		const headers = {
			Host: siteHost(),
			'Content-Length': String(bytes),
			'Content-Type': 'multipart/form-data; boundary=x',
		}
		const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
			void responseOf(res).then((response) => {
				req.destroy()
				resolve(response)
			}, reject)
		})
		req.on('error', reject)
		if (sent > 0) req.write(Buffer.alloc(sent))
		else req.flushHeaders()
		if (!until) return
		const check = setInterval(() => {
			if (!until()) return
			clearInterval(check)
			req.destroy()
			resolve('passed on')
		}, 20)
	})
}
const postTooBig = () => postAnnounced('/contacto', 2 * 1024 * 1024)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a public answer that sets a cookie is never stored', async () => {
	answers.set('/con-cookie', {
		headers: { 'Cache-Control': 'public, s-maxage=60', 'Set-Cookie': 'kia-toast=x; Path=/' },
		body: 'para una persona',
	})
	for (let visit = 0; visit < 3; visit++) expect((await get('/con-cookie')).headers['x-cache-status']).toBe('MISS')
	expect(timesAsked('/con-cookie')).toBe(3)
})

test('a session or any other cookie of ours skips the cache both ways; the theme does not', async () => {
	answers.set('/publica', { headers: { 'Cache-Control': 'public, s-maxage=60' }, body: 'para todos' })
	for (const cookie of ['sb-127-auth-token=abc', 'kia-booking-draft=x', 'a=1; sb-x-auth-token.0=y']) {
		expect((await get('/publica', { Cookie: cookie })).headers['x-cache-status'], cookie).toBe('BYPASS')
	}
	expect((await get('/publica')).headers['x-cache-status']).toBe('MISS')
	expect((await get('/publica')).headers['x-cache-status']).toBe('HIT')
	expect((await get('/publica', { Cookie: 'sb-127-auth-token=abc' })).headers['x-cache-status']).toBe('BYPASS')
	expect((await get('/publica', { Cookie: 'kia-theme=light' })).headers['x-cache-status']).toBe('MISS')
	expect((await get('/publica', { Cookie: 'kia-theme=light' })).headers['x-cache-status']).toBe('HIT')
})

test('a page is kept for its s-maxage, then served stale once while the fresh one is fetched', async () => {
	answers.set('/blog', {
		headers: { 'Cache-Control': 'public, max-age=0, s-maxage=1, stale-while-revalidate=60' },
		body: 'antes',
	})
	expect((await get('/blog')).body).toBe('antes')
	expect((await get('/blog')).headers['x-cache-status']).toBe('HIT')
	answers.set('/blog', { ...(answers.get('/blog') as Answer), body: 'después' })
	await sleep(2_100)
	const stale = await get('/blog')
	expect([stale.headers['x-cache-status'], stale.body]).toEqual(['STALE', 'antes'])
	await expect.poll(async () => (await get('/blog')).body).toBe('después')
	expect(timesAsked('/blog')).toBe(2)
})

test('private and no-store answers are not kept', async () => {
	for (const [path, cacheControl] of [
		['/privada', 'private, no-store'],
		['/sin-guardar', 'no-store'],
		['/sin-cabecera', ''],
	] as const) {
		answers.set(path, { headers: cacheControl ? { 'Cache-Control': cacheControl } : {}, body: path })
		await get(path)
		expect((await get(path)).headers['x-cache-status'], path).toBe('MISS')
	}
})

test('while the app fails, visitors get the last stored copy', async () => {
	answers.set('/caida', { headers: { 'Cache-Control': 'public, s-maxage=1' }, body: 'la última copia' })
	await get('/caida')
	answers.set('/caida', { status: 503, headers: { 'Cache-Control': 'private, no-store' }, body: 'caída' })
	await sleep(2_100)
	const during = await get('/caida')
	expect([during.status, during.headers['x-cache-status'], during.body]).toEqual([200, 'STALE', 'la última copia'])
})

describe('the host: the one the app answered, and only one', () => {
	test('a request line naming another host than Host is refused before the app, and stores nothing', async () => {
		answers.set('/robots.txt', {
			headers: { 'Cache-Control': 'public, max-age=3600' },
			body: (req) => `robots de ${req.headers.host}`,
		})
		const crossed = await askAs(site('/robots.txt'), `portal.kia.localhost:${port}`)
		expect(crossed.status).toBe(400)
		expect(timesAsked('/robots.txt')).toBe(0)
		const plain = await get('/robots.txt')
		expect([cacheStatus(plain), plain.body]).toEqual(['MISS', `robots de ${siteHost()}`])
		// The same in every location that passes requests on (kia-upstream.conf): the build's files, the uploads.
		for (const path of ['/assets/entry.js', '/dashboard/asistentes/1b7e8c2a-0d3e-4f1a-9c55-2f6b1e0a7d44/documentos']) {
			expect((await askAs(site(path), `portal.kia.localhost:${port}`)).status, path).toBe(400)
			expect(timesAsked(path), path).toBe(0)
		}
	})

	test('the same host on both, in any case and with the port in Host only, is served', async () => {
		answers.set(
			'/mismo-host',
			publicAnswer((req) => `para ${req.headers.host}`),
		)
		const absolute = await askAs('http://KIA.localhost/mismo-host', `kia.LOCALHOST:${port}`)
		expect([absolute.status, absolute.body]).toEqual([200, `para kia.LOCALHOST:${port}`])
	})

	test('the key names Host as the app got it: another port is another copy', async () => {
		answers.set(
			'/por-host',
			publicAnswer((req) => `para ${req.headers.host}`),
		)
		expect((await get('/por-host')).body).toBe(`para ${siteHost()}`)
		const otherPort = await get('/por-host', { Host: 'kia.localhost:1' })
		expect([cacheStatus(otherPort), otherPort.body]).toEqual(['MISS', 'para kia.localhost:1'])
		const again = await get('/por-host')
		expect([cacheStatus(again), again.body]).toEqual(['HIT', `para ${siteHost()}`])
	})
})

test('a Cookie header not in the canonical form, or with a cookie of one visitor, neither reads nor fills the cache', async () => {
	for (const [index, spelling] of cookieSpellings.entries()) {
		const path = `/galletas-${index}`
		answers.set(path, publicAnswer('para todos'))
		const asSpelled = { Cookie: spelling.header }
		if (spelling.oneVisitors) {
			for (let visit = 0; visit < 2; visit++)
				expect(cacheStatus(await get(path, asSpelled)), spelling.header).toBe('BYPASS')
			expect(cacheStatus(await get(path)), spelling.header).toBe('MISS')
		} else {
			// Stored under the theme and consent values the app reads: the shortest header with them finds it.
			expect(cacheStatus(await get(path, asSpelled)), spelling.header).toBe('MISS')
			const same = [
				spelling.theme && `kia-theme=${spelling.theme}`,
				spelling.consent && `kia-consent=${spelling.consent}`,
			]
				.filter(Boolean)
				.join('; ')
			expect(cacheStatus(await get(path, same ? { Cookie: same } : {})), spelling.header).toBe('HIT')
		}
	}
})

test('an address of up to 8 KB is answered and stored like any other, and nothing is logged as an error', async () => {
	for (const length of [3_000, 8_100]) {
		const path = `/larga?${'a'.repeat(length)}`
		answers.set(path, publicAnswer('larga'))
		const first = await get(path)
		expect([first.status, cacheStatus(first)], String(length)).toEqual([200, 'MISS'])
		expect(cacheStatus(await get(path)), String(length)).toBe('HIT')
	}
	expect(await nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/)
})

describe("nginx's own answers: the product's page, with the headers the app's pages carry", () => {
	// The app's headers but its CSP, which names the app's scripts (the static page has none and needs less), and its
	// report endpoint, which a page that runs nothing has nothing to send to.
	const appHeaders = securityHeaders({
		scripts: { hashes: [] },
		isDevelopment: false,
		isHttps: true,
		siteOrigins: [],
		paymentOrigins: [],
		oauthOrigins: [],
		imageOrigins: [],
		report: { path: '/resources/csp', group: 'csp' },
	}).filter(([name]) => name !== 'Content-Security-Policy' && name !== 'Reporting-Endpoints')

	function expectProductPage(response: RawResponse, status: number, words: readonly string[]) {
		expect(response.status).toBe(status)
		for (const [name, value] of appHeaders) expect(response.headers[name.toLowerCase()], name).toBe(value)
		expect(response.headers['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/)
		expect(response.headers['cache-control']).toBe('no-store')
		expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
		expect(response.headers.server).toBe('nginx')
		expect(response.body).not.toMatch(/nginx/i)
		// The words as a reader gets them, however the file wraps its lines.
		const text = response.body.replace(/\s+/g, ' ')
		for (const expected of words) expect(text).toContain(expected)
	}
	const refused = [badRequestCopy.title, badRequestCopy.message, badRequestCopy.home]

	test('a crossed host 400, a body over 1 MB 413, an address over 8 KB 414, a header over 8 KB 400', async () => {
		expectProductPage(await askAs(`http://portal.kia.localhost:${port}/`, siteHost()), 400, refused)
		expectProductPage(await postTooBig(), 413, refused)
		expectProductPage(await get(`/larga?${'a'.repeat(9_000)}`), 414, refused)
		expectProductPage(await get('/', { 'X-Relleno': 'a'.repeat(9_000) }), 400, refused)
		// The page's own address is nginx's, and only for its own answers.
		expectProductPage(await get('/.kia-error'), 404, refused)
	})

	const down = [serviceUnavailableCopy.title, serviceUnavailableCopy.message]
	// Without JavaScript the form's page is gone: going back brings it again as typed, which is what the page says.
	const formSent = [unconfirmedSubmissionCopy.title, unconfirmedSubmissionCopy.message, unconfirmedSubmissionCopy.kept]
	const postForm = (url: string) =>
		rawRequest(url, {
			method: 'POST',
			body: 'nombre=Ana&mensaje=Hola',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		})

	test('the app unreachable: 502 and the page that says the service is down for a moment; for a form, that it is kept', async () => {
		const nobodyThere = await startNginx({ upstreamPort: await freePort() })
		try {
			const site = (path: string) => `http://kia.localhost:${nobodyThere.port}${path}`
			expectProductPage(await rawRequest(site('/')), 502, down)
			expectProductPage(await postForm(site('/contacto')), 502, formSent)
		} finally {
			await nobodyThere.stop()
		}
	})

	test('the app silent past nginx’s wait: 504, the same pages', async () => {
		const silent = await startSilentServer()
		// The shipped rules wait 60 s for an answer, as nginx does by default: a second here.
		const waitingBriefly = await startNginx({
			upstreamPort: Number(new URL(silent.url).port),
			alsoInHttp: 'proxy_read_timeout 1s;',
		})
		try {
			const site = (path: string) => `http://kia.localhost:${waitingBriefly.port}${path}`
			expectProductPage(await rawRequest(site('/')), 504, down)
			expectProductPage(await postForm(site('/solicitar-demostracion-kia')), 504, formSent)
		} finally {
			await waitingBriefly.stop()
			await silent.stop()
		}
	})

	test('in the theme the visitor chose on the site, dark unless light or the system’s; nothing else of the cookie', async () => {
		const pageFor = async (cookie: string) =>
			/<html lang="es" data-theme="([^"]*)">/.exec(
				(await get('/.kia-error', cookie ? { Cookie: cookie } : {})).body,
			)?.[1]
		expect(await pageFor('')).toBe('dark')
		expect(await pageFor('kia-theme=light')).toBe('light')
		expect(await pageFor('kia-theme=system; otra=1')).toBe('system')
		expect(await pageFor('kia-theme=dark')).toBe('dark')
		expect(await pageFor('kia-theme=light"><script>alert(1)</script>')).toBe('dark')
	})
})

// After the test of the error log: nginx logs each body it refuses for its size as an error.
describe('a client’s documents: the one place a body may be large', () => {
	const upload = '/dashboard/asistentes/1b7e8c2a-0d3e-4f1a-9c55-2f6b1e0a7d44/documentos'

	test('an upload of up to 100 MB reaches the app as it arrives, unbuffered; more is refused before it is read', async () => {
		for (const path of [upload, `${upload}/subir`]) {
			// 5 MB announced, 256 KB sent: a buffering nginx would wait for the rest before asking the app.
			await postAnnounced(path, 5 * 1024 * 1024, { sent: 256 * 1024, until: () => timesAsked(path) > 0 })
			expect(timesAsked(path), path).toBe(1)
			expect((await postAnnounced(path, 100 * 1024 * 1024 + 1)).status, path).toBe(413)
		}
	})

	test('any other address keeps the 1 MB limit, a document’s own pages included', async () => {
		for (const path of [`${upload}/x/descargar`, `${upload}/subir/otra`, '/dashboard/asistentes', '/contacto']) {
			expect((await postAnnounced(path, 2 * 1024 * 1024)).status, path).toBe(413)
			expect(timesAsked(path), path).toBe(0)
		}
	})
})
