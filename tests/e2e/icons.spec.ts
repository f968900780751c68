import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { portalURL, siteURL } from '../support/urls'
import { createAccount } from '../support/data'
import { startSession } from '../support/browser'

// Icons are references into one sprite (app/components/ui/icon.tsx) that every document carries at the start of
// its body (app/.server/http/html-stream.ts): each must land on a symbol of it and be drawn, hydration must leave the
// sprite in place (React did not render it), and no page fetches a sprite file.

/** What each icon of the page points at, and whether the browser drew something there when it shows. */
async function iconsOf(page: Page) {
	return page.locator('svg > use').evaluateAll((uses) =>
		uses.map((use) => {
			const reference = (use as SVGUseElement).href.baseVal
			const target = reference.startsWith('#') ? document.getElementById(reference.slice(1)) : null
			return {
				reference,
				inSprite: target?.tagName === 'symbol' && target.parentElement === document.body.firstElementChild,
				// An icon in a hidden part of the page (the phone menu's button on a desktop) has nothing to draw.
				drawn: !use.parentElement?.checkVisibility() || (use as SVGUseElement).getBBox().width > 0,
			}
		}),
	)
}

async function expectDrawnFromSprite(page: Page) {
	const icons = await iconsOf(page)
	expect(icons.length, `${page.url()} draws no icon?`).toBeGreaterThan(3)
	expect(
		icons.filter((icon) => !icon.inSprite || !icon.drawn),
		`${page.url()}: icons not drawn from the sprite`,
	).toEqual([])
	expect(await page.locator('body > svg:has(> symbol)').count()).toBe(1)
	// Drawn at the size its class gives it, not collapsed; the sprite itself takes no room.
	const box = await page.locator('svg:has(> use)').first().boundingBox()
	expect(box?.width).toBeGreaterThan(0)
	await expect(page.locator('body > svg:has(> symbol)')).toBeHidden()
}

function watchPage(page: Page) {
	const problems: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') problems.push(message.text())
	})
	page.on('pageerror', (error) => problems.push(error.message))
	page.on('request', (request) => {
		if (/\/icons[-.][^/]*\.svg$/.test(new URL(request.url()).pathname)) {
			problems.push(`fetched ${request.url()}`)
		}
	})
	return problems
}

test('site and portal pages draw every icon from the sprite, which stays through hydration and navigation', async ({
	page,
}) => {
	const problems = watchPage(page)
	for (const path of ['/', '/tarifas', '/solicitar-demostracion-kia']) {
		await openApp(page, siteURL(path))
		await expectDrawnFromSprite(page)
	}
	// A client-side navigation renders new icons into the same document.
	await openApp(page, siteURL('/'))
	await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click()
	await expect(page).toHaveURL(siteURL('/blog'))
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expectDrawnFromSprite(page)

	const account = await createAccount('iconos', 'Lidia Roca')
	await startSession(page, account.email)
	await openApp(page, portalURL('/dashboard'))
	await expectDrawnFromSprite(page)
	expect(problems).toEqual([])
})
