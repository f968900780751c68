import type { Locator, Page } from '@playwright/test'
import { billedClient } from '../support/billing'
import { signIn } from '../support/browser'
import { createAdminAccount } from '../support/data'
import { expect, openApp, test } from '../support/e2e-test'
import { expectNoSidewaysScroll } from '../support/layout'
import { serviceClient } from '../support/supabase'
import { uniqueSlots } from '../support/unique'
import { portalURL } from '../support/urls'

/** Issue 55: the client's area and the back office find their way about alike, on a desktop and on a phone. */
const desktop = { width: 1280, height: 720 }
const phone = { width: 390, height: 844 }

/** Each area on a page longer than a screen: a client's subscription and invoices, the back office's meetings. */
const areas = [
	{
		area: 'the client’s area',
		menu: 'Panel',
		openMenu: 'Abrir menú del panel',
		links: ['Inicio', 'Reuniones', 'Suscripción', 'Mis asistentes', 'Soporte', 'Mi Cuenta'],
		current: 'Suscripción',
		exit: 'Volver a la web',
		async open(page: Page) {
			const cliente = await billedClient('menu-cliente')
			await signIn(page, cliente.email)
			return '/dashboard/suscripcion'
		},
	},
	{
		area: 'the back office',
		menu: 'Administración',
		openMenu: 'Abrir menú de administración',
		links: [
			'Dashboard',
			'Reuniones',
			'Usuarios',
			'Servicios',
			'Asistentes',
			'Facturación',
			'Soporte',
			'Asistente web',
			'Documentos',
			'Trabajos',
			'Ajustes',
		],
		current: 'Reuniones',
		exit: 'Volver al Dashboard',
		async open(page: Page) {
			const admin = await createAdminAccount('menu-admin')
			// Booked from the site, as a visitor does: an account may hold only three pending meetings.
			const rows = uniqueSlots(20).map((slot) => ({ ...slot, nombre: 'Visitante', email: admin.email }))
			await serviceClient().from('reservas').insert(rows).throwOnError()
			await signIn(page, admin.email)
			return '/admin/reuniones'
		},
	},
]

for (const { area, menu, openMenu, links, current, exit, open } of areas) {
	test.describe(area, () => {
		test('a side menu from the page’s top to its foot, in sight while the page scrolls', async ({ page }) => {
			await page.setViewportSize(desktop)
			await openApp(page, portalURL(await open(page)))
			const sidebar = page.getByRole('complementary', { name: menu })
			const nav = sidebar.getByRole('navigation', { name: menu })
			await expect(nav.getByRole('link')).toHaveText([...links, exit])
			await expect(nav.getByRole('link', { name: current, exact: true })).toHaveAttribute('aria-current', 'page')
			// One pattern: no section menu in the header, whose phone menu button is put away.
			await expect(page.getByRole('banner').getByRole('navigation')).toHaveCount(0)
			await expect(page.getByRole('banner').getByRole('button', { name: openMenu })).toBeHidden()

			const { top, height, pageHeight } = await sidebar.evaluate((element) => ({
				top: element.getBoundingClientRect().top + window.scrollY,
				height: element.getBoundingClientRect().height,
				pageHeight: document.documentElement.scrollHeight,
			}))
			expect(pageHeight, 'a page longer than the screen').toBeGreaterThan(desktop.height * 1.5)
			expect(top).toBeCloseTo(0, 0)
			expect(height).toBeCloseTo(pageHeight, 0)

			await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
			await expect(nav.getByRole('link', { name: links[0], exact: true })).toBeInViewport()
			await expect(nav.getByRole('button', { name: 'Cerrar sesión' })).toBeInViewport()
		})

		test('on a phone, the same menu behind the header’s button, every entry in sight @phone', async ({ page }) => {
			await page.setViewportSize(phone)
			await openApp(page, portalURL(await open(page)))
			await expect(page.getByRole('navigation', { name: menu })).toBeHidden()
			await page.getByRole('banner').getByRole('button', { name: openMenu }).click()
			const nav = page.getByRole('dialog', { name: 'Menú' }).getByRole('navigation', { name: menu })
			await expectEveryEntryInSight(nav, links, current)
			await page.keyboard.press('Escape')
			await expectNoSidewaysScroll(page)
		})

		test('on a phone without JavaScript, the menu opens as a disclosure @phone', async ({ browser, page }) => {
			const path = await open(page)
			const context = await browser.newContext({
				javaScriptEnabled: false,
				viewport: phone,
				storageState: await page.context().storageState(),
			})
			const plain = await context.newPage()
			await plain.goto(portalURL(path))
			const nav = plain.getByRole('banner').getByRole('navigation', { name: menu })
			await expect(nav).toBeHidden()
			await plain.getByRole('banner').getByLabel(openMenu).click()
			await expectEveryEntryInSight(nav, links, current)
			await expectNoSidewaysScroll(plain, { scripts: false })
			await nav.getByRole('link', { name: links[1], exact: true }).click()
			await expect(plain.getByRole('heading', { level: 1, name: links[1] })).toBeVisible()
			await context.close()
		})
	})
}

/** Every entry of the opened phone menu in sight and within the screen's width, the current page's marked. */
async function expectEveryEntryInSight(nav: Locator, links: string[], current: string) {
	for (const name of links) {
		const link = nav.getByRole('link', { name, exact: true })
		await expect(link).toBeInViewport({ ratio: 1 })
	}
	await expect(nav.getByRole('link', { name: current, exact: true })).toHaveAttribute('aria-current', 'page')
}
