import type { Page } from '@playwright/test'
import { createAccount, signIn } from '../support/e2e-data'
import { expect, test } from '../support/e2e-test'
import { portalURL, rawRequest, siteURL } from '../support/urls'

// Icons are references into one sprite (app/components/ui/icon.tsx): each must land on a symbol the sprite
// has, from the host the page is on (a <use> never follows another origin), and the sprite must be an
// asset the browser keeps.

async function iconReferences(page: Page) {
	return page.locator('svg > use').evaluateAll((uses) => uses.map((use) => (use as SVGUseElement).href.baseVal))
}

async function expectDrawnFromSprite(page: Page) {
	const { origin } = new URL(page.url())
	const references = await iconReferences(page)
	expect(references.length, `${page.url()} draws no icon?`).toBeGreaterThan(3)
	const sprites = new Set(references.map((reference) => reference.split('#')[0]))
	expect([...sprites]).toHaveLength(1)
	const [sprite = ''] = sprites
	expect(sprite).toMatch(/^\/assets\/icons-[\w-]+\.svg$/)
	const response = await rawRequest(`${origin}${sprite}`)
	expect(response.status).toBe(200)
	expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
	expect(response.headers['cache-control']).toContain('immutable')
	const symbols = new Set([...response.body.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id))
	const missing = references.map((reference) => reference.split('#')[1]).filter((id) => !id || !symbols.has(id))
	expect(missing, `${page.url()}: icons the sprite does not have`).toEqual([])
	// Drawn at the size its class gives it, not collapsed.
	const box = await page.locator('svg:has(> use)').first().boundingBox()
	expect(box?.width).toBeGreaterThan(0)
}

test('site and portal pages draw every icon from the one cached sprite, on their own host', async ({ page }) => {
	for (const path of ['/', '/tarifas', '/solicitar-demostracion-kia']) {
		await page.goto(siteURL(path))
		await expectDrawnFromSprite(page)
	}
	const account = await createAccount('iconos', 'Lidia Roca')
	await signIn(page, account.email)
	await page.goto(portalURL('/dashboard'))
	await expectDrawnFromSprite(page)
})
