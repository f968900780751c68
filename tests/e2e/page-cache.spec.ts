import { expect, test } from '../support/e2e-test'
import { uniqueName } from '../support/unique'
import { portalURL, rawRequest, siteURL } from '../support/urls'
import { createAccount } from '../support/data'
import { signIn } from '../support/browser'
import { serviceClient } from '../support/supabase'

// The production server keeps anonymous marketing pages in memory (server/page-cache.ts). These tests
// pin down what makes that safe: only anonymous pages, keyed on what changes the HTML, a fresh nonce
// on every hit, never a Set-Cookie, and dropped when the blog changes.

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1]
const cspNonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]

async function warm(path: string, headers: Record<string, string> = {}) {
	const first = await rawRequest(siteURL(path), { headers })
	const second = await rawRequest(siteURL(path), { headers })
	return { first, second }
}

/**
 * A request, then the same again, which should come from memory. Every other test
 * shares the server's cache, and publishing a post anywhere empties it (the last
 * test below does): when that lands between the two requests the second is rendered
 * afresh, so the pair is asked for again, a few times at most. A cache that never
 * serves a hit still fails.
 */
async function warmToHit(path: string, headers: Record<string, string> = {}) {
	for (let attempt = 1; ; attempt++) {
		const pair = await warm(path, headers)
		if (pair.second.headers['x-page-cache'] === 'hit' || attempt === 3) return pair
	}
}

/** An address of the page no other test asks for, so no copy of it is there before the test, nor expires during it. */
const ownAddress = (path: string) => `${path}?prueba=${uniqueName('cache')}`

test('an anonymous page is served from memory with its own nonce and request id each time', async () => {
	const { first, second } = await warmToHit(ownAddress('/sobre-kia'))
	expect(second.headers['x-page-cache']).toBe('hit')
	expect(second.body.replaceAll(nonceOf(second.body) ?? '', '')).toBe(
		first.body.replaceAll(nonceOf(first.body) ?? '', ''),
	)
	expect(nonceOf(second.body)).not.toBe(nonceOf(first.body))
	expect(cspNonceOf(second.headers['content-security-policy'])).toBe(nonceOf(second.body))
	expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
	expect(second.headers['cache-control']).toBe('no-cache')
	expect(String(second.headers.vary)).toContain('Cookie')
	for (const response of [first, second]) {
		expect(response.headers['x-kia-page-cache']).toBeUndefined()
		expect(response.headers['set-cookie']).toBeUndefined()
	}
})

test('the theme and consent cookies each get their own copy', async () => {
	const path = ownAddress('/proyectos')
	const light = await warmToHit(path, { Cookie: 'kia-theme=light' })
	const dark = await warm(path, { Cookie: 'kia-theme=dark' })
	expect(light.second.headers['x-page-cache']).toBe('hit')
	expect(light.second.body).toContain('data-theme="light"')
	expect(dark.second.body).toContain('data-theme="dark"')
	const consented = await warm(path, {
		Cookie: `kia-theme=dark; cookie_consent=${encodeURIComponent(JSON.stringify({ necessary: true, analytics: true, marketing: false }))}`,
	})
	expect(consented.second.body).not.toContain('aria-label="Consentimiento de cookies"')
	expect(dark.second.body).toContain('aria-label="Consentimiento de cookies"')
})

test('a signed-in visitor is never served nor stored; a toast is never shared', async ({ page }) => {
	const account = await createAccount('cache', 'Nombre Muy Personal')
	await signIn(page, account.email)
	const cookie = (await page.context().cookies(siteURL('/'))).map((entry) => `${entry.name}=${entry.value}`).join('; ')
	const mine = await rawRequest(siteURL('/como-funciona'), { headers: { Cookie: cookie } })
	expect(mine.headers['x-page-cache']).toBeUndefined()
	expect(mine.headers['cache-control']).toBe('private, no-store')
	expect(mine.body).toContain('Nombre Muy Personal')
	const anonymous = await warm('/como-funciona')
	expect(anonymous.second.body).not.toContain('Nombre Muy Personal')

	await page.goto(siteURL('/__test/toast'), { waitUntil: 'networkidle' })
	await expect(page).toHaveURL(siteURL('/'))
	await expect(page.getByText('Aviso de prueba')).toBeVisible()
	await page.context().clearCookies()
	await page.goto(siteURL('/'))
	await expect(page.getByText('Aviso de prueba')).toHaveCount(0)
})

test('other names of the site share its copy; a host we do not serve is never kept', async () => {
	const { second } = await warm('/terminos-contratacion')
	expect(second.headers['x-page-cache']).toBe('hit')
	for (const alias of ['localhost', '127.0.0.1']) {
		expect(
			(await rawRequest(siteURL('/terminos-contratacion').replace('kia.localhost', alias))).headers['x-page-cache'],
			alias,
		).toBe('hit')
	}
	for (let attempt = 0; attempt < 2; attempt++) {
		const madeUp = await rawRequest(siteURL('/terminos-contratacion').replace('kia.localhost', 'otro.example'))
		expect(madeUp.status).toBe(421)
		expect(madeUp.headers['x-page-cache']).toBeUndefined()
	}
})

test('the portal and the live demo page are always rendered', async () => {
	const demo = await warm('/solicitar-demostracion-kia')
	expect(demo.second.headers['x-page-cache']).toBe('bypass')
	const portal = await rawRequest(portalURL('/auth'))
	const again = await rawRequest(portalURL('/auth'))
	expect(portal.headers['x-page-cache']).toBeUndefined()
	expect(again.headers['x-page-cache']).toBeUndefined()
})

test('publishing a post drops the cached pages', async () => {
	const path = ownAddress('/blog')
	expect((await warmToHit(path)).second.headers['x-page-cache']).toBe('hit')
	const slug = uniqueName('publicado-ahora')
	const inserted = await serviceClient()
		.from('blog_posts')
		.insert({ title: slug, slug, content: '<p>Nuevo</p>', published_at: new Date().toISOString() })
	expect(inserted.error).toBeNull()
	try {
		await expect.poll(async () => (await rawRequest(siteURL(path))).body.includes(slug), { timeout: 15_000 }).toBe(true)
	} finally {
		await serviceClient().from('blog_posts').delete().eq('slug', slug)
	}
})
