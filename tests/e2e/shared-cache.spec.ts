import type { Page, Response } from '@playwright/test'
import { startApp, testAppEnv } from '../support/app-server'
import { signIn } from '../support/browser'
import { createAccount } from '../support/data'
import { appSettled, expect, openApp, test } from '../support/e2e-test'
import { startBehindNginx, type Nginx } from '../support/nginx'
import { uniqueName } from '../support/unique'
import { rawRequest } from '../support/urls'

// Browsers through the nginx configuration the repository ships (deploy/nginx), in front of a production server on
// this worker's services: what tests/http/shared-cache.test.ts asks with raw requests, as a visitor's browser sees
// it. A stored page must still run its scripts (its CSP names them by hash), and a choice made in the browser must
// reach the next page, with JavaScript or without.

let nginx: Nginx
let app: Awaited<ReturnType<typeof startApp>>
let port: number
test.beforeAll(async () => {
	// The worker's own sessions are valid here too: same Supabase, same secret, and cookies do not care for ports.
	;({
		port,
		upstream: app,
		nginx,
	} = await startBehindNginx(
		(port) =>
			startApp({
				...testAppEnv(port),
			}),
		(app) => app.port,
	))
})
test.afterAll(async () => {
	await nginx?.stop()
	await app?.stop()
})

const site = (path: string) => `http://kia.localhost:${port}${path}`
/** An address of a page no other test asks for, so nothing of it is stored before the test. */
const own = (path: string) => `${path}?prueba=${uniqueName('cache')}`
const cacheStatus = (response: Pick<Response, 'headers'> | null) => response?.headers()['x-cache-status']

/** Errors the page reports: a script the CSP refused is one. */
function watchErrors(page: Page) {
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	return errors
}

test('a stored page runs its scripts: it hydrates, and a link is followed without loading a document', async ({
	page,
}) => {
	const path = own('/sobre-kia')
	const errors = watchErrors(page)
	expect((await rawRequest(site(path))).headers['x-cache-status']).toBe('MISS')
	const stored = await openApp(page, site(path))
	expect(cacheStatus(stored)).toBe('HIT')
	await appSettled(page)
	const documents: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'document') documents.push(request.url())
	})
	await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click()
	await expect(page).toHaveURL(site('/blog'))
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	expect(documents).toEqual([])
	expect(errors).toEqual([])
})

test('the theme chosen with JavaScript reaches the next page through its own copy; others keep theirs', async ({
	page,
	browser,
}) => {
	const path = own('/proyectos')
	await openApp(page, site(path))
	await appSettled(page)
	await page.getByRole('banner').getByRole('button', { name: 'Claro' }).click()
	await expect
		.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'kia-theme')?.value)
		.toBe('light')
	const light = await page.reload()
	expect(await light?.text()).toContain('data-theme="light"')
	expect(cacheStatus(await page.reload())).toBe('HIT')
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')

	const other = await browser.newContext()
	const stranger = await other.newPage()
	const plain = await stranger.goto(site(path))
	expect(cacheStatus(plain)).toBe('HIT')
	await expect(stranger.locator('html')).toHaveAttribute('data-theme', 'dark')
	await other.close()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the theme and the cookie choice made with the forms stay on the next stored page', async ({ page }) => {
		const path = own('/como-funciona')
		await page.goto(site(path))
		const banner = page.getByRole('region', { name: 'Consentimiento de cookies' })
		await banner.getByRole('button', { name: 'Rechazar' }).click()
		await page.getByRole('banner').getByRole('button', { name: 'Claro' }).click()
		// Each form's answer sent the visitor back to the page, which nginx stored for that choice.
		const again = await page.goto(site(path))
		expect(cacheStatus(again)).toBe('HIT')
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
		await expect(page.getByRole('region', { name: 'Consentimiento de cookies' })).toHaveCount(0)
	})
})

test('a signed-in visitor gets their own page, never a stored one, and it is stored for no one', async ({
	page,
	browser,
}) => {
	const name = `Nombre ${uniqueName('propio')}`
	const account = await createAccount('nginx', name)
	const path = own('/sostenibilidad')
	await signIn(page, account.email)
	for (let visit = 0; visit < 2; visit++) {
		const mine = await page.goto(site(path))
		expect(cacheStatus(mine)).toBe('BYPASS')
		expect(mine?.headers()['cache-control']).toBe('private, no-store')
		expect(await mine?.text()).toContain(name)
	}
	const other = await browser.newContext()
	const anonymous = await other.newPage()
	const response = await anonymous.goto(site(path))
	expect(cacheStatus(response)).toBe('MISS')
	expect(await response?.text()).not.toContain(name)
	await other.close()
})
