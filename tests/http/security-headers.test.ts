import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startHttpsApp } from '../support/app-server'
import { send, sessionCookie, urlencoded, evilOrigin } from '../support/hostile-input'
import { createAccount } from '../support/data'
import { serviceClient } from '../support/supabase'
import { postWebhook, signedWebhook } from '../support/stripe'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueName } from '../support/unique'
import { appPort, portalURL, rawRequest, responseOf, siteURL, supabaseURL, type RawResponse } from '../support/urls'

// Security headers on every kind of response, and the hosts the app serves (issues 10 and 18), through the
// production server.

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

function expectSecurityHeaders(response: RawResponse, what: string) {
	const csp = String(response.headers['content-security-policy'] ?? '')
	const scriptSrc =
		csp
			.split(';')
			.map((directive) => directive.trim())
			.find((directive) => directive.startsWith('script-src')) ?? ''
	expect(scriptSrc, what).toMatch(/'nonce-[\w+/=-]{16,}'|'sha256-[A-Za-z0-9+/=]{44}'/)
	expect(scriptSrc, what).not.toContain("'unsafe-inline'")
	expect(csp, what).toContain("frame-ancestors 'none'")
	expect(response.headers['x-content-type-options'], what).toBe('nosniff')
	expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
	expect(response.headers['permissions-policy'], what).toContain('camera=()')
}

/** What the server answered to a streamed body, and whether the whole body had been sent by then. */
type StreamedAnswer = RawResponse & { sentWhole: boolean }

/**
 * POSTs `totalBytes` in 64 kB chunks with no Content-Length (Transfer-Encoding:
 * chunked), as fast as the server reads them, and stops once it answers: an
 * answer before the whole body is sent shows the server stopped reading.
 */
function postStreamed(url: string, headers: Record<string, string>, totalBytes: number): Promise<StreamedAnswer> {
	const target = new URL(url)
	const chunk = 'x'.repeat(64 * 1024)
	let sentBytes = 0
	let answered = false
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: target.port,
				path: target.pathname,
				method: 'POST',
				headers: { Host: target.host, 'Transfer-Encoding': 'chunked', ...headers },
			},
			(res) => {
				answered = true
				responseOf(res).then((response) => {
					resolve({ ...response, sentWhole: sentBytes >= totalBytes })
					req.destroy()
				}, reject)
			},
		)
		req.on('error', (error) => {
			if (!answered) reject(error)
		})
		const sendUntilAnswered = () => {
			while (!answered && sentBytes < totalBytes) {
				sentBytes += chunk.length
				if (!req.write(chunk)) return void req.once('drain', sendUntilAnswered)
			}
			if (!answered) req.end()
		}
		sendUntilAnswered()
	})
}

/** One request of each kind the app answers, with the status that proves it is that kind. */
const responseKinds: { what: string; status: number; request: () => Promise<RawResponse> }[] = [
	{ what: 'site page', status: 200, request: () => rawRequest(siteURL('/')) },
	{ what: 'portal page', status: 200, request: () => rawRequest(portalURL('/auth')) },
	{ what: 'HEAD of a page', status: 200, request: () => rawRequest(siteURL('/contacto'), { method: 'HEAD' }) },
	{ what: 'site 404', status: 404, request: () => rawRequest(siteURL('/no-existe')) },
	{ what: 'portal 404', status: 404, request: () => rawRequest(portalURL('/no-existe')) },
	{ what: 'a site page asked on the portal host', status: 404, request: () => rawRequest(portalURL('/contacto')) },
	{
		what: 'a missing static file (falls through to the app)',
		status: 404,
		request: () => rawRequest(siteURL('/assets/no-existe.js')),
	},
	{ what: 'an unexpected error', status: 500, request: () => rawRequest(siteURL('/__test/error')) },
	{ what: 'robots.txt of the site', status: 200, request: () => rawRequest(siteURL('/robots.txt')) },
	{ what: 'robots.txt of the portal', status: 200, request: () => rawRequest(portalURL('/robots.txt')) },
	{ what: 'sitemap.xml', status: 200, request: () => rawRequest(siteURL('/sitemap.xml')) },
	{ what: 'GET of a resource route (redirect)', status: 302, request: () => rawRequest(siteURL('/resources/theme')) },
	{
		what: 'GET of a resource route on the portal',
		status: 302,
		request: () => rawRequest(portalURL('/resources/consent')),
	},
	{ what: 'site .data', status: 200, request: () => rawRequest(siteURL('/blog.data')) },
	{ what: 'portal .data', status: 200, request: () => rawRequest(portalURL('/auth.data')) },
	{ what: 'root .data', status: 200, request: () => rawRequest(siteURL('/_.data')) },
	{ what: 'a redirect to sign-in', status: 302, request: () => rawRequest(portalURL('/dashboard')) },
	{ what: 'the portal’s / redirect', status: 302, request: () => rawRequest(portalURL('/')) },
	{ what: 'a site action error', status: 400, request: () => send(siteURL('/contacto'), urlencoded([['name', '']])) },
	{
		what: 'a portal action error',
		status: 400,
		request: () => send(portalURL('/auth'), urlencoded([['intent', 'signin']])),
	},
	{
		what: 'a .data action error',
		status: 400,
		request: () => send(siteURL('/contacto.data'), urlencoded([['name', '']])),
	},
	{
		what: 'a body that is not a form',
		status: 415,
		request: () => send(siteURL('/contacto'), { contentType: 'application/json', body: '{}' }),
	},
	{
		what: 'a form that does not parse',
		status: 400,
		request: () => send(portalURL('/auth'), { contentType: 'multipart/form-data', body: '--x--' }),
	},
	{
		what: 'a resource action',
		status: 200,
		request: () => send(siteURL('/resources/theme'), urlencoded([['theme', 'light']])),
	},
	{
		what: 'a resource action error',
		status: 400,
		request: () => send(portalURL('/resources/theme'), urlencoded([['theme', 'rosa']])),
	},
	{
		what: 'a resource action redirect',
		status: 302,
		request: () =>
			send(
				siteURL('/resources/consent'),
				urlencoded([
					['intent', 'accept'],
					['redirectTo', '/'],
				]),
			),
	},
	{
		what: 'a cross-origin POST to a page',
		status: 403,
		request: () => send(siteURL('/contacto'), urlencoded([['name', 'x']]), { origin: evilOrigin }),
	},
	{
		what: 'a cross-origin data request',
		status: 403,
		request: () => send(portalURL('/auth.data'), urlencoded([['intent', 'signin']]), { origin: evilOrigin }),
	},
	{
		what: 'a cross-origin POST to a resource route',
		status: 403,
		request: () => send(siteURL('/resources/theme'), urlencoded([['theme', 'light']]), { origin: evilOrigin }),
	},
	{
		what: 'the webhook without a signature',
		status: 400,
		request: () => postWebhook('{}', { 'Content-Type': 'application/json' }),
	},
	{
		what: 'the webhook with a bad signature',
		status: 400,
		request: () => postWebhook('{}', { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' }),
	},
	{
		what: 'a signed webhook event',
		status: 200,
		request: () => {
			const payload = JSON.stringify({
				id: `evt_${uniqueName('cabeceras')}`,
				object: 'event',
				type: 'customer.created',
				data: { object: {} },
			})
			return postWebhook(payload, signedWebhook(payload))
		},
	},
	{ what: 'GET of the webhook', status: 400, request: () => rawRequest(siteURL('/api/stripe/webhook')) },
	// Methods nothing here serves (issue 18, finding 5): answered before the router, with the usual headers.
	{
		what: 'a plain OPTIONS of a page',
		status: 204,
		request: () => rawRequest(siteURL('/tarifas'), { method: 'OPTIONS' }),
	},
	{
		what: 'a plain OPTIONS on the portal',
		status: 204,
		request: () => rawRequest(portalURL('/dashboard'), { method: 'OPTIONS' }),
	},
	{ what: 'PROPFIND of a page', status: 405, request: () => rawRequest(siteURL('/blog'), { method: 'PROPFIND' }) },
	{ what: 'TRACE of a page', status: 405, request: () => rawRequest(portalURL('/auth'), { method: 'TRACE' }) },
	{
		what: 'PUT to a resource route',
		status: 405,
		request: () => rawRequest(siteURL('/resources/theme'), { method: 'PUT' }),
	},
	{
		what: 'DELETE of the webhook',
		status: 405,
		request: () => rawRequest(siteURL('/api/stripe/webhook'), { method: 'DELETE' }),
	},
	// Hosts we do not serve (issue 18, finding 8): answered before the static files and the app.
	{
		what: 'a page on a host we do not serve',
		status: 421,
		request: () => rawRequest(`http://evil.example:${appPort()}/`),
	},
	{
		what: 'a static file on a host we do not serve',
		status: 421,
		request: () => rawRequest(`http://evil.example:${appPort()}/favicon.svg`),
	},
]

describe('security headers', () => {
	test('every kind of response on both hosts carries the CSP (nonce, no inline scripts, no framing), nosniff, Referrer-Policy and Permissions-Policy', async () => {
		for (const kind of responseKinds) {
			const response = await kind.request()
			expect(response.status, kind.what).toBe(kind.status)
			expectSecurityHeaders(response, kind.what)
		}
	})

	test('a method nothing serves says which ones are served, and never reaches the router', async () => {
		for (const [method, status] of [
			['OPTIONS', 204],
			['PROPFIND', 405],
			['TRACE', 405],
			['PATCH', 405],
		] as const) {
			const response = await rawRequest(siteURL('/contacto'), { method, headers: { Origin: evilOrigin } })
			expect(response.status, method).toBe(status)
			expect(response.headers.allow, method).toBe('GET, HEAD, POST')
			// A preflight answer that grants nothing: no CORS header ever leaves here.
			expect(response.headers['access-control-allow-origin'], method).toBeUndefined()
		}
	})

	test('each response gets a fresh nonce, and every script of the page carries it', async () => {
		const [first, second] = await Promise.all([rawRequest(portalURL('/auth')), rawRequest(portalURL('/auth'))])
		const nonceOf = (response: RawResponse) =>
			/'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1]
		expect(nonceOf(first)).toBeTruthy()
		expect(nonceOf(first)).not.toBe(nonceOf(second))
		const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
		for (const script of scripts.filter((tag) => !tag.includes('application/ld+json')))
			expect(script).toContain(`nonce="${nonceOf(first)}"`)
	})

	/** express.static serves public/ and build/client/ before the app, so none of the app's headers reach them. */
	async function staticAssets() {
		const home = await rawRequest(siteURL('/'))
		const built = [...home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
			(match) => match[1] ?? '',
		)
		const js = built.find((path) => path.endsWith('.js'))
		const css = built.find((path) => path.endsWith('.css'))
		if (!js || !css) throw new Error('No built JS or CSS linked from the home page')
		return ['/favicon.svg', '/logo-kia-negro.svg', js, css]
	}

	test('static assets are served with their types', async () => {
		for (const path of await staticAssets()) {
			const response = await rawRequest(siteURL(path))
			expect(response.status, path).toBe(200)
			expect(response.headers['content-type'], path).toMatch(/^(image\/svg\+xml|text\/javascript|text\/css)/)
		}
	})

	// A hashed script needs no CSP, but without nosniff an old browser may sniff a static file as another type.
	test('static assets carry nosniff; an oversized body is refused before it is read', async () => {
		const body = `message=${'x'.repeat(1024 * 1024 + 1)}`
		const huge = await rawRequest(siteURL('/contacto'), {
			method: 'POST',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				'Content-Length': String(body.length),
				Origin: new URL(siteURL('/')).origin,
			},
			body,
		})
		expect(huge.status).toBe(413)
		for (const path of await staticAssets()) {
			expect((await rawRequest(siteURL(path))).headers['x-content-type-options'], path).toBe('nosniff')
		}
	})

	// Nothing declares the length of a chunked body, so the app counts while it reads.
	test('a body streamed without a length is refused with 413 past 1 MB, before the sender has finished', async () => {
		const far = 64 * 1024 * 1024
		const form = await postStreamed(
			siteURL('/contacto'),
			{ 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(siteURL('/')).origin },
			far,
		)
		const webhook = await postStreamed(
			siteURL('/api/stripe/webhook'),
			{ 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
			far,
		)
		for (const [what, answer] of Object.entries({ form, webhook })) {
			expect(answer.status, what).toBe(413)
			expect(answer.sentWhole, what).toBe(false)
			expect(answer.body, what).toContain('La petición es demasiado grande.')
			expectSecurityHeaders(answer, what)
		}
	})

	test('HSTS only when the app is served over https', async () => {
		expect((await rawRequest(siteURL('/'))).headers['strict-transport-security']).toBeUndefined()
		expect((await rawRequest(portalURL('/auth'))).headers['strict-transport-security']).toBeUndefined()

		// The suite's configuration (tests/e2e/global-setup.ts) with https origins, as production has.
		const https = await startHttpsApp()
		try {
			const at = (host: string, path: string) => `http://${host}:${https.port}${path}`
			for (const url of [
				at('kia.localhost', '/'),
				at('portal.kia.localhost', '/auth'),
				at('portal.kia.localhost', '/dashboard'),
				at('kia.localhost', '/no-existe'),
				at('kia.localhost', '/robots.txt'),
			]) {
				const response = await rawRequest(url)
				expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8,}; includeSubDomains/)
				expectSecurityHeaders(response, url)
			}
		} finally {
			await https.stop()
		}
	})
})

// Only our hosts are served (issue 18, finding 8)

/** A request with no Host header at all, as HTTP/1.0 allows. */
function withoutHost(path: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = connect(appPort(), '127.0.0.1', () => socket.end(`GET ${path} HTTP/1.0\r\n\r\n`))
		let answer = ''
		socket.setEncoding('utf8')
		socket.on('data', (chunk: string) => (answer += chunk))
		socket.on('end', () => resolve(answer))
		socket.on('error', reject)
	})
}

describe('hosts', () => {
	test('any other Host gets 421 with the security headers, whatever it asks for, and nothing is cached', async () => {
		const port = appPort()
		const madeUp = [
			`evil.example:${port}`,
			'kia.localhost',
			`kia.localhost:${port + 1}`,
			`www.kia.localhost:${port}`,
			`kia.localhost.evil.example:${port}`,
			`portal.evil.example:${port}`,
		]
		for (const host of madeUp) {
			for (const [method, path] of [
				['GET', '/'],
				['GET', '/sobre-kia'],
				['GET', '/sobre-kia'],
				['GET', '/auth'],
				['GET', '/favicon.svg'],
				['HEAD', '/tarifas'],
				['POST', '/contacto'],
			] as const) {
				const what = `${method} ${host}${path}`
				const response = await rawRequest(siteURL(path), { method, headers: { Host: host, Origin: `http://${host}` } })
				expect(response.status, what).toBe(421)
				expect(response.body, what).toBe(method === 'HEAD' ? '' : 'Este servidor no atiende ese nombre de host.')
				expect(response.headers['cache-control'], what).toBe('no-store')
				expect(response.headers['x-request-id'], what).toBeTruthy()
				expect(response.headers['set-cookie'], what).toBeUndefined()
				expectSecurityHeaders(response, what)
			}
		}
		expect(await withoutHost('/')).toMatch(/^HTTP\/1\.1 421 /)
	})

	test('the configured hosts, and the loopback names of a local site, are served', async () => {
		expect((await rawRequest(siteURL('/'))).status).toBe(200)
		expect((await rawRequest(portalURL('/auth'))).status).toBe(200)
		expect((await rawRequest(siteURL('/').replace('kia.localhost', 'KIA.LOCALHOST'))).status).toBe(200)
		for (const loopback of ['localhost', '127.0.0.1']) {
			const response = await rawRequest(siteURL('/').replace('kia.localhost', loopback))
			expect(response.status, loopback).toBe(200)
			expect(response.body, loopback).toContain('Haz menos. Logra más. Vive mejor.')
		}
	})

	test('X-Forwarded-Host cannot rename the host the app serves', async () => {
		// Express trusts this machine as a proxy (TRUST_PROXY): the header would pick the app's host if it were read.
		for (const forwarded of [new URL(portalURL('/')).host, `evil.example:${appPort()}`]) {
			const response = await rawRequest(siteURL(`/?reenviado=${Date.now()}`), {
				headers: { 'X-Forwarded-Host': forwarded },
			})
			expect(response.status, forwarded).toBe(200)
			expect(response.body, forwarded).toContain('Haz menos. Logra más. Vive mejor.')
		}
		const portal = await rawRequest(portalURL('/'), { headers: { 'X-Forwarded-Host': new URL(siteURL('/')).host } })
		expect(portal.status).toBe(302)
		expect(portal.headers.location).toBe('/auth')
	})
})

describe('host selection', () => {
	test('each host serves its own / and the other host’s pages answer 404', async () => {
		const siteHome = await rawRequest(siteURL('/'))
		expect(siteHome.status).toBe(200)
		expect(siteHome.body).toContain('Haz menos. Logra más. Vive mejor.')

		const portalHome = await rawRequest(portalURL('/'))
		expect(portalHome.status).toBe(302)
		expect(portalHome.headers.location).toBe('/auth')

		const portalAuth = await rawRequest(portalURL('/auth'))
		expect(portalAuth.status).toBe(200)
		expect(portalAuth.body).toContain('Iniciar Sesión')
		expect(portalAuth.headers['cache-control']).toBe('private, no-store')

		const authOnSite = await rawRequest(siteURL('/auth'))
		expect(authOnSite.status).toBe(404)
		expect(authOnSite.body).toContain('Página no encontrada')

		// Plain localhost is the site too.
		const plainLocalhost = await rawRequest(siteURL('/').replace('kia.localhost', 'localhost'))
		expect(plainLocalhost.body).toContain('Haz menos. Logra más. Vive mejor.')
	})
})

describe('security baseline', () => {
	test('every response carries the CSP, and every script its nonce or its hash', async () => {
		for (const url of [siteURL('/'), portalURL('/auth'), siteURL('/no-existe'), siteURL('/_root.data')]) {
			const response = await rawRequest(url)
			const csp = String(response.headers['content-security-policy'])
			expect(csp, url).toContain("frame-ancestors 'none'")
			expect(response.headers['x-content-type-options'], url).toBe('nosniff')
			expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
			expect(response.headers['permissions-policy'], url).toContain('camera=()')
			if (!response.headers['content-type']?.toString().startsWith('text/html')) continue
			const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
			const scripts = [...response.body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)]
			expect(scripts.length, url).toBeGreaterThan(0)
			for (const [tag = '', attributes = '', text = ''] of scripts.filter(
				([tag]) => !tag.includes('application/ld+json'),
			)) {
				// A page every anonymous visitor shares names its scripts by hash (app/.server/http/script-hashes.ts).
				if (nonce) expect(attributes, url).toContain(`nonce="${nonce}"`)
				else expect(csp, tag.slice(0, 80)).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`)
			}
		}
	})

	test('a cross-origin POST is refused with 403', async () => {
		const body = 'theme=light'
		const headers = { 'Content-Type': 'application/x-www-form-urlencoded' }
		const hostile = await rawRequest(siteURL('/resources/theme'), {
			method: 'POST',
			body,
			headers: { ...headers, Origin: 'https://evil.example' },
		})
		expect(hostile.status).toBe(403)
		expect(hostile.headers['set-cookie']).toBeUndefined()

		const anonymous = await rawRequest(siteURL('/resources/theme'), { method: 'POST', body, headers })
		expect(anonymous.status).toBe(403)

		const fromPortal = await rawRequest(siteURL('/resources/theme'), {
			method: 'POST',
			body,
			headers: { ...headers, Origin: portalURL('/').slice(0, -1) },
		})
		expect(fromPortal.status).toBe(200)
	})
})

describe('CSP reports', () => {
	const report = (body: string, contentType = 'application/csp-report') =>
		rawRequest(siteURL('/resources/csp'), { method: 'POST', body, headers: { 'Content-Type': contentType } })
	const reportLines = () =>
		app.app
			.output()
			.split('\n')
			.filter((line) => line.includes('[csp] blocked'))

	test('a browser’s report is heard without an Origin, answered 204, and logged at info with origins only', async () => {
		const marker = uniqueName('csp')
		const violation = {
			'csp-report': {
				'document-uri': `https://kia.es/blog/${marker}?token=secreto`,
				'effective-directive': 'img-src',
				'blocked-uri': `https://tracker.example/pixel.gif?${marker}`,
			},
		}
		const heard = await report(JSON.stringify(violation))
		expect(heard.status).toBe(204)
		const batch = [
			{
				type: 'csp-violation',
				body: { documentURL: `https://kia.es/${marker}`, effectiveDirective: 'script-src', blockedURL: 'inline' },
			},
		]
		expect((await report(JSON.stringify(batch), 'application/reports+json')).status).toBe(204)
		const lines = reportLines()
			.filter((line) => line.includes(marker))
			.map((line) => JSON.parse(line) as { level: number; violation: unknown })
		expect(lines).toEqual([
			expect.objectContaining({
				level: 30,
				violation: { directive: 'img-src', blocked: 'https://tracker.example', page: `/blog/${marker}` },
			}),
			expect.objectContaining({
				level: 30,
				violation: { directive: 'script-src', blocked: 'inline', page: `/${marker}` },
			}),
		])
		expect(app.app.output()).not.toContain('secreto')
	})

	test('what is not a report is answered the same and logs nothing; a body past 16 KB is refused', async () => {
		const before = reportLines().length
		expect((await report('esto no es json', 'text/plain')).status).toBe(204)
		expect((await report(JSON.stringify({ otra: 'cosa' }))).status).toBe(204)
		expect(reportLines()).toHaveLength(before)
		expect((await report('x'.repeat(17 * 1024))).status).toBe(413)
	})
})

test('a profile photo on a host the CSP does not name, or typed on Storage’s, is not put in the page: the initial shows', async () => {
	const account = await createAccount('foto-ajena', 'Fátima Foto')
	const cookie = await sessionCookie(account.email)
	// Photos are served from our own origin (/fotos/…) since issue 68; Storage's host stays in img-src for the blog only.
	const typed = [
		`https://tracker.example/${uniqueName('foto')}.png`,
		`${supabaseURL()}/storage/v1/object/public/a/b.png`,
	]
	for (const address of typed) {
		const { error } = await serviceClient().from('usuarios').update({ avatar_url: address }).eq('id', account.id)
		expect(error).toBeNull()
		for (const url of [portalURL('/dashboard'), siteURL('/')]) {
			const page = await rawRequest(url, { headers: { Cookie: cookie } })
			expect(page.status, url).toBe(200)
			expect(page.body, url).not.toContain(address)
		}
	}
})
