import type { Browser, Page } from '@playwright/test'
import { capabilities } from '../../app/content/capabilities'
import { capabilityIds } from '../../app/lib/capability-ids'
import { expect, openApp, test } from '../support/e2e-test'
import { expectNoSidewaysScroll } from '../support/layout'
import { rawRequest, siteURL } from '../support/urls'
import { acceptCookies } from '../support/browser'

/**
 * Issue 22: each home capability card opens a real page about it, with and without JavaScript, and the
 * home's VERIFACTU block leads to real VERIFACTU content (a section of the invoices page).
 */

const titleOf = (id: string) => capabilities.find((capability) => capability.id === id)?.title ?? id

async function withoutJavaScript(browser: Browser) {
	const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } })
	const page = await context.newPage()
	await acceptCookies(page)
	return { context, page }
}

const capabilityGrid = (page: Page) => page.locator('#funciones')

/** The page of one capability as a reader checks it: its heading, its example, the call to a demo. */
async function expectCapabilityPage(page: Page, id: string) {
	await expect(page).toHaveURL(siteURL(`/funcionalidades/${id}`))
	await expect(page.getByRole('heading', { level: 1, name: titleOf(id) })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Un ejemplo' })).toBeVisible()
	await expect(page.getByRole('figure')).toContainText('Tu asistente')
	await expect(page.getByRole('link', { name: /Solicitar demostración gratuita/ })).toHaveAttribute(
		'href',
		'/solicitar-demostracion-kia',
	)
}

async function expectVerifactuSection(page: Page) {
	await expect(page).toHaveURL(siteURL('/funcionalidades/facturas#verifactu'))
	const section = page.locator('#verifactu')
	await expect(section.getByRole('heading', { name: 'Facturación electrónica VERIFACTU' })).toBeInViewport()
	await expect(section).toContainText('Real Decreto 1007/2023')
	await expect(section).toContainText('Orden HAC/1177/2024')
	await expect(section).toContainText('código QR')
	await expect(section).toContainText('calendario vigente')
	await expect(section).toContainText('Solo en el plan Enterprise')
}

test.describe('capability pages', () => {
	test('an unknown capability is the site’s 404 page', async ({ page }) => {
		const response = await rawRequest(siteURL('/funcionalidades/no-existe'))
		expect(response.status).toBe(404)
		expect(response.body).toContain('Página no encontrada')
		expect(response.headers['cache-control']).toBe('private, no-store')
		await page.goto(siteURL('/funcionalidades/no-existe'))
		await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
	})

	test('a home card opens its page; the whole card is the link', async ({ page }) => {
		await acceptCookies(page)
		await openApp(page, siteURL('/'))
		const cards = capabilityGrid(page).getByRole('listitem')
		await expect(cards).toHaveCount(8)
		await capabilityGrid(page).getByRole('link', { name: 'Facturas al día' }).click()
		await expectCapabilityPage(page, 'facturas')

		// Anywhere on a card leads there, not only its title: a click on its description.
		await page.goBack()
		const description = capabilityGrid(page).getByText(/Propone huecos libres/)
		await description.scrollIntoViewIfNeeded()
		const box = await description.boundingBox()
		expect(box).not.toBeNull()
		await page.mouse.click((box?.x ?? 0) + 20, (box?.y ?? 0) + 10)
		await expectCapabilityPage(page, 'agenda-citas')
	})

	test('a card shows where the keyboard is', async ({ page }) => {
		await acceptCookies(page)
		await openApp(page, siteURL('/'))
		const link = capabilityGrid(page).getByRole('link', { name: 'Recordatorios fiscales' })
		const card = capabilityGrid(page)
			.getByRole('listitem')
			.filter({ has: page.getByRole('link', { name: 'Recordatorios fiscales' }) })
		await expect(card).toHaveCSS('outline-style', 'none')
		await link.focus()
		await expect(card).toHaveCSS('outline-style', 'solid')
		await page.keyboard.press('Enter')
		await expectCapabilityPage(page, 'recordatorios-fiscales')
	})

	test('a page links to the others, to its plans and to a demo', async ({ page }) => {
		await acceptCookies(page)
		await openApp(page, siteURL('/funcionalidades/informes-metricas'))
		const plans = page.locator('#planes')
		await expect(plans.getByRole('listitem').filter({ hasText: 'Enterprise' })).toContainText('Incluida')
		await expect(plans.getByRole('listitem').filter({ hasText: 'Starter' })).toContainText('No incluida')
		const others = page.locator('#otras-funciones')
		await expect(others.getByRole('link')).toHaveCount(8)
		await expect(others.getByRole('link', { name: 'Informes y métricas' })).toHaveCount(0)
		await others.getByRole('link', { name: 'Cobros con Stripe' }).click()
		await expectCapabilityPage(page, 'cobros-stripe')
		await page.getByRole('link', { name: 'Todas las funciones' }).first().click()
		await expect(page).toHaveURL(siteURL('/funcionalidades'))
		for (const id of capabilityIds)
			await expect(page.getByRole('main').getByRole('link', { name: titleOf(id), exact: true })).toHaveAttribute(
				'href',
				`/funcionalidades/${id}`,
			)
		await page.getByRole('link', { name: 'Solicitar demostración gratuita' }).click()
		await expect(page).toHaveURL(siteURL('/solicitar-demostracion-kia'))
	})

	test('VERIFACTU: the home button leads to its section, which links the article', async ({ page }) => {
		await acceptCookies(page)
		await openApp(page, siteURL('/'))
		await page.getByRole('link', { name: 'Saber más sobre VERIFACTU' }).click()
		await expectVerifactuSection(page)
		await page
			.locator('#verifactu')
			.getByRole('link', { name: /VERIFACTU: qué cambia en la facturación/ })
			.click()
		await expect(page).toHaveURL(siteURL('/blog/verifactu-que-cambia-y-como-prepararte'))
		await expect(page.getByRole('heading', { level: 1 })).toContainText('VERIFACTU')
	})

	test('without JavaScript: a home card, the VERIFACTU button and the index are plain links', async ({ browser }) => {
		const { context, page } = await withoutJavaScript(browser)
		await page.goto(siteURL('/'))
		await capabilityGrid(page).getByRole('link', { name: 'Cobros con Stripe' }).click()
		await expectCapabilityPage(page, 'cobros-stripe')

		await page.goto(siteURL('/'))
		await page.getByRole('link', { name: 'Saber más sobre VERIFACTU' }).click()
		await expectVerifactuSection(page)

		await page.goto(siteURL('/funcionalidades'))
		await page.getByRole('link', { name: 'Atención por WhatsApp Business' }).click()
		await expectCapabilityPage(page, 'atencion-whatsapp')
		await context.close()
	})

	test('at a phone width the page and its example fit the screen @phone', async ({ page }) => {
		await acceptCookies(page)
		await page.setViewportSize({ width: 390, height: 844 })
		for (const path of ['/', '/funcionalidades/respuestas-correo', '/funcionalidades/facturas']) {
			await openApp(page, siteURL(path))
			await expectNoSidewaysScroll(page)
		}
		// One card per row on a phone, each as wide as the grid.
		await openApp(page, siteURL('/'))
		const grid = await capabilityGrid(page).getByRole('list').boundingBox()
		const firstCard = await capabilityGrid(page).getByRole('listitem').first().boundingBox()
		expect(firstCard?.width).toBeCloseTo(grid?.width ?? 0, 0)
	})
})
