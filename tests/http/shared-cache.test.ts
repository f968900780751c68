import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { acceptedConsentValue } from '../support/cookie-spellings'
import { createAccount, testPassword } from '../support/data'
import { formPost } from '../support/form-posts'
import { sessionCookie } from '../support/hostile-input'
import { startBehindNginx, type Nginx } from '../support/nginx'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueName } from '../support/unique'
import { rawRequest, type RawResponse } from '../support/urls'

// The app behind the nginx configuration it ships (deploy/nginx), as on the single-machine deployment: anonymous
// site pages are stored once and served to every anonymous visitor; nothing of one visitor's ever is.
let app: TestApp
let nginx: Nginx
let port: number
beforeAll(async () => {
	;({
		port,
		upstream: app,
		nginx,
	} = await startBehindNginx(
		(port) =>
			startTestApp({
				SITE_URL: `http://kia.localhost:${port}`,
				PORTAL_URL: `http://portal.kia.localhost:${port}`,
				ENABLE_TEST_ROUTES: '1',
			}),
		(app) => app.app.port,
	))
})
afterAll(async () => {
	await nginx?.stop()
	await app?.stop()
})

const site = (path: string) => `http://kia.localhost:${port}${path}`
const portal = (path: string) => `http://portal.kia.localhost:${port}${path}`
/** An address of a page no other test asks for, so no copy of it is stored before the test. */
const own = (path: string) => `${path}?prueba=${uniqueName('cache')}`
const get = (url: string, headers: Record<string, string> = {}) => rawRequest(url, { headers })
const cacheStatus = (response: RawResponse) => response.headers['x-cache-status']
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('anonymous pages', () => {
	test('the second request is a HIT: the same bytes, public, no cookie, and a CSP of hashes rather than a nonce', async () => {
		const path = own('/sobre-kia')
		const first = await get(site(path))
		const second = await get(site(path))
		expect([first.status, cacheStatus(first)]).toEqual([200, 'MISS'])
		expect([second.status, cacheStatus(second)]).toEqual([200, 'HIT'])
		expect(second.body).toBe(first.body)
		expect(second.headers['cache-control']).toBe(
			'public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400',
		)
		expect(second.headers['set-cookie']).toBeUndefined()
		// Each answer has an id of its own, not the one of the answer that was stored.
		expect(second.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
		expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])

		const csp = String(second.headers['content-security-policy'])
		expect(csp).not.toContain('nonce-')
		expect(second.body).not.toContain('nonce=')
		const inline = [...second.body.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
			(match) => match[1] ?? '',
		)
		expect(inline.length).toBeGreaterThan(3)
		for (const script of inline) expect(csp, script.slice(0, 80)).toContain(sha256(script))
		expect(csp).toMatch(/script-src 'self' ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'/)
	})

	test('the theme and the consent cookies each get their own copy; a cookie not ours shares the plain one', async () => {
		const path = own('/proyectos')
		const consent = `kia-consent=${encodeURIComponent(JSON.stringify({ necessary: true, analytics: true, marketing: false }))}`
		const visits = [
			{ cookie: '', first: 'MISS', theme: 'dark', banner: true },
			{ cookie: 'kia-theme=light', first: 'MISS', theme: 'light', banner: true },
			{ cookie: 'kia-theme=dark', first: 'MISS', theme: 'dark', banner: true },
			{ cookie: `kia-theme=light; ${consent}`, first: 'MISS', theme: 'light', banner: false },
			{ cookie: '_ga=GA1.1.123; otra=1', first: 'HIT', theme: 'dark', banner: true },
		]
		for (const visit of visits) {
			const headers: Record<string, string> = visit.cookie ? { Cookie: visit.cookie } : {}
			const first = await get(site(path), headers)
			const again = await get(site(path), headers)
			expect([cacheStatus(first), cacheStatus(again)], visit.cookie).toEqual([visit.first, 'HIT'])
			expect(again.body, visit.cookie).toContain(`data-theme="${visit.theme}"`)
			expect(again.body.includes('aria-label="Consentimiento de cookies"'), visit.cookie).toBe(visit.banner)
		}
	})

	test('a Cookie header not written as browsers write it is one visitor’s, and read as nginx reads it', async () => {
		const path = own('/proyectos')
		const banner = 'aria-label="Consentimiento de cookies"'
		// nginx finds no consent choice nor theme in the first two (a space before '='), so neither may the page.
		for (const [cookie, theme, bannerShown] of [
			[`kia-consent =${acceptedConsentValue}`, 'dark', true],
			['kia-theme =light', 'dark', true],
			[`kia-theme=light; kia-theme=system; kia-consent=${acceptedConsentValue}`, 'light', false],
		] as const) {
			for (let visit = 0; visit < 2; visit++) {
				const page = await get(site(path), { Cookie: cookie })
				expect([cacheStatus(page), page.headers['cache-control']], cookie).toEqual(['BYPASS', 'private, no-store'])
				expect(page.body, cookie).toContain(`data-theme="${theme}"`)
				expect(page.body.includes(banner), cookie).toBe(bannerShown)
			}
		}
		const anonymous = await get(site(path))
		expect(cacheStatus(anonymous)).toBe('MISS')
		expect(anonymous.body).toContain(banner)
	})

	test('a request line naming the site while Host names the portal is refused; robots.txt stays the site’s', async () => {
		const path = own('/robots.txt')
		const crossed = await rawRequest(site(path), {
			requestTarget: site(path),
			headers: { Host: `portal.kia.localhost:${port}` },
		})
		expect(crossed.status).toBe(400)
		const robots = await get(site(path))
		expect(robots.body).toContain('Sitemap:')
		expect(robots.body).not.toContain('Disallow: /\n')
	})

	test('a page asked with a long address (a campaign’s parameters) is answered and stored like any other', async () => {
		for (const length of [3_000, 8_000]) {
			const path = own(`/tarifas?utm_content=${'a'.repeat(length)}`)
			const first = await get(site(path))
			expect([first.status, cacheStatus(first)], String(length)).toEqual([200, 'MISS'])
			expect(cacheStatus(await get(site(path))), String(length)).toBe('HIT')
		}
		expect(await nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/)
	})

	test('stored once compressed: gzip to a browser, the same page unzipped to a client that takes none', async () => {
		const path = own('/tarifas')
		await get(site(path))
		const zipped = await get(site(path), { 'Accept-Encoding': 'gzip, deflate, br' })
		const plain = await get(site(path))
		expect([cacheStatus(zipped), cacheStatus(plain)]).toEqual(['HIT', 'HIT'])
		expect(zipped.headers['content-encoding']).toBe('gzip')
		expect(plain.headers['content-encoding']).toBeUndefined()
		expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(plain.body)
	})
})

describe('pages for one visitor', () => {
	test('a signed-in visitor never gets a stored page, and their page is never stored for anyone', async () => {
		const name = `Nombre ${uniqueName('personal')}`
		const cookie = await sessionCookie((await createAccount('cache', name)).email, testPassword, portal('/auth'))
		const path = own('/como-funciona')
		expect(cacheStatus(await get(site(path)))).toBe('MISS')
		for (let visit = 0; visit < 2; visit++) {
			const mine = await get(site(path), { Cookie: `kia-theme=dark; ${cookie}` })
			expect(cacheStatus(mine)).toBe('BYPASS')
			expect(mine.headers['cache-control']).toBe('private, no-store')
			expect(mine.body).toContain(name)
			expect(String(mine.headers['content-security-policy'])).toMatch(/'nonce-[\w-]{16,}'/)
		}
		const anonymous = await get(site(path))
		expect(cacheStatus(anonymous)).toBe('HIT')
		expect(anonymous.body).not.toContain(name)
		expect(anonymous.body).toContain('Acceso Clientes')
	})

	test('a toast is shown to its visitor only; the next anonymous visitor gets the stored page', async () => {
		const path = '/sostenibilidad'
		await get(site(path))
		const toast = await get(site('/__test/toast'))
		const toastCookie = [toast.headers['set-cookie'] ?? []]
			.flat()
			.map((one) => one.split(';')[0])
			.join('; ')
		expect(toastCookie).toMatch(/^kia-toast=/)
		const shown = await get(site(path), { Cookie: toastCookie })
		expect(cacheStatus(shown)).toBe('BYPASS')
		expect(shown.body).toContain('Aviso de prueba')
		const next = await get(site(path))
		expect(cacheStatus(next)).toBe('HIT')
		expect(next.body).not.toContain('Aviso de prueba')
	})

	test('the portal, the live demo page and form answers are never stored', async () => {
		for (const url of [portal('/auth'), site('/solicitar-demostracion-kia'), site(own('/no-existe'))]) {
			await get(url)
			const again = await get(url)
			expect(cacheStatus(again), url).toBe('MISS')
			expect(again.headers['cache-control'], url).toBe('private, no-store')
		}
		const post = () => formPost(site('/contacto'), { name: '' }, uniqueAddress())
		await post()
		expect(cacheStatus(await post())).not.toBe('HIT')
	})
})
