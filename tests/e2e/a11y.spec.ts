import AxeBuilder from '@axe-core/playwright'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { createAccount, createMeeting, signIn } from '../support/e2e-data'
import { portalURL, siteURL } from '../support/urls'

/**
 * DESIGN §6: axe finds nothing on any route of either host, in either theme,
 * including the states a page can be put in (banner, dialogs, menus, toasts).
 * One test per (host, role, theme) walks its routes, so the suite stays fast.
 */

const themes = ['dark', 'light'] as const
type Theme = (typeof themes)[number]

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 720 }

const sitePages = [
	'/',
	'/contacto',
	'/blog',
	'/blog/verifactu-que-cambia-y-como-prepararte',
	'/blog/no-existe',
	'/tarifas',
	'/tarifas/starter',
	'/tarifas/business',
	'/tarifas/enterprise',
	'/como-funciona',
	'/proyectos',
	'/sobre-kia',
	'/politica-privacidad',
	'/politica-cookies',
	'/terminos-contratacion',
	'/webapp-incluida',
	'/logotipo',
	'/invertir',
	'/sostenibilidad',
	'/solicitar-demostracion-kia',
	'/no-existe',
	'/__test/error',
]

const toastTypes = ['success', 'info', 'warning', 'error', 'loading'] as const

/** The theme is a cookie per host (app/.server/theme.ts), so the server paints the chosen one. */
async function chooseTheme(context: BrowserContext, theme: Theme) {
	await context.addCookies([
		{ name: 'kia-theme', value: theme, url: siteURL('/') },
		{ name: 'kia-portal-theme', value: theme, url: portalURL('/') },
	])
}

async function acceptCookies(context: BrowserContext) {
	await context.addCookies([{ name: 'cookie_consent', value: encodeURIComponent('{"necessary":true,"analytics":false,"marketing":false}'), url: siteURL('/') }])
}

/** Collects every violation on the way, so one run lists them all rather than the first. */
function audit(page: Page) {
	const found: string[] = []
	async function check(label: string, within?: string) {
		const builder = new AxeBuilder({ page })
		if (within) builder.include(within)
		const results = await builder.analyze()
		for (const violation of results.violations) {
			found.push(`${label}: ${violation.id} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
		}
	}
	/** Hydrated, so what is checked is what a visitor gets, dialogs and menus included. */
	async function open(url: string) {
		await page.goto(url, { waitUntil: 'networkidle' })
	}
	async function visit(url: string) {
		await open(url)
		await check(url.replace(/^http:\/\/[^/]+/, `${new URL(url).hostname.split('.')[0]}:`))
	}
	return { found, check, open, visit }
}

type Check = (label: string, within?: string) => Promise<void>

/**
 * Sonner slides a toast in and removes it after 4-5 s, sooner than axe gets
 * through a long page; so the toaster alone is checked, once the toast has settled
 * (the page under it has been checked on its own).
 */
async function checkToast(page: Page, check: Check, label: string) {
	await expect(page.locator('[data-sonner-toast][data-mounted="true"]').first()).toBeVisible()
	await page.waitForTimeout(450)
	await check(label, '[data-sonner-toaster]')
}

/** Every toast type the app uses (SPEC §4), through the test route that queues one across a redirect. */
async function checkToasts(page: Page, check: Check, host: 'site' | 'portal') {
	for (const type of toastTypes) {
		const url = host === 'site' ? siteURL(`/__test/toast?type=${type}`) : portalURL(`/__test/toast?type=${type}&to=auth`)
		await page.goto(url, { waitUntil: 'networkidle' })
		await checkToast(page, check, `${host} toast ${type}`)
	}
}

for (const theme of themes) {
	test.describe(`axe (${theme})`, () => {
		test.beforeEach(async ({ context }) => {
			await chooseTheme(context, theme)
		})

		// Split in two so neither runs long on a loaded two-core machine.
		test('site, signed out: every page', async ({ page, context }) => {
			test.setTimeout(240_000)
			const { found, visit } = audit(page)
			await acceptCookies(context)
			for (const path of sitePages) await visit(siteURL(path))
			expect(found).toEqual([])
		})

		test('site, signed out: open states (cookie banner and preferences, dialogs, chat, mobile menu, toasts)', async ({ page, context }) => {
			test.setTimeout(180_000)
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
			await expect(page.getByRole('dialog').getByLabel('Fecha')).toBeVisible()
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

			await checkToasts(page, check, 'site')
			expect(found).toEqual([])
		})

		test('portal, signed out: sign-in, sign-up, recovery and errors', async ({ page }) => {
			test.setTimeout(180_000)
			const { found, check, open, visit } = audit(page)
			for (const path of ['/auth', '/auth?tab=signup', '/auth?error=missing_token', '/', '/no-existe']) await visit(portalURL(path))

			// The callback page moves on as soon as it is hydrated; without the app's scripts it stays to be read.
			await page.route('**/assets/*.js', (route) => route.abort())
			await visit(portalURL('/auth/callback'))
			await expect(page).toHaveURL(portalURL('/auth/callback'))
			await page.unroute('**/assets/*.js')

			await open(portalURL('/auth'))
			await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await check('recovery dialog')

			await open(portalURL('/auth'))
			await page.locator('#signin').getByLabel('Email').fill('cliente@kia.test')
			await page.locator('#signin').getByLabel('Contraseña').fill('incorrecta')
			await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
			await expect(page.getByRole('alert').filter({ hasText: 'El email o la contraseña' })).toBeVisible()
			await checkToast(page, check, 'sign-in error toast')
			await check('sign-in error')

			await checkToasts(page, check, 'portal')
			expect(found).toEqual([])
		})

		test('signed in as a cliente: dashboard, meetings and its dialogs, site pages that know the user', async ({ page }) => {
			test.setTimeout(180_000)
			const account = await createAccount('a11y-cliente', 'Clara Ferrándiz')
			const meeting = await createMeeting(account.id, account.email)
			await createMeeting(account.id, account.email, { hora: '10:00', status: 'cancelada' })
			await signIn(page, account.email)
			const { found, check, open, visit } = audit(page)

			for (const path of [
				'/dashboard',
				'/dashboard/reuniones',
				'/dashboard/reuniones?tab=pasadas',
				`/dashboard/reuniones?reprogramar=${meeting.id}`,
				`/dashboard/reuniones?cancelar=${meeting.id}`,
				'/dashboard/suscripcion',
				'/dashboard/asistentes',
				'/dashboard/cuenta',
				'/auth/nueva-contrasena',
			]) {
				await visit(portalURL(path))
			}
			for (const path of ['/', '/solicitar-demostracion-kia', '/panel-de-clientes?session_id=cs_noexiste', '/panel-de-clientes?session_id=malo']) {
				await visit(siteURL(path))
			}

			await open(portalURL('/dashboard/reuniones'))
			const row = page.getByRole('row').filter({ hasText: 'Demostración del asistente KIA' })
			for (const [button, dialog] of [
				['Reprogramar', 'Reprogramar reunión'],
				['Cancelar', '¿Estás seguro?'],
			] as const) {
				await row.getByRole('button', { name: button }).click()
				await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
				await check(`dialog ${dialog}`)
				await page.keyboard.press('Escape')
			}
			await page.getByRole('button', { name: 'Nueva Reserva' }).click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await check('dialog Nueva Reserva')
			await page.keyboard.press('Escape')

			await page.getByRole('button', { name: /Menú de Clara/ }).click()
			await expect(page.getByRole('menu')).toBeVisible()
			await check('avatar menu')
			await page.keyboard.press('Escape')

			await page.setViewportSize(phone)
			await visit(portalURL('/dashboard'))
			await page.getByRole('button', { name: 'Abrir menú' }).click()
			await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible()
			await check('portal mobile menu')
			await page.setViewportSize(desktop)

			await open(portalURL('/dashboard/cuenta'))
			await page.getByRole('button', { name: 'Guardar cambios' }).click()
			await checkToast(page, check, 'profile saved toast')
			expect(found).toEqual([])
		})

		test('signed in as the admin: every admin page, the user dialogs and inline forms', async ({ page }) => {
			test.setTimeout(180_000)
			const target = await createAccount('a11y-objetivo', 'Usuario Objetivo')
			await signIn(page, 'admin@kia.test', 'kia-admin-2025')
			const { found, check, visit } = audit(page)

			for (const path of [
				'/admin',
				'/admin/reuniones',
				'/admin/reuniones?q=nadie-coincide',
				'/admin/usuarios',
				`/admin/usuarios?editar=${target.id}`,
				`/admin/usuarios?eliminar=${target.id}`,
				'/admin/servicios',
				'/admin/asistentes',
				'/admin/facturacion',
				'/admin/soporte',
				'/admin/ajustes',
			]) {
				await visit(portalURL(path))
			}

			await visit(portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`))
			const row = page.getByRole('row').filter({ hasText: target.email })
			for (const [button, dialog] of [
				['Editar', 'Editar usuario'],
				['Eliminar', '¿Estás absolutamente seguro?'],
			] as const) {
				await row.getByRole('button', { name: button }).click()
				await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
				await check(`dialog ${dialog}`)
				await page.keyboard.press('Escape')
			}

			await page.getByRole('button', { name: /Menú de/ }).click()
			await expect(page.getByRole('menu')).toBeVisible()
			await check('admin avatar menu')
			await page.keyboard.press('Escape')

			await page.setViewportSize(phone)
			await visit(portalURL('/admin/usuarios'))
			await page.setViewportSize(desktop)
			expect(found).toEqual([])
		})
	})
}
