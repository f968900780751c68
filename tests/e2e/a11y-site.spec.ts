import { bookingDialogLoad } from '../support/slot-picker'
import { expect, test } from '../support/e2e-test'
import { siteURL } from '../support/urls'
import { acceptCookies } from '../support/browser'
import {
	audit,
	capabilityPages,
	checkToasts,
	followSystemTheme,
	desktop,
	longTestBudget,
	phone,
	salesPages,
	otherSitePages,
} from '../support/axe'

// Axe on the public site, signed out, in both themes: every page, the capability pages and every open state.
test.describe('axe, both themes', () => {
	test.beforeEach(async ({ context }) => {
		await followSystemTheme(context)
	})

	// Split by kind of page so none runs long on a loaded two-core machine.
	const pageLists = [
		['the sales pages', salesPages],
		['blog, company, legal, newsletter and error pages', otherSitePages],
		['the capability pages and their examples', capabilityPages],
	] as const
	for (const [pages, paths] of pageLists) {
		test(`site, signed out: ${pages}`, async ({ page, context }) => {
			test.setTimeout(longTestBudget)
			const { found, visit } = audit(page)
			await acceptCookies(context)
			for (const path of paths) await visit(siteURL(path))
			expect(found).toEqual([])
		})
	}

	test('site, signed out: open states (cookie banner and preferences, dialogs, chat, mobile menu)', async ({
		page,
		context,
	}) => {
		test.setTimeout(longTestBudget)
		const { found, check, open, visit } = audit(page)

		await open(siteURL('/'))
		await expect(page.getByRole('region', { name: /cookies/i })).toBeVisible()
		await check('cookie banner')
		await page.getByRole('button', { name: 'Personalizar' }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await check('cookie preferences dialog')
		await acceptCookies(context)

		await open(siteURL('/tarifas/business'))
		await page.getByRole('button', { name: 'Reservar reunión' }).click()
		await expect(page.getByRole('dialog').getByRole('group', { name: 'Día y hora' })).toBeVisible(bookingDialogLoad)
		await check('booking dialog')

		await open(siteURL('/'))
		await page.getByRole('button', { name: 'Abrir chat con KIA' }).click()
		await expect(page.getByRole('region', { name: 'KIA Asistente Inteligente' })).toBeVisible()
		await check('chat open')

		await page.setViewportSize(phone)
		await visit(siteURL('/'))
		await page.getByRole('button', { name: 'Abrir menú' }).click()
		await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible()
		await check('site mobile menu')
		await page.setViewportSize(desktop)

		expect(found).toEqual([])
	})

	test('site, signed out: every kind of toast', async ({ page, context }) => {
		const { found, check } = audit(page)
		await acceptCookies(context)
		await checkToasts(page, check, 'site')
		expect(found).toEqual([])
	})
})
