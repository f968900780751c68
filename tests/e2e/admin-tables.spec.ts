import type { Locator } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { createAccount, createAdminAccount, createMeeting } from '../support/data'
import { startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { uniqueEmail, uniqueName, uniqueSlot } from '../support/unique'
import { portalURL } from '../support/urls'
import { screenshotThemes } from '../support/screenshots'

// The admin tables at a desktop width (issue 55): who each user is to the company, and rows that read on one line.
test.use({ viewport: { width: 1280, height: 800 } })

/** The tops of the buttons and links of a row's last cell, its actions: one line shares one top. */
async function actionTops(row: Locator) {
	return row
		.getByRole('cell')
		.last()
		.locator('a, button')
		.evaluateAll((actions) => actions.map((action) => Math.round(action.getBoundingClientRect().top)))
}

/** How many lines `text` takes where it is shown in `row`. */
async function linesOf(row: Locator, text: string) {
	return row.getByText(text, { exact: true }).evaluate((element) => {
		const range = document.createRange()
		range.selectNodeContents(element)
		return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
	})
}

test('users: plan, sign-up date, confirmed demos and “Sin confirmar”; names and actions on one line', async ({
	page,
	browser,
}) => {
	// The search term is in the e-mails, so the names can be as people's are: a long one should still not wrap.
	const marker = uniqueName('t')
	const admin = await createAdminAccount('tabla-usuarios')
	const client = await createAccount(`${marker}-s`, 'María del Carmen Villaverde')
	const tag = marker.replaceAll('-', '_')
	await serviceClient()
		.from('suscripciones')
		.insert({
			id: `sub_${tag}`,
			user_id: client.id,
			customer_id: `cus_${tag}`,
			price_id: 'price_business_monthly',
			plan: 'business',
			periodo: 'monthly',
			status: 'active',
		})
		.throwOnError()
	// As Mi Cuenta saves it: the prefix and the digits, no spaces.
	await serviceClient().from('usuarios').update({ phone: '+34612345678' }).eq('id', client.id).throwOnError()
	await createMeeting(client.id, client.email)
	await createMeeting(client.id, client.email)
	await createMeeting(client.id, client.email, { status: 'cancelada' })
	const unconfirmed = await serviceClient().auth.admin.createUser({
		email: uniqueEmail(`${marker}-u`),
		password: 'contraseña-segura-1',
		user_metadata: { full_name: 'Sonia Sinconfirmar' },
	})
	expect(unconfirmed.error).toBeNull()
	const invited = await serviceClient().auth.admin.inviteUserByEmail(uniqueEmail(`${marker}-i`), {
		data: { full_name: 'Inés Invitada' },
	})
	expect(invited.error).toBeNull()

	await startSession(page, admin.email)
	await openApp(page, portalURL(`/admin/usuarios?q=${encodeURIComponent(marker)}`))
	for (const column of ['Usuario', 'Rol', 'Plan', 'Alta', 'Demos', 'Acciones'])
		await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
	const signedUp = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date())

	const subscribed = page.getByRole('row').filter({ hasText: client.email })
	await expect(subscribed.getByRole('cell', { name: 'Business · Mensual', exact: true })).toBeVisible()
	await expect(subscribed.getByRole('cell', { name: signedUp, exact: true })).toBeVisible()
	await expect(subscribed.getByRole('cell', { name: '2', exact: true })).toBeVisible()
	await expect(subscribed).not.toContainText('Sin confirmar')
	await expect(subscribed.getByText('+34 612 34 56 78', { exact: true })).toBeVisible()

	const pending = page.getByRole('row').filter({ hasText: 'Sonia Sinconfirmar' })
	await expect(pending.getByText('Sin confirmar', { exact: true })).toBeVisible()
	await expect(pending.getByRole('cell', { name: '—', exact: true }).first()).toBeVisible()
	await expect(pending.getByRole('cell', { name: '0', exact: true })).toBeVisible()
	const invitation = page.getByRole('row').filter({ hasText: 'Inés Invitada' })
	await expect(invitation).toContainText('Invitación pendiente')
	await expect(invitation.getByRole('cell').first().getByRole('button', { name: 'Reenviar invitación' })).toBeVisible()
	await expect(invitation).not.toContainText('Sin confirmar')

	expect(await linesOf(subscribed, 'María del Carmen Villaverde')).toBe(1)
	// Nothing of the table is scrolled out of sight inside its frame.
	const frame = page.getByRole('table').locator('xpath=..')
	expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
	// Every row has the same two actions, Editar and Eliminar; an invitation's resend is beside its badge.
	for (const row of [subscribed, pending, invitation]) {
		const tops = await actionTops(row)
		expect(tops).toHaveLength(2)
		expect(new Set(tops).size, 'the row’s actions share one line').toBe(1)
	}
	await screenshotThemes(browser, {
		name: 'admin-users-phone',
		url: page.url(),
		cookies: await page.context().cookies(),
		fullPage: true,
	})
})

test('meetings: the name and the actions of a row keep to one line beside a long reason', async ({ page }) => {
	const admin = await createAdminAccount('tabla-reuniones')
	const client = await createAccount('tabla-reunion')
	const name = `María del Carmen Fernández-Villaverde ${uniqueName('r')}`
	await serviceClient()
		.from('reservas')
		.insert({
			...uniqueSlot(),
			user_id: client.id,
			nombre: name,
			email: client.email,
			motivo: 'Integración del asistente con WhatsApp Business, la agenda compartida y la facturación VERIFACTU',
			meet_url: 'https://meet.jit.si/kia-prueba',
		})
		.throwOnError()
	await startSession(page, admin.email)
	await openApp(page, portalURL(`/admin/reuniones?q=${encodeURIComponent(client.email)}`))
	const row = page.getByRole('row').filter({ hasText: client.email })
	await expect(row.getByRole('button', { name: 'Reprogramar' })).toBeVisible()
	expect(await linesOf(row, name)).toBe(1)
	const tops = await actionTops(row)
	expect(tops).toHaveLength(3)
	expect(new Set(tops).size, 'Unirse, Reprogramar and Cancelar share one line').toBe(1)
})
