import { subscribe } from '../support/billing'
import { expect, test } from '../support/e2e-test'
import { uniqueEmail } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createMeeting, createSupportRequest } from '../support/data'
import { cookieHeader, signIn, submitSignIn } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { audit, checkToast, checkToasts, followSystemTheme, desktop, longTestBudget, phone } from '../support/axe'

// Axe on the portal in both themes: signed out, as a cliente (with the site pages that know the user), the subscription page, and as the admin.
test.describe('axe, both themes', () => {
	test.beforeEach(async ({ context }) => {
		await followSystemTheme(context)
	})

	test('the subscription page with a plan, invoices, its cancel question and dialog', async ({ page }) => {
		const account = await createAccount('a11y-suscripcion', 'Irene Soler')
		await signIn(page, account.email)
		const { subscriptionId } = await subscribe({ cookie: await cookieHeader(page), userId: account.id })
		const { found, check, open, visit } = audit(page)
		await visit(portalURL('/dashboard/suscripcion'))
		await visit(portalURL(`/dashboard/suscripcion?cancelar=${subscriptionId}`))
		await open(portalURL('/dashboard/suscripcion'))
		await page.getByRole('button', { name: 'Cancelar suscripción' }).click()
		await expect(page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' })).toBeVisible()
		await check('dialog ¿Cancelar tu suscripción?')
		await page.keyboard.press('Escape')
		await page.setViewportSize(phone)
		await visit(portalURL('/dashboard/suscripcion'))
		expect(found).toEqual([])
	})

	test('portal, signed out: sign-in, sign-up, recovery and errors', async ({ page }) => {
		test.setTimeout(longTestBudget)
		const { found, check, open, visit } = audit(page)
		// '/tarifas': a path of the site's, the portal's 404 as the root's boundary draws it (issue 68).
		for (const path of ['/auth', '/auth?tab=signup', '/auth?error=missing_token', '/', '/no-existe', '/tarifas'])
			await visit(portalURL(path))

		// The callback page moves on as soon as it is hydrated; without the app's scripts it stays to be read
		// (and never hydrates: loaded, not opened as an app page).
		await page.route('**/assets/*.js', (route) => route.abort())
		await page.goto(portalURL('/auth/callback'))
		await check('portal:/auth/callback')
		await expect(page).toHaveURL(portalURL('/auth/callback'))
		await page.unroute('**/assets/*.js')

		await open(portalURL('/auth'))
		await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await check('recovery dialog')

		await open(portalURL('/auth'))
		await submitSignIn(page, uniqueEmail('a11y-clave-mal'), 'incorrecta')
		await expect(page.getByRole('alert').filter({ hasText: 'El email o la contraseña' })).toBeVisible()
		await checkToast(page, check, 'sign-in error toast')
		await check('sign-in error')

		await checkToasts(page, check, 'portal')
		expect(found).toEqual([])
	})

	test('signed in as a cliente: the dashboard, meetings, subscription, assistants, support and account', async ({
		page,
	}) => {
		test.setTimeout(longTestBudget)
		const { account, booking, requestId } = await clientWithHistory('a11y-cliente')
		await signIn(page, account.email)
		const { found, visit } = audit(page)
		for (const path of [
			'/dashboard',
			'/dashboard/reuniones',
			'/dashboard/reuniones?tab=pasadas',
			`/dashboard/reuniones?reprogramar=${booking.id}`,
			`/dashboard/reuniones?cancelar=${booking.id}`,
			'/dashboard/suscripcion',
			'/dashboard/asistentes',
			'/dashboard/soporte',
			`/dashboard/soporte/${requestId}`,
			'/dashboard/cuenta',
			'/auth/nueva-contrasena',
		]) {
			await visit(portalURL(path))
		}
		expect(found).toEqual([])
	})

	test('signed in as a cliente: the site pages that know the user, the meetings dialogs and the menus', async ({
		page,
	}) => {
		test.setTimeout(longTestBudget)
		const { account } = await clientWithHistory('a11y-cliente-dialogos')
		await signIn(page, account.email)
		const { found, check, open, visit } = audit(page)
		for (const path of [
			'/',
			'/solicitar-demostracion-kia',
			'/panel-de-clientes?session_id=cs_noexiste',
			'/panel-de-clientes?session_id=malo',
		]) {
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

	// Split in two so neither runs long on a loaded two-core machine; each with its own client to look at.
	test('signed in as the admin: the overview, meetings, users and services, with the user dialogs', async ({
		page,
	}) => {
		test.setTimeout(longTestBudget)
		const { target } = await adminWorld('a11y-objetivo')
		await signIn(page, 'admin@kia.test', 'kia-admin-2025')
		const { found, check, visit } = audit(page)

		for (const path of [
			'/admin',
			'/admin/reuniones',
			'/admin/reuniones?q=nadie-coincide',
			'/admin/reuniones?nueva=1',
			'/admin/usuarios',
			`/admin/usuarios?editar=${target.id}`,
			`/admin/usuarios?eliminar=${target.id}`,
			'/admin/usuarios?invitar=1',
			'/admin/servicios',
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

	test('signed in as the admin: assistants, billing, support and settings', async ({ page }) => {
		test.setTimeout(longTestBudget)
		const { target, item, assistantId } = await adminWorld('a11y-objetivo-2')
		await signIn(page, 'admin@kia.test', 'kia-admin-2025')
		const { found, visit } = audit(page)

		for (const path of [
			'/admin/asistentes',
			'/admin/asistentes?nuevo=1',
			`/admin/asistentes?editar=${assistantId}`,
			`/admin/asistentes?eliminar=${assistantId}`,
			'/admin/facturacion',
			'/admin/facturacion?vista=pagos',
			'/admin/facturacion?vista=fallidos',
			'/admin/soporte',
			`/admin/soporte?estado=nueva&q=${encodeURIComponent(target.email)}`,
			`/admin/soporte/${item}`,
			'/admin/ajustes',
		]) {
			await visit(portalURL(path))
		}
		expect(found).toEqual([])
	})
})

/** A cliente with a meeting ahead and one cancelled, a support request and an active assistant. */
async function clientWithHistory(label: string) {
	const account = await createAccount(label, 'Clara Ferrándiz')
	const booking = await createMeeting(account.id, account.email)
	await createMeeting(account.id, account.email, { status: 'cancelada' })
	const requestId = await createSupportRequest(account.id)
	await serviceClient()
		.from('asistentes')
		.insert({
			user_id: account.id,
			nombre: 'Asistente fiscal',
			empresa: 'Ferrándiz Asesores',
			canales: ['web', 'whatsapp', 'email'],
			estado: 'activo',
			fecha_activacion: '2026-11-03',
			nota: 'Ya recuerda el modelo 303.',
		})
		.throwOnError()
	return { account, booking, requestId }
}

/** A client with an assistant, and a contact message about them with a note and a reply: what the admin pages list. */
async function adminWorld(label: string) {
	const target = await createAccount(label, 'Usuario Objetivo')
	const item = await serviceClient()
		.from('form_submissions')
		.insert({
			form_type: 'investor_contact',
			data: { fullName: 'Inversora A11y', email: target.email, entity: 'Fondo', message: 'Hola' },
		})
		.select('id')
		.single()
	const thread = await serviceClient()
		.from('form_submission_events')
		.insert([
			{ submission_id: item.data?.id ?? '', kind: 'nota', body: 'Nota interna' },
			{ submission_id: item.data?.id ?? '', kind: 'respuesta', subject: 'Re: hola', body: 'Respuesta' },
		])
	const assistant = await serviceClient()
		.from('asistentes')
		.insert({ user_id: target.id, nombre: 'Asistente A11y', canales: ['web', 'pagos'] })
		.select('id')
		.single()
	expect(item.error ?? thread.error ?? assistant.error).toBeNull()
	return { target, item: item.data?.id ?? '', assistantId: assistant.data?.id ?? '' }
}
