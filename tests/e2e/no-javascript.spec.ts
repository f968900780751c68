import type { Browser } from '@playwright/test'
import { expect, test } from '../support/e2e-test'
import { slotRadio } from '../support/slot-picker'
import { uniqueEmail, uniqueSlot } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount } from '../support/data'
import { startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'

/** What a visitor needs works with JavaScript off: menus, sign-out, Google, sharing, the booking draft. */
const phone = { width: 390, height: 844 }

async function withoutJavaScript(browser: Browser, viewport = phone) {
	return browser.newContext({ javaScriptEnabled: false, viewport })
}

test('the site phone menu opens the whole navigation, customer access included', async ({ browser }) => {
	const context = await withoutJavaScript(browser)
	const page = await context.newPage()
	await page.goto(siteURL('/'))
	const header = page.getByRole('banner')
	const menu = header.getByRole('navigation', { name: 'Menú móvil' })
	await expect(menu).toBeHidden()
	await header.getByLabel('Abrir menú').click()
	await expect(menu).toBeVisible()
	for (const name of ['Inicio', 'Cómo funciona', 'Blog', 'Contacto', 'Business', 'Enterprise'])
		await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
	await header.getByRole('link', { name: 'Acceso Clientes' }).click()
	await expect(page).toHaveURL(portalURL('/auth'))
	await context.close()
})

test('the portal phone menu and avatar menu work, and signing out from it ends the session', async ({ browser }) => {
	const account = await createAccount('sin-js-menu', 'Lucía Ortega')
	const context = await withoutJavaScript(browser)
	const page = await context.newPage()
	await startSession(page, account.email)
	await page.goto(portalURL('/dashboard'))
	const header = page.getByRole('banner')
	await header.getByLabel('Abrir menú del panel').click()
	await header.getByRole('navigation', { name: 'Panel' }).getByRole('link', { name: 'Reuniones' }).click()
	await expect(page).toHaveURL(portalURL('/dashboard/reuniones'))

	await page.getByLabel('Menú de Lucía Ortega').click()
	await page.getByRole('link', { name: 'Mi Cuenta' }).click()
	await expect(page).toHaveURL(portalURL('/dashboard/cuenta'))
	await page.getByLabel('Menú de Lucía Ortega').click()
	await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click()
	await expect(page).toHaveURL(siteURL('/'))
	await page.goto(portalURL('/dashboard'))
	await expect(page).toHaveURL(/\/auth/)
	await context.close()
})

test("the admin's avatar menu leads back to the dashboard and signs out", async ({ browser }) => {
	const admin = await createAccount('sin-js-admin', 'Admin Sin Script')
	const { error } = await serviceClient().from('usuarios').update({ role: 'admin' }).eq('id', admin.id)
	expect(error).toBeNull()
	const context = await withoutJavaScript(browser, { width: 1280, height: 800 })
	const page = await context.newPage()
	await startSession(page, admin.email)
	await page.goto(portalURL('/admin'))
	await page.getByLabel('Menú de Admin Sin Script').click()
	await page.getByRole('banner').getByRole('link', { name: 'Volver al Dashboard' }).click()
	await expect(page).toHaveURL(portalURL('/dashboard'))
	await page.goto(portalURL('/admin'))
	await page.getByLabel('Menú de Admin Sin Script').click()
	await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click()
	await expect(page).toHaveURL(siteURL('/'))
	await context.close()
})

test("'Continuar con Google' reaches the auth server's sign-in and comes back signed in", async ({ browser }) => {
	const context = await withoutJavaScript(browser, { width: 1280, height: 800 })
	const page = await context.newPage()
	const blocked: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy/.test(message.text())) blocked.push(message.text())
	})
	await page.goto(portalURL('/auth'))
	await page.getByRole('button', { name: 'Continuar con Google' }).click()
	await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible()
	await page.getByLabel('Correo de Google').fill(uniqueEmail('google-sin-js'))
	await page.getByLabel('Nombre').fill('Sara Molina')
	await page.getByRole('button', { name: 'Continuar' }).click()
	await expect(page).toHaveURL(portalURL('/dashboard'))
	await expect(page.getByRole('heading', { name: 'Te damos la bienvenida, Sara Molina' })).toBeVisible()
	expect(blocked).toEqual([])
	await context.close()
})

test("a post's 'Compartir' offers its link and an e-mail", async ({ browser }) => {
	const context = await withoutJavaScript(browser)
	const page = await context.newPage()
	const path = '/blog/verifactu-que-cambia-y-como-prepararte'
	await page.goto(siteURL(path))
	await page.getByLabel('Compartir').click()
	await expect(page.getByLabel('Enlace de la entrada')).toHaveValue(siteURL(path))
	const mail = new URL((await page.getByRole('link', { name: 'Enviar por correo' }).getAttribute('href')) ?? '')
	expect(mail.protocol).toBe('mailto:')
	expect(mail.searchParams.get('body')).toBe(siteURL(path))
	expect(mail.searchParams.get('subject')).toMatch(/VERIFACTU/)
	await context.close()
})

test("a signed-out booking hands off to sign-up with 'Crea una cuenta para continuar'", async ({ browser }) => {
	const context = await withoutJavaScript(browser, { width: 1280, height: 800 })
	const page = await context.newPage()
	const { fecha, hora } = uniqueSlot()
	await page.goto(siteURL('/solicitar-demostracion-kia'))
	const form = page.getByRole('main')
	await form.getByLabel('Nombre').fill('Tomás Rey')
	await form.getByLabel('Email').fill(uniqueEmail('sin-js-traspaso'))
	await slotRadio(page, { fecha, hora }).check()
	await page.getByRole('button', { name: 'Reservar demostración' }).click()
	await expect(page).toHaveURL(/\/auth\?tab=signup/)
	// Playwright's text matching skips <noscript>, where both notices are: read them by role.
	await expect(page.getByRole('status')).toContainText([
		'Crea una cuenta para continuarUna vez registrado, podrás confirmar tu demostración.',
		'Necesitas una cuenta',
	])
	await expect(page.locator('#signup').getByLabel('Nombre completo')).toHaveValue('Tomás Rey')
	await context.close()
})
