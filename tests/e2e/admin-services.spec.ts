import type { Page } from '@playwright/test'
import { localPriceId } from '../../app/.server/billing/local-stripe'
import { expect, openApp, test } from '../support/e2e-test'
import { portalURL, rawRequest, stripeURL } from '../support/urls'
import { createAccount, createAdminAccount } from '../support/data'
import { cookieHeader, startSession } from '../support/browser'

/**
 * /admin/servicios against the suite's Stripe stand-in, configured as e2eStripe() says: every
 * price but Starter monthly, which is left unset on purpose.
 */
const configured = [
	['Starter', 'Anual', '999 €/año', localPriceId('starter', 'annual')],
	['Business', 'Anual', '1.999 €/año', localPriceId('business', 'annual')],
	['Business', 'Mensual', '199 €/mes', localPriceId('business', 'monthly')],
	['Enterprise', 'Anual', '4.999 €/año', localPriceId('enterprise', 'annual')],
	['Enterprise', 'Mensual', '499 €/mes', localPriceId('enterprise', 'monthly')],
] as const

/** The catalogue's row of one plan and period: its first cell names both. */
const rowOf = (page: Page, plan: string, period: string) =>
	page
		.getByRole('row')
		.filter({ has: page.getByRole('cell').first().filter({ hasText: plan }).filter({ hasText: period }) })

test.describe('admin services', () => {
	test('the admin sees every configured price correct in Stripe, and the unset one flagged', async ({ page }) => {
		const admin = await createAdminAccount('servicios')
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin'))
		await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Servicios' }).click()
		await expect(page).toHaveURL(portalURL('/admin/servicios'))
		await expect(page.getByRole('heading', { level: 1, name: 'Servicios' })).toBeVisible()

		await expect(page.getByRole('heading', { name: '1 precio necesita revisión' })).toBeVisible()
		await expect(page.getByText('5 de 6 precios coinciden con Stripe.')).toBeVisible()
		await expect(page.getByText('Stripe local · modo de prueba')).toBeVisible()
		await expect(page.getByText(/^Comprobado el \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible()

		await expect(page.getByRole('table').getByRole('row')).toHaveCount(7)
		for (const [plan, period, price, id] of configured) {
			const row = rowOf(page, plan, period)
			await expect(row, `${plan} ${period}`).toHaveCount(1)
			await expect(row.getByText('Correcto', { exact: true })).toBeVisible()
			await expect(row.getByText(price, { exact: true })).toHaveCount(
				plan === 'Enterprise' && period === 'Anual' ? 1 : 2,
			)
			await expect(row.getByText(id, { exact: true })).toBeVisible()
			await expect(row.getByRole('link', { name: `Ver en Stripe el precio ${id}` })).toHaveAttribute(
				'href',
				`${stripeURL()}/test/prices/${id}`,
			)
		}
		// Annual Enterprise is one payment, in Stripe as on the site.
		await expect(rowOf(page, 'Enterprise', 'Anual').getByText('4.999 €', { exact: true })).toBeVisible()
		await expect(rowOf(page, 'Enterprise', 'Anual').getByText('Pago único · KIA Enterprise')).toBeVisible()

		const unset = rowOf(page, 'Starter', 'Mensual')
		await expect(unset.getByText('Sin configurar', { exact: true })).toBeVisible()
		await expect(unset.getByText('STRIPE_PRICE_STARTER_MONTHLY sin definir')).toBeVisible()
		await expect(unset.getByText(/^Falta la variable STRIPE_PRICE_STARTER_MONTHLY/)).toBeVisible()
		await expect(unset.getByRole('link')).toHaveCount(0)

		// The link leads to the price itself: locally, the stand-in's page at the Dashboard's address.
		const [, , , businessAnnual] = configured[1]
		const dashboard = await fetch(`${stripeURL()}/test/prices/${businessAnnual}`)
		expect(dashboard.status).toBe(200)
		expect(await dashboard.text()).toContain('KIA Business')

		await page.getByRole('link', { name: 'Volver a comprobar' }).click()
		await expect(page.getByRole('heading', { name: '1 precio necesita revisión' })).toBeVisible()
	})

	test('a cliente and a visitor are refused, and get none of the data', async ({ page }) => {
		const signedOut = await rawRequest(portalURL('/admin/servicios'))
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.location).toBe('/auth?redirectTo=%2Fadmin%2Fservicios')

		const cliente = await createAccount('servicios-cliente')
		await startSession(page, cliente.email)
		await page.goto(portalURL('/admin/servicios'))
		await expect(page).toHaveURL(portalURL('/dashboard'))

		// As the browser asks for a page's data on a client-side navigation, and as a document.
		const cookie = await cookieHeader(page)
		for (const path of [
			'/admin/servicios',
			'/admin/servicios.data',
			'/admin/servicios.data?_routes=routes/portal/admin/services',
		]) {
			const response = await rawRequest(portalURL(path), { headers: { Cookie: cookie } })
			expect(response.status, path).not.toBe(200)
			expect(response.body, path).not.toMatch(/price_|STRIPE_PRICE|Correcto/)
		}
		const asVisitor = await rawRequest(portalURL('/admin/servicios.data'))
		expect(asVisitor.body).not.toMatch(/price_|STRIPE_PRICE|Correcto/)
	})

	test('works with JavaScript off', async ({ browser }) => {
		const admin = await createAdminAccount('servicios-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/servicios'))
		await expect(page.getByRole('heading', { name: '1 precio necesita revisión' })).toBeVisible()
		await expect(page.getByText('Correcto', { exact: true })).toHaveCount(5)
		await page.getByRole('link', { name: 'Volver a comprobar' }).click()
		await expect(page).toHaveURL(portalURL('/admin/servicios'))
		await expect(page.getByText('Correcto', { exact: true })).toHaveCount(5)
		await context.close()
	})

	test('at a phone’s width each price is a card, with no sideways scroll @phone', async ({ page }) => {
		const admin = await createAdminAccount('servicios-movil')
		await page.setViewportSize({ width: 390, height: 844 })
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin/servicios'))
		await expect(page.getByText('Correcto', { exact: true })).toHaveCount(5)
		// The column headings are only for screen readers; each value carries its label.
		await expect(page.getByRole('columnheader', { name: 'Estado' })).not.toBeInViewport()
		const widths = await page.evaluate(() => ({
			page: document.documentElement.scrollWidth,
			viewport: window.innerWidth,
		}))
		expect(widths.page).toBeLessThanOrEqual(widths.viewport)
	})
})
