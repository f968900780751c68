import { billedClient } from '../support/billing'
import { expect, openApp, test } from '../support/e2e-test'
import { portalURL, rawRequest, stripeURL } from '../support/urls'
import { createAdminAccount } from '../support/data'
import { cookieHeader, startSession } from '../support/browser'

/** The local Stripe stand-in, which answers the Dashboard's paths too (stripeDashboardUrl). */

test.describe('Facturación', () => {
	test('figures, the three lists with their filters in the URL, and a link to each object in Stripe', async ({
		page,
	}) => {
		const cliente = await billedClient('facturacion-lista')
		const admin = await createAdminAccount('facturacion')
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin'))
		await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Facturación' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible()
		const figures = page.getByRole('region', { name: 'Cifras' })
		for (const label of [
			'Ingresos recurrentes mensuales (MRR)',
			'Ingresos recurrentes anuales (ARR)',
			'Pagos fallidos',
		])
			await expect(figures.getByText(label)).toBeVisible()
		await expect(figures.getByText('No disponible')).toHaveCount(0)
		await expect(figures.getByRole('row', { name: /^Enterprise/ })).toBeVisible()

		await openApp(page, portalURL(`/admin/facturacion?q=${encodeURIComponent(cliente.email)}`))
		const business = page.getByRole('row').filter({ hasText: 'Business · Mensual' })
		await expect(business).toContainText(cliente.fullName)
		await expect(business).toContainText('Activa')
		await expect(business).toContainText('199 €/mes')
		await expect(business).toContainText('20 de diciembre de 2026')
		await expect(business.getByRole('link', { name: /^Ver en Stripe/ })).toHaveAttribute(
			'href',
			`${stripeURL()}/test/subscriptions/sub_${cliente.tag}_b`,
		)
		await expect(page.getByRole('row').filter({ hasText: 'Starter · Mensual' })).toContainText('Pago pendiente')

		await page.getByLabel('Plan').selectOption('starter')
		await expect(page).toHaveURL(/plan=starter/)
		await expect(business).toHaveCount(0)
		await page.getByLabel('Plan').selectOption('')
		await page.getByLabel('Estado').selectOption('active')
		await expect(page).toHaveURL(/estado=active/)
		await expect(page.getByRole('row').filter({ hasText: 'Starter · Mensual' })).toHaveCount(0)
		await expect(business).toBeVisible()

		const views = page.getByRole('navigation', { name: 'Vistas de facturación' })
		await views.getByRole('link', { name: 'Pagos únicos' }).click()
		await expect(views.getByRole('link', { name: 'Pagos únicos' })).toHaveAttribute('aria-current', 'page')
		const paid = page.getByRole('row').filter({ hasText: 'Enterprise · Anual' })
		await expect(paid.getByRole('cell', { name: '4.800 €', exact: true })).toBeVisible()
		await expect(paid.getByRole('cell', { name: '5.808 €', exact: true })).toBeVisible()
		await expect(paid).toContainText('Pagado')
		await expect(paid.getByRole('link', { name: /^Ver en Stripe/ })).toHaveAttribute(
			'href',
			`${stripeURL()}/test/payments/pi_${cliente.tag}`,
		)

		await views.getByRole('link', { name: 'Pagos fallidos' }).click()
		const failed = page.getByRole('row').filter({ hasText: 'Factura KIA-0042' })
		await expect(failed).toContainText('Starter · Mensual')
		await expect(failed).toContainText('99 €')
		await expect(failed).toContainText('Pendiente de pago')
		await expect(failed.getByRole('link', { name: /^Ver en Stripe/ })).toHaveAttribute(
			'href',
			`${stripeURL()}/test/invoices/in_${cliente.tag}`,
		)
	})

	test('without JavaScript: the filters are a plain form that keeps the view', async ({ browser }) => {
		const cliente = await billedClient('facturacion-sin-js')
		const admin = await createAdminAccount('facturacion-sin-js-admin')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(portalURL(`/admin/facturacion?vista=pagos&q=${encodeURIComponent(cliente.email)}`))
		await expect(page.getByRole('row').filter({ hasText: 'Enterprise · Anual' })).toBeVisible()
		await page.getByLabel('Estado').selectOption('unpaid')
		await page.getByRole('button', { name: 'Buscar' }).click()
		await expect(page).toHaveURL(/vista=pagos/)
		await expect(page).toHaveURL(/estado=unpaid/)
		await expect(page.getByText('No se encontraron pagos únicos.')).toBeVisible()
		await context.close()
	})

	test('a cliente and a visitor never see it', async ({ page }) => {
		const signedOut = await rawRequest(portalURL('/admin/facturacion'))
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.location).toBe('/auth?redirectTo=%2Fadmin%2Ffacturacion')
		const cliente = await billedClient('facturacion-intruso')
		await startSession(page, cliente.email)
		await page.goto(portalURL('/admin/facturacion'))
		await expect(page).toHaveURL(portalURL('/dashboard'))
		const data = await rawRequest(portalURL('/admin/facturacion.data'), {
			headers: { Cookie: await cookieHeader(page) },
		})
		expect(data.body).not.toContain(cliente.tag)
	})
})
