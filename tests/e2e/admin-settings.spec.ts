import type { Locator, Page } from '@playwright/test'
import { formatBookingTime, formatDateRange } from '../../app/lib/dates'
import { defaultRulesRow } from '../support/booking-rules'
import { slotDay, slotRadio } from '../support/slot-picker'
import { expect, openApp, test } from '../support/e2e-test'
import { uniqueDay, uniqueName, uniqueSlot } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createAdminAccount, createMeeting } from '../support/data'
import { postAs, signIn, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'

// The booking rules are one row every booking of the worker's database reads: these tests change them, one
// at a time (serial), and each puts the spec's rules back before the worker's next test.

const defaults = defaultRulesRow
/** The spec's hours with 13:30 swapped for 16:00, as the first test sets them. */
const hoursAfterTheChange = [...defaults.horas.filter((hora) => hora !== '13:30'), '16:00']

test.describe.configure({ mode: 'serial' })

test.afterEach(async () => {
	await serviceClient().from('reglas_reservas').update(defaults).eq('id', true).throwOnError()
	await serviceClient().from('bloqueos_reservas').delete().like('motivo', 'e2e %').throwOnError()
})

const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notificaciones/ }).getByText(text)

/** The hours a slot picker offers on one day. */
const hoursOn = (scope: Locator, fecha: string) =>
	slotDay(scope, fecha)
		.getByRole('radio')
		.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value.slice(11)))

test('an admin changes the rules, and the site, the portal and the admin follow them at once', async ({
	page,
	browser,
}) => {
	const name = uniqueName('Ajustes')
	const admin = await createAdminAccount('ajustes', name)
	await startSession(page, admin.email)
	await openApp(page, portalURL('/admin/ajustes'))
	await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible()
	await page.getByRole('checkbox', { name: '13:30' }).uncheck()
	await page.getByRole('checkbox', { name: '16:00' }).check()
	await page.getByRole('button', { name: 'Guardar horario' }).click()
	await expect(toast(page, 'Horario guardado. Ya se aplica en todas las reservas.')).toBeVisible()
	const history = page.getByRole('region', { name: 'Historial de cambios' })
	const latest = history.getByRole('listitem').first()
	await expect(latest).toContainText('Cambió el horario')
	await expect(latest).toContainText('Horas: +16:00, −13:30')
	await expect(latest).toContainText(name)
	await expect(page.getByRole('checkbox', { name: '16:00' })).toBeChecked()

	// Whole days of this test's own: the open one must offer every hour the rules give.
	const blocked = uniqueDay()
	const open = uniqueDay()
	const blocks = page.getByRole('region', { name: 'Días bloqueados' })
	await blocks.getByLabel('Desde').fill(blocked)
	await blocks.getByLabel('Hasta (incluido)').fill(blocked)
	await blocks.getByLabel('Motivo').fill('e2e Festivo local')
	await blocks.getByRole('button', { name: 'Bloquear fechas' }).click()
	await expect(toast(page, 'Fechas bloqueadas. Ya no se ofrecen para reservar.')).toBeVisible()
	const range = formatDateRange(blocked, blocked)
	await expect(blocks.getByRole('listitem').filter({ hasText: 'e2e Festivo local' })).toContainText(range)
	await expect(history.getByRole('listitem').first()).toContainText(`Bloqueó ${range} (e2e Festivo local)`)

	// The client's side: the booking page and the portal's reschedule offer what the rules now say.
	const client = await createAccount('ajustes-cliente', 'Cliente Ajustes')
	const clientPage = await browser.newPage()
	await startSession(clientPage, client.email)
	await openApp(clientPage, siteURL('/solicitar-demostracion-kia'))
	const main = clientPage.getByRole('main')
	await expect(main).toContainText('Entre las 10:00 y las 16:00.')
	await expect(slotDay(main, open)).toBeVisible()
	await expect(slotDay(main, blocked)).toHaveCount(0)
	expect(
		await slotDay(main, open)
			.getByRole('radio')
			.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value.slice(11))),
	).toEqual(hoursAfterTheChange)
	await slotRadio(main, { fecha: open, hora: '16:00' }).check()
	await main.getByRole('button', { name: 'Reservar demostración' }).click()
	await expect(main.getByText('¡Cita confirmada!')).toBeVisible()
	const refused = await postAs(clientPage, siteURL('/solicitar-demostracion-kia'), { fecha: blocked, hora: '10:00' })
	expect(refused.status).toBe(400)
	expect(refused.body).toContain('Ese día no hay demostraciones')

	await openApp(clientPage, portalURL('/dashboard/reuniones'))
	await clientPage
		.getByRole('row')
		.filter({ hasText: formatBookingTime(open, '16:00') })
		.getByRole('button', { name: 'Reprogramar' })
		.click()
	const dialog = clientPage.getByRole('dialog', { name: 'Reprogramar reunión' })
	await expect(dialog).toContainText('de lunes a viernes entre las 10:00 y las 16:00')
	// The booking page's free slots: the new hours, not the blocked day, not the slot the meeting holds.
	const stillFree = hoursAfterTheChange.filter((hora) => hora !== '16:00')
	expect(await hoursOn(dialog, open)).toEqual(stillFree)
	await expect(slotDay(dialog, blocked)).toHaveCount(0)
	const { data: booked } = await serviceClient().from('reservas').select('id').eq('user_id', client.id).single()
	const moveToBlocked = await postAs(clientPage, portalURL('/dashboard/reuniones'), {
		intent: 'reschedule',
		id: booked?.id ?? '',
		slot: `${blocked}T10:00`,
	})
	expect(moveToBlocked.status).toBe(400)
	expect(moveToBlocked.body).toContain('elige un día y una hora de los disponibles')
	await clientPage.close()

	// The admin's own booking form follows the same rules.
	await openApp(page, portalURL('/admin/reuniones?nueva=1'))
	const create = page.getByRole('region', { name: 'Nueva reunión' })
	expect(await hoursOn(create, open)).toEqual(stillFree)
	await expect(slotDay(create, blocked)).toHaveCount(0)

	await openApp(page, portalURL('/admin/ajustes'))
	await blocks.getByRole('button', { name: `Desbloquear ${range}` }).click()
	await expect(toast(page, 'Fechas desbloqueadas.')).toBeVisible()
	await expect(blocks.getByText('e2e Festivo local')).toHaveCount(0)
	await expect(history.getByRole('listitem').first()).toContainText(`Desbloqueó ${range} (e2e Festivo local)`)
})

test('the maximum of upcoming demos per client is the rules’ own', async ({ page }) => {
	await serviceClient().from('reglas_reservas').update({ maximo_pendientes: 1 }).eq('id', true).throwOnError()
	const client = await createAccount('ajustes-maximo', 'Cliente Máximo')
	await createMeeting(client.id, client.email)
	await signIn(page, client.email)
	const slot = uniqueSlot()
	const refused = await postAs(page, siteURL('/solicitar-demostracion-kia'), { ...slot, motivo: 'Otra' })
	expect(refused.status).toBe(409)
	expect(refused.body).toContain('Ya tienes una demostración pendiente.')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('an admin saves the rules, is told what is wrong, and blocks and unblocks dates', async ({ page }) => {
		const admin = await createAdminAccount('ajustes-sin-js', uniqueName('Sin Script'))
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/ajustes'))
		const rules = page.locator('form').filter({ has: page.getByRole('button', { name: 'Guardar horario' }) })
		// The browser would stop these values itself: the server must say so too.
		await rules.evaluate((form) => form.setAttribute('novalidate', ''))
		await rules.getByLabel('Demostraciones pendientes por cliente').fill('25')
		await rules.getByLabel('Se puede reservar hasta').fill('60')
		await rules.getByRole('button', { name: 'Guardar horario' }).click()
		await expect(rules.getByText('Indica un máximo entre 1 y 20 demostraciones.')).toBeVisible()
		await expect(rules.getByLabel('Se puede reservar hasta')).toHaveValue('60')

		for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'])
			await rules.getByRole('checkbox', { name: day }).uncheck()
		await rules.evaluate((form) => form.setAttribute('novalidate', ''))
		await rules.getByLabel('Demostraciones pendientes por cliente').fill('5')
		await rules.getByRole('button', { name: 'Guardar horario' }).click()
		await expect(rules.getByText('Elige al menos un día.')).toBeVisible()

		await rules.getByRole('checkbox', { name: 'Lunes' }).check()
		await rules.getByRole('checkbox', { name: 'Sábado' }).check()
		await rules.getByRole('button', { name: 'Guardar horario' }).click()
		await expect(page).toHaveURL(portalURL('/admin/ajustes'))
		await expect(rules.getByLabel('Demostraciones pendientes por cliente')).toHaveValue('5')
		await expect(rules.getByRole('checkbox', { name: 'Sábado' })).toBeChecked()
		await expect(rules.getByRole('checkbox', { name: 'Martes' })).not.toBeChecked()
		const latest = page.getByRole('region', { name: 'Historial de cambios' }).getByRole('listitem').first()
		await expect(latest).toContainText('Días: de lunes a viernes → los lunes y sábados')
		await expect(latest).toContainText('Hasta: 90 días vista → 60 días vista')
		await expect(latest).toContainText('Pendientes por cliente: 3 → 5')
		const stored = await serviceClient()
			.from('reglas_reservas')
			.select('dias, horizonte_dias, maximo_pendientes')
			.single()
		expect(stored.data).toEqual({ dias: [1, 6], horizonte_dias: 60, maximo_pendientes: 5 })

		const blocks = page.getByRole('region', { name: 'Días bloqueados' })
		const from = uniqueDay()
		const to = uniqueDay()
		await blocks.getByLabel('Desde').fill(to)
		await blocks.getByLabel('Hasta (incluido)').fill(from)
		await blocks.getByLabel('Motivo').fill('e2e Vacaciones')
		await blocks.getByRole('button', { name: 'Bloquear fechas' }).click()
		await expect(blocks.getByText('La fecha final no puede ser anterior a la inicial.')).toBeVisible()
		await expect(blocks.getByLabel('Motivo')).toHaveValue('e2e Vacaciones')
		await blocks.getByLabel('Desde').fill(from)
		await blocks.getByLabel('Hasta (incluido)').fill(to)
		await blocks.getByRole('button', { name: 'Bloquear fechas' }).click()
		const range = formatDateRange(from, to)
		await expect(blocks.getByRole('listitem').filter({ hasText: 'e2e Vacaciones' })).toBeVisible()
		await blocks.getByRole('button', { name: `Desbloquear ${range}` }).click()
		await expect(blocks.getByText('e2e Vacaciones')).toHaveCount(0)
	})
})

test('a cliente can neither see nor change the settings, and a visitor is sent to sign in', async ({ page }) => {
	const client = await createAccount('ajustes-intruso', 'Cliente Intruso')
	await startSession(page, client.email)
	await page.goto(portalURL('/admin/ajustes'))
	await expect(page).toHaveURL(portalURL('/dashboard'))
	const forms: Record<string, string>[] = [
		{ intent: 'rules', dias: '6', horas: '08:00', horizonteDias: '1', antelacionHoras: '0', maximoPendientes: '20' },
		{ intent: 'add-block', desde: '2099-01-01', hasta: '2099-01-02', motivo: 'e2e Intruso' },
	]
	for (const form of forms) {
		const response = await postAs(page, portalURL('/admin/ajustes'), form)
		expect(response.status).toBe(302)
	}
	const stored = await serviceClient()
		.from('reglas_reservas')
		.select('dias, horizonte_dias, maximo_pendientes')
		.single()
	expect(stored.data).toEqual({ dias: defaults.dias, horizonte_dias: 90, maximo_pendientes: 3 })
	expect((await serviceClient().from('bloqueos_reservas').select('id').eq('motivo', 'e2e Intruso')).data).toEqual([])

	await page.context().clearCookies()
	await page.goto(portalURL('/admin/ajustes'))
	await expect(page).toHaveURL(/\/auth/)
})
