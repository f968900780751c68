import type { Locator, Page } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { uniqueName } from '../support/unique'
import { portalURL } from '../support/urls'
import { createAccount, createAdminAccount } from '../support/data'
import { postAs, signIn, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'

/** A toast's text, in the notifications region (the page may say the same). */
const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notificaciones/ }).getByText(text)

const assistantForm = (page: Page, title: string | RegExp) => page.getByRole('region', { name: title })

/** Ticks exactly these channels in the form's 'Canales' group. */
async function chooseChannels(form: Locator, channels: string[]) {
	const group = form.getByRole('group', { name: 'Canales' })
	for (const box of await group.getByRole('checkbox').all()) {
		const label = (await box.locator('xpath=..').textContent())?.trim() ?? ''
		await box.setChecked(channels.includes(label))
	}
}

/** The client's card on /dashboard/asistentes: the list item whose heading is the assistant's name. */
const card = (page: Page, name: string) =>
	page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) })

test.describe('assistants', () => {
	test('an admin creates, edits and deletes a client’s assistant', async ({ page }) => {
		const name = uniqueName('Asistente fiscal')
		const cliente = await createAccount('asistente-cliente', 'Marta Soler')
		const admin = await createAdminAccount('asistentes-equipo')
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/asistentes'))
		await expect(page.getByRole('heading', { level: 1, name: 'Asistentes' })).toBeVisible()
		await page.getByRole('link', { name: 'Nuevo asistente' }).click()
		const form = assistantForm(page, 'Nuevo asistente')
		await form.getByLabel('Email del cliente').fill(cliente.email.toUpperCase())
		await form.getByLabel('Nombre del asistente').fill(name)
		await form.getByLabel('Empresa (opcional)').fill('Gestoría Soler')
		await chooseChannels(form, ['WebApp', 'WhatsApp Business', 'Calendario'])
		await form.getByLabel('Estado').selectOption({ label: 'Activo' })
		await form.getByLabel('Puesta en marcha').fill('2026-11-03')
		await form.getByLabel('Nota para el cliente (opcional)').fill('Ya recuerda el modelo 303 por WhatsApp.')
		await form.getByRole('button', { name: 'Crear asistente' }).click()
		await expect(toast(page, 'Asistente creado')).toBeVisible()
		await expect(page).toHaveURL(portalURL('/admin/asistentes'))
		const stored = await serviceClient()
			.from('asistentes')
			.select('user_id, empresa, canales, estado, fecha_activacion, nota')
			.eq('nombre', name)
		expect(stored.data).toEqual([
			{
				user_id: cliente.id,
				empresa: 'Gestoría Soler',
				canales: ['web', 'whatsapp', 'calendario'],
				estado: 'activo',
				fecha_activacion: '2026-11-03',
				nota: 'Ya recuerda el modelo 303 por WhatsApp.',
			},
		])

		await page.goto(portalURL(`/admin/asistentes?q=${encodeURIComponent(name)}`))
		const row = page.getByRole('row').filter({ hasText: name })
		await expect(row).toContainText('Gestoría Soler')
		await expect(row).toContainText('Marta Soler')
		await expect(row).toContainText('Activo')
		await expect(row).toContainText('3 de noviembre de 2026')
		await expect(row.getByRole('list', { name: 'Canales' }).getByRole('listitem')).toHaveText([
			'WebApp',
			'WhatsApp Business',
			'Calendario',
		])

		await row.getByRole('link', { name: `Editar: ${name}` }).click()
		const edit = assistantForm(page, `Editar «${name}»`)
		await expect(edit).toContainText('Cliente: Marta Soler')
		await expect(edit.getByLabel('Nombre del asistente')).toHaveValue(name)
		await expect(edit.getByRole('checkbox', { name: 'WhatsApp Business' })).toBeChecked()
		await edit.getByLabel('Estado').selectOption({ label: 'En pausa' })
		await edit.getByLabel('Empresa (opcional)').fill('')
		await edit.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(toast(page, 'Asistente actualizado')).toBeVisible()
		await expect(row).toContainText('En pausa')
		await expect(page).toHaveURL(portalURL(`/admin/asistentes?q=${encodeURIComponent(name).replaceAll('%20', '+')}`))
		const edited = await serviceClient().from('asistentes').select('empresa, estado').eq('nombre', name)
		expect(edited.data).toEqual([{ empresa: null, estado: 'en_pausa' }])

		await row.getByRole('link', { name: `Eliminar: ${name}` }).click()
		const confirm = page.getByRole('region', { name: `¿Eliminar «${name}»?` })
		await confirm.getByRole('button', { name: 'Sí, eliminar asistente' }).click()
		await expect(toast(page, 'Asistente eliminado')).toBeVisible()
		await expect(page.getByText('No se encontraron asistentes.')).toBeVisible()
		expect((await serviceClient().from('asistentes').select('id').eq('nombre', name)).data).toEqual([])
	})

	test('a client sees their assistants as cards and asks for help with one; another client sees none of them', async ({
		page,
		browser,
	}) => {
		const name = uniqueName('Asistente fiscal')
		const cliente = await createAccount('asistente-tarjetas')
		await serviceClient()
			.from('asistentes')
			.insert([
				{
					user_id: cliente.id,
					nombre: name,
					empresa: 'Gestoría Soler',
					canales: ['web', 'whatsapp'],
					estado: 'activo',
					fecha_activacion: '2026-11-03',
					nota: 'Ya recuerda el modelo 303 por WhatsApp.',
				},
				{
					user_id: cliente.id,
					nombre: 'Cobros',
					empresa: null,
					canales: ['pagos'],
					estado: 'en_preparacion',
					fecha_activacion: '2026-12-14',
					nota: null,
				},
			])
			.throwOnError()
		await startSession(page, cliente.email)
		await page.goto(portalURL('/dashboard/asistentes'))
		const fiscal = card(page, name)
		await expect(fiscal).toContainText('Empresa: Gestoría Soler')
		await expect(fiscal).toContainText('Activo')
		await expect(fiscal).toContainText('En marcha desde el 3 de noviembre de 2026')
		await expect(fiscal).toContainText('Ya recuerda el modelo 303 por WhatsApp.')
		await expect(fiscal.getByRole('list', { name: 'Canales' }).getByRole('listitem')).toHaveText([
			'WebApp',
			'WhatsApp Business',
		])
		const cobros = card(page, 'Cobros')
		await expect(cobros).toContainText('En preparación')
		await expect(cobros).toContainText('Puesta en marcha prevista: 14 de diciembre de 2026')
		await expect(page.getByText('Todavía no has creado ningún asistente.')).toHaveCount(0)

		await fiscal.getByRole('link', { name: 'Pedir ayuda con este asistente' }).click()
		await expect(page).toHaveURL(/\/dashboard\/soporte\?asistente=/)
		await expect(page.getByLabel('Asistente').locator('option:checked')).toHaveText(`${name} (Gestoría Soler)`)

		const other = await createAccount('asistente-ajeno')
		const otherPage = await browser.newPage()
		await signIn(otherPage, other.email)
		await otherPage.goto(portalURL('/dashboard/asistentes'))
		await expect(otherPage.getByText('Todavía no has creado ningún asistente.')).toBeVisible()
		await expect(otherPage.getByText(name)).toHaveCount(0)
	})

	test('filters and search live in the URL', async ({ page }) => {
		const empresa = uniqueName('Asesoría Filtros')
		const cliente = await createAccount('asistentes-filtros')
		await serviceClient()
			.from('asistentes')
			.insert([
				{ user_id: cliente.id, nombre: 'Cobros', empresa, canales: ['web', 'pagos'], estado: 'en_pausa' },
				{
					user_id: cliente.id,
					nombre: 'Citas',
					empresa,
					canales: ['calendario'],
					estado: 'activo',
					fecha_activacion: '2026-09-15',
				},
			])
			.throwOnError()
		const admin = await createAdminAccount('asistentes-filtros-admin')
		await startSession(page, admin.email)
		await openApp(page, portalURL(`/admin/asistentes?q=${encodeURIComponent(empresa)}&canal=pagos`))
		await expect(page.getByLabel('Canal', { exact: true })).toHaveValue('pagos')
		await expect(page.getByRole('row').filter({ hasText: empresa })).toHaveCount(1)
		await expect(page.getByRole('row').filter({ hasText: 'Cobros' })).toBeVisible()
		await page.getByLabel('Canal', { exact: true }).selectOption('')
		await page.getByLabel('Estado').selectOption('activo')
		await expect(page).toHaveURL(/estado=activo/)
		await expect(page.getByRole('row').filter({ hasText: empresa })).toHaveCount(1)
		await expect(page.getByRole('row').filter({ hasText: 'Citas' })).toContainText('15 de septiembre de 2026')
		await page.getByRole('link', { name: 'Quitar filtros' }).click()
		await expect(page.getByRole('row').filter({ hasText: empresa })).toHaveCount(2)
	})

	test('without JavaScript: a refused assistant keeps what was typed; the form creates it once right', async ({
		browser,
	}) => {
		const name = uniqueName('Asistente sin JS')
		const cliente = await createAccount('asistente-sin-js')
		const admin = await createAdminAccount('asistentes-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/asistentes'))
		await page.getByRole('link', { name: 'Nuevo asistente' }).click()
		const form = assistantForm(page, 'Nuevo asistente')
		await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
		await form.getByLabel('Email del cliente').fill('nadie-con-esta-cuenta@kia.test')
		await form.getByLabel('Nombre del asistente').fill(name)
		await chooseChannels(form, [])
		await form.getByLabel('Estado').selectOption({ label: 'Activo' })
		await form.getByRole('button', { name: 'Crear asistente' }).click()
		await expect(form.getByText('Elige al menos un canal.')).toBeVisible()
		await expect(form.getByText('Indica la fecha de puesta en marcha de un asistente activo.')).toBeVisible()
		await expect(form.getByLabel('Nombre del asistente')).toHaveValue(name)

		await chooseChannels(form, ['Correo'])
		await form.getByLabel('Puesta en marcha').fill('2026-10-20')
		await form.getByRole('button', { name: 'Crear asistente' }).click()
		await expect(form.getByText('No hay ninguna cuenta con ese email.')).toBeVisible()
		await expect(form.getByLabel('Nombre del asistente')).toHaveValue(name)
		await expect(form.getByRole('checkbox', { name: 'Correo' })).toBeChecked()

		await form.getByLabel('Email del cliente').fill(cliente.email)
		await form.getByRole('button', { name: 'Crear asistente' }).click()
		await expect(page.getByRole('row').filter({ hasText: name })).toContainText('20 de octubre de 2026')
		const stored = await serviceClient().from('asistentes').select('user_id, canales, estado').eq('nombre', name)
		expect(stored.data).toEqual([{ user_id: cliente.id, canales: ['email'], estado: 'activo' }])
		await context.close()
	})

	test('a cliente can neither open /admin/asistentes nor write through its action', async ({ page }) => {
		const cliente = await createAccount('asistentes-intruso')
		const { data: own } = await serviceClient()
			.from('asistentes')
			.insert({ user_id: cliente.id, nombre: 'Propio' })
			.select('id')
			.single()
			.throwOnError()
		await startSession(page, cliente.email)
		await page.goto(portalURL('/admin/asistentes'))
		await expect(page).toHaveURL(portalURL('/dashboard'))
		const forms: Record<string, string>[] = [
			{ intent: 'create', email: cliente.email, nombre: 'Intruso', canales: 'web', estado: 'activo' },
			{ intent: 'update', id: own.id, nombre: 'Intruso', canales: 'web', estado: 'en_pausa' },
			{ intent: 'delete', id: own.id },
		]
		for (const form of forms) {
			const attempt = await postAs(page, portalURL('/admin/asistentes'), form)
			expect(attempt.status).toBe(302)
			expect(attempt.headers.location).toBe('/dashboard')
		}
		const after = await serviceClient().from('asistentes').select('nombre, estado').eq('user_id', cliente.id)
		expect(after.data).toEqual([{ nombre: 'Propio', estado: 'en_preparacion' }])
	})
})
