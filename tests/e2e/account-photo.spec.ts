import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { createAccount } from '../support/data'
import { startSession } from '../support/browser'
import { pngPhoto } from '../support/images'
import { screenshotThemes } from '../support/screenshots'
import { serviceClient } from '../support/supabase'
import { portalURL, siteURL } from '../support/urls'

// Mi Cuenta's photo (issue 68): uploaded, checked, and shown from our own origin within the CSP.

const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notificaciones/ }).getByText(text)

/** What the browser refused under the CSP, as Chromium reports it in the console. */
function watchRefusals(page: Page) {
	const refused: string[] = []
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) refused.push(message.text())
	})
	return refused
}

/** The photo in `scope` is drawn: loaded, from our origin, and decoded as a picture. */
async function expectDrawnPhoto(page: Page, scope: 'main' | 'banner') {
	const photo = page.getByRole(scope).locator('img[src^="/fotos/"]').first()
	await expect(photo).toBeVisible()
	await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64)
}

const photoOf = async (id: string) =>
	(await serviceClient().from('usuarios').select('avatar_url').eq('id', id).single().throwOnError()).data.avatar_url

test('with JavaScript: a wrong file is refused beside the field; a photo shows at once, then from our origin everywhere', async ({
	page,
	browser,
}) => {
	const account = await createAccount('foto-js', 'Lucía Fotógrafa')
	await startSession(page, account.email)
	const refused = watchRefusals(page)
	await openApp(page, portalURL('/dashboard/cuenta'))
	const main = page.getByRole('main')
	const field = main.getByLabel('Foto de perfil')
	await main.getByLabel('Apellidos').fill('Fotógrafa Sanz')

	await field.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') })
	await main.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(main.getByText('La foto debe ser una imagen JPG, PNG o WebP.')).toBeVisible()
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(main.getByLabel('Apellidos')).toHaveValue('Fotógrafa Sanz')

	// Too big is said before anything is sent.
	await field.setInputFiles({
		name: 'grande.png',
		mimeType: 'image/png',
		buffer: pngPhoto(8, { padding: 6 * 1024 * 1024 }),
	})
	await main.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(main.getByText('La foto no puede superar los 5 MB.')).toBeVisible()

	await field.setInputFiles({ name: 'Lucía.png', mimeType: 'image/png', buffer: pngPhoto(64) })
	await expect(main.locator('img[src^="data:image/png"]')).toBeVisible()
	await main.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(toast(page, 'Perfil actualizado correctamente')).toBeVisible()
	await expect(main.getByText('La foto no puede superar los 5 MB.')).toHaveCount(0)
	await expectDrawnPhoto(page, 'main')
	await expectDrawnPhoto(page, 'banner')
	expect(await photoOf(account.id)).toMatch(/^\/fotos\//)
	await expect(main.getByRole('button', { name: 'Quitar foto' })).toBeVisible()

	await page.goto(siteURL('/'))
	await expectDrawnPhoto(page, 'banner')
	expect(refused).toEqual([])

	const cookies = await page.context().cookies()
	await screenshotThemes(browser, {
		name: 'account-photo',
		url: portalURL('/dashboard/cuenta'),
		cookies,
		fullPage: true,
	})
	await screenshotThemes(browser, {
		name: 'account-photo-refused',
		url: portalURL('/dashboard/cuenta'),
		cookies,
		fullPage: true,
		prepare: async (shot) => {
			await shot
				.getByRole('main')
				.getByLabel('Foto de perfil')
				.setInputFiles({ name: 'foto.pdf', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7') })
			await shot.getByRole('main').getByRole('button', { name: 'Guardar cambios' }).click()
			await expect(shot.getByRole('main').getByText('La foto debe ser una imagen JPG, PNG o WebP.')).toBeVisible()
		},
	})
})

test('without JavaScript: the photo is a plain multipart form, refused beside the field or saved, and Quitar foto takes it away', async ({
	browser,
}) => {
	const account = await createAccount('foto-sin-js', 'Bruno Sinjs')
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await startSession(page, account.email)
	await page.goto(portalURL('/dashboard/cuenta'))
	const main = page.getByRole('main')

	await main
		.getByLabel('Foto de perfil')
		.setInputFiles({ name: 'foto.webp', mimeType: 'image/webp', buffer: Buffer.from('GIF89a') })
	await main.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(main.getByText('La foto debe ser una imagen JPG, PNG o WebP.')).toBeVisible()
	expect(await photoOf(account.id)).toBeNull()

	await main
		.getByLabel('Foto de perfil')
		.setInputFiles({ name: 'bruno.png', mimeType: 'image/png', buffer: pngPhoto(64) })
	await main.getByRole('button', { name: 'Guardar cambios' }).click()
	await expect(main.locator('img[src^="/fotos/"]')).toBeVisible()
	await expect
		.poll(() => main.locator('img[src^="/fotos/"]').evaluate((image: HTMLImageElement) => image.naturalWidth))
		.toBe(64)
	expect(await photoOf(account.id)).toMatch(/^\/fotos\//)

	await main.getByRole('button', { name: 'Quitar foto' }).click()
	await expect(main.locator('img[src^="/fotos/"]')).toHaveCount(0)
	await expect(main.getByRole('button', { name: 'Quitar foto' })).toHaveCount(0)
	expect(await photoOf(account.id)).toBeNull()
	await context.close()
})
