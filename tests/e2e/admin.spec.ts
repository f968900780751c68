import { createAccount, postAs, serviceClient, signIn, waitForMail } from '../support/e2e-data'
import { expect, test } from '../support/e2e-test'
import { uniqueName, uniqueSlot, uniqueSlots } from '../support/unique'
import { portalURL, rawRequest } from '../support/urls'

async function createAdmin(label: string) {
	const account = await createAccount(label, `Admin ${label}`)
	const { error } = await serviceClient().from('usuarios').update({ role: 'admin' }).eq('id', account.id)
	if (error) throw error
	return account
}

test.describe('admin panel', () => {
	test('guarded: signed out → sign-in, cliente → dashboard, admin → the panel', async ({ page }) => {
		const signedOut = await rawRequest(portalURL('/admin/usuarios'))
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.location).toBe('/auth?redirectTo=%2Fadmin%2Fusuarios')

		const cliente = await createAccount('no-admin')
		await signIn(page, cliente.email)
		await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0)
		await page.goto(portalURL('/admin'))
		await expect(page).toHaveURL(portalURL('/dashboard'))

		await page.context().clearCookies()
		const admin = await createAdmin('panel')
		await signIn(page, admin.email)
		await page.getByRole('link', { name: 'Admin Panel' }).click()
		await expect(page.getByRole('banner').getByText('Panel de Administración')).toBeVisible()
		for (const section of ['Servicios', 'Asistentes', 'Facturación', 'Soporte', 'Ajustes']) {
			await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: section }).click()
			await expect(page.getByRole('heading', { name: 'Módulo en Construcción' })).toBeVisible()
		}
	})

	test('bookings: search through ?q= (typed or without JavaScript), pagination, empty text', async ({
		page,
		browser,
	}) => {
		const marker = uniqueName('busqueda')
		// Slots come in order, so the first (the one without a reason) is the oldest: alone on page 2.
		const rows = uniqueSlots(21).map((slot, i) => ({
			...slot,
			nombre: `Persona ${i}`,
			email: `${marker}-${i}@kia.test`,
			motivo: i === 0 ? null : 'Demo',
		}))
		const inserted = await serviceClient().from('reservas').insert(rows)
		expect(inserted.error).toBeNull()
		const admin = await createAdmin('busca')
		await signIn(page, admin.email)
		await page.goto(portalURL('/admin/reuniones'), { waitUntil: 'networkidle' })
		await page.getByRole('searchbox').fill(marker)
		await expect(page).toHaveURL(new RegExp(`q=${marker}`))
		await expect(page.getByRole('row')).toHaveCount(21)
		await expect(page.getByText('Página 1 de 2 · 21 en total')).toBeVisible()
		await page.getByRole('link', { name: 'Siguiente' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('cell', { name: 'Consulta general' })).toBeVisible()
		await page
			.getByRole('row')
			.filter({ hasText: 'Consulta general' })
			.getByRole('button', { name: 'Cancelar' })
			.click()
		await expect(page.getByText('Funcionalidad no implementada')).toBeVisible()

		const context = await browser.newContext({ javaScriptEnabled: false })
		const noScript = await context.newPage()
		await signIn(noScript, admin.email)
		await noScript.goto(portalURL('/admin/reuniones'))
		await noScript.getByRole('searchbox').fill('nadie-coincide-con-esto')
		await noScript.getByRole('button', { name: 'Buscar' }).click()
		await expect(noScript.getByText('No se encontraron reuniones.')).toBeVisible()
		await context.close()
	})

	test('users: search by name or e-mail', async ({ page }) => {
		const admin = await createAdmin('usuarios')
		// A surname of its own: the search must find this user on its first page however many others there are.
		const surname = uniqueName('Llinares')
		const target = await createAccount('buscada', `Zoe ${surname}`)
		await signIn(page, admin.email)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(surname)}`))
		await expect(page.getByRole('cell', { name: target.email })).toBeVisible()
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent('(,."')}`))
		await expect(page.getByText('No se encontraron usuarios.')).toBeVisible()
	})
})

test.describe('admin user management', () => {
	test('edit a user’s name, phone and role; the e-mail stays', async ({ page }) => {
		const admin = await createAdmin('editor')
		const target = await createAccount('editada', 'Nombre Antiguo')
		await signIn(page, admin.email)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`), { waitUntil: 'networkidle' })
		await page.getByRole('row').filter({ hasText: target.email }).getByRole('button', { name: 'Editar' }).click()
		const dialog = page.getByRole('dialog', { name: 'Editar usuario' })
		await expect(dialog.getByLabel('Email (no se puede cambiar)')).toHaveValue(target.email)
		await dialog.getByLabel('Nombre completo').fill('Nombre Nuevo')
		await dialog.getByLabel('Teléfono').fill('+34600111222')
		await dialog.getByLabel('Rol').selectOption('admin')
		await dialog.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByText('Usuario actualizado correctamente')).toBeVisible()
		const row = await serviceClient()
			.from('usuarios')
			.select('full_name, phone, role, email')
			.eq('id', target.id)
			.single()
		expect(row.data).toEqual({ full_name: 'Nombre Nuevo', phone: '+34600111222', role: 'admin', email: target.email })
	})

	test('delete a user: confirmation, the account is gone, their upcoming meetings are cancelled and the history stays', async ({
		page,
	}) => {
		const admin = await createAdmin('borrador')
		const target = await createAccount('borrada')
		const kept = await serviceClient()
			.from('reservas')
			.insert({ user_id: target.id, ...uniqueSlot(), nombre: 'Borrada', email: target.email })
		expect(kept.error).toBeNull()
		await signIn(page, admin.email)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`), { waitUntil: 'networkidle' })
		await page.getByRole('row').filter({ hasText: target.email }).getByRole('button', { name: 'Eliminar' }).click()
		const dialog = page.getByRole('dialog', { name: '¿Estás absolutamente seguro?' })
		await expect(dialog).toContainText('Sus reuniones confirmadas a partir de hoy se cancelarán')
		await dialog.getByRole('button', { name: 'Sí, eliminar usuario' }).click()
		await expect(page.getByText('Usuario eliminado correctamente')).toBeVisible()
		expect((await serviceClient().from('usuarios').select('id').eq('id', target.id)).data).toEqual([])
		// The slot is free again and the client was told, as if they had cancelled it themselves.
		expect((await serviceClient().from('reservas').select('user_id, status').eq('email', target.email)).data).toEqual([
			{ user_id: null, status: 'cancelada' },
		])
		await waitForMail(target.email, /Tu reunión con KIA ha sido cancelada/)
		await page.context().clearCookies()
		await page.goto(portalURL('/auth'), { waitUntil: 'networkidle' })
		await page.locator('#signin').getByLabel('Email').fill(target.email)
		await page.locator('#signin').getByLabel('Contraseña').fill(target.password)
		await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
		await expect(
			page.getByRole('alert').filter({ hasText: 'El email o la contraseña no son correctos.' }),
		).toBeVisible()
	})

	test('an admin cannot delete or demote themselves; a cliente’s post is refused; works without JavaScript', async ({
		browser,
	}) => {
		const admin = await createAdmin('propio')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await signIn(page, admin.email)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(admin.email)}`))
		await page.getByRole('link', { name: 'Eliminar' }).click()
		await page.getByRole('button', { name: 'Sí, eliminar usuario' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'No puedes eliminar tu propia cuenta.' })).toBeVisible()
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(admin.email)}`))
		await page.getByRole('link', { name: 'Editar' }).click()
		await page.getByLabel('Rol').selectOption('cliente')
		await page.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'No puedes cambiar tu propio rol.' })).toBeVisible()
		expect((await serviceClient().from('usuarios').select('role').eq('id', admin.id).single()).data).toEqual({
			role: 'admin',
		})
		await context.close()

		const cliente = await createAccount('atacante')
		const victim = await createAccount('victima')
		const clientePage = await browser.newPage()
		await signIn(clientePage, cliente.email)
		const attempt = await postAs(clientePage, portalURL('/admin/usuarios'), { intent: 'delete', id: victim.id })
		expect(attempt.status).toBe(302)
		expect(attempt.headers.location).toBe('/dashboard')
		expect((await serviceClient().from('usuarios').select('id').eq('id', victim.id)).data).toHaveLength(1)
		await clientePage.close()
	})
})
