import type { Page } from '@playwright/test'
import { germanCompany, spanishCompany, subscribe } from '../support/billing'
import { cookieHeader, startSession } from '../support/browser'
import { createAccount, createAdminAccount } from '../support/data'
import { expect, test } from '../support/e2e-test'
import { screenshotThemes } from '../support/screenshots'
import { portalURL, siteURL } from '../support/urls'

// Issue 68: what a client sees of the IVA on their invoices, and what an admin reads of revenue, at the desktop's
// and a phone's widths, dark and light. The PNGs under test-results/screenshots/iva-* are for looking at.

test('the invoice list shows base, IVA and total; a reverse charge says so', async ({ page, browser }) => {
	for (const [label, buyer, row] of [
		['iva-pantalla-es', spanishCompany, ['199 €', '41,79 €', '240,79 €']],
		['iva-pantalla-de', germanCompany, ['199 €', '0 €', 'Inversión del sujeto pasivo']],
	] as const) {
		const account = await createAccount(label)
		await page.context().clearCookies()
		await startSession(page, account.email)
		await subscribe({ cookie: await cookieHeader(page), userId: account.id }, 'business', 'monthly', buyer)
		await page.goto(portalURL('/dashboard/suscripcion'))
		const invoices = page.getByRole('main').getByRole('region', { name: 'Facturas' })
		for (const column of ['Base imponible', 'IVA', 'Total'])
			await expect(invoices.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
		const line = invoices.getByRole('row').nth(1)
		for (const text of row) await expect(line).toContainText(text)
		await screenshotThemes(browser, {
			name: label,
			url: portalURL('/dashboard/suscripcion'),
			cookies: await page.context().cookies(),
			fullPage: true,
		})
	}
})

test('Facturación: figures without IVA, the portal’s tabs, and the filters on one row at 1440 px', async ({
	page,
	browser,
}) => {
	const admin = await createAdminAccount('iva-facturacion')
	await startSession(page, admin.email)
	await page.setViewportSize({ width: 1440, height: 1000 })
	await page.goto(portalURL('/admin/facturacion'))
	const main = page.getByRole('main')
	await expect(main.getByText('Ingresos recurrentes mensuales (MRR), sin IVA')).toBeVisible()
	await expect(main.getByRole('columnheader', { name: 'MRR sin IVA' })).toBeVisible()
	await expect(main.getByRole('columnheader', { name: 'Importe sin IVA' })).toBeVisible()
	const current = main.getByRole('navigation', { name: 'Vistas de facturación' }).getByRole('link', {
		name: 'Suscripciones',
	})
	await expect(current).toHaveAttribute('aria-current', 'page')
	const search = await main.getByRole('searchbox').boundingBox()
	const button = await main.getByRole('button', { name: 'Buscar' }).boundingBox()
	expect(Math.abs((button?.y ?? 0) + (button?.height ?? 0) - ((search?.y ?? 0) + (search?.height ?? 0)))).toBeLessThan(
		2,
	)
	await screenshotThemes(browser, {
		name: 'iva-admin-facturacion',
		url: portalURL('/admin/facturacion'),
		cookies: await page.context().cookies(),
		fullPage: true,
	})
	await screenshotThemes(browser, {
		name: 'iva-admin-pagos',
		url: portalURL('/admin/facturacion?vista=pagos'),
		cookies: await page.context().cookies(),
		fullPage: true,
	})
})

test('the WebApp page’s picture of the portal shows the same base, IVA and total', async ({ browser }) => {
	const screen = (page: Page) => page.getByRole('main').getByRole('img', { name: /^Pantalla Suscripción/ })
	await screenshotThemes(browser, {
		name: 'iva-webapp-billing',
		url: siteURL('/webapp-incluida'),
		prepare: (page) => expect(screen(page)).toHaveAccessibleName(/240,79 € \(199 € de base y 41,79 € de IVA\)/),
		part: screen,
	})
})
