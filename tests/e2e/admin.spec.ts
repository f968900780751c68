import { expect, openApp, test } from '../support/e2e-test'
import { uniqueEmail, uniqueName, uniqueSlot, uniqueSlots } from '../support/unique'
import { portalURL, rawRequest } from '../support/urls'
import { createAccount, createAdminAccount, createMeeting, linkFrom } from '../support/data'
import { cookieHeader, postAs, signIn, startSession, submitSignIn } from '../support/browser'
import { waitForMail } from '../support/mail'
import { serviceClient } from '../support/supabase'
import { subscribe } from '../support/billing'
import { sessionCookie } from '../support/hostile-input'
import { stripeClient } from '../support/stripe'
import { nextSaturday, slotDay, slotRadio } from '../support/slot-picker'

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
		const admin = await createAdminAccount('panel')
		await signIn(page, admin.email)
		await page.getByRole('link', { name: 'Admin Panel' }).click()
		await expect(page.getByRole('banner').getByText('Panel de Administración')).toBeVisible()
		for (const section of ['Servicios', 'Asistentes', 'Facturación']) {
			await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: section }).click()
			await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible()
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
		const admin = await createAdminAccount('busca')
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin/reuniones'))
		await page.getByRole('searchbox').fill(marker)
		await expect(page).toHaveURL(new RegExp(`q=${marker}`))
		await expect(page.getByRole('row')).toHaveCount(21)
		await expect(page.getByText('Página 1 de 2 · 21 en total')).toBeVisible()
		await page.getByRole('link', { name: 'Siguiente' }).click()
		await expect(page.getByRole('row')).toHaveCount(2)
		await expect(page.getByRole('cell', { name: 'Consulta general' })).toBeVisible()
		// A page past the end answers with the last one.
		await page.goto(portalURL(`/admin/reuniones?q=${marker}&page=99`))
		await expect(page).toHaveURL(portalURL(`/admin/reuniones?q=${marker}&page=2`))
		await expect(page.getByText('Página 2 de 2 · 21 en total')).toBeVisible()

		const context = await browser.newContext({ javaScriptEnabled: false })
		const noScript = await context.newPage()
		await signIn(noScript, admin.email)
		await noScript.goto(portalURL('/admin/reuniones'))
		await noScript.getByRole('searchbox').fill('nadie-coincide-con-esto')
		await noScript.getByRole('button', { name: 'Buscar' }).click()
		await expect(noScript.getByText('No se encontraron reuniones.')).toBeVisible()
		await context.close()
	})

	test('a search ignores accents and case: “inigo” finds “Íñigo”, “ÍÑIGO” too', async ({ page }) => {
		const marker = uniqueName('acento')
		const inserted = await serviceClient()
			.from('reservas')
			.insert({ ...uniqueSlot(), nombre: `Íñigo Núñez ${marker}`, email: `${marker}@kia.test` })
		expect(inserted.error).toBeNull()
		const admin = await createAdminAccount('acentos')
		await signIn(page, admin.email)
		for (const term of [`inigo nunez ${marker}`, `ÍÑIGO NÚÑEZ ${marker.toUpperCase()}`]) {
			await page.goto(portalURL(`/admin/reuniones?q=${encodeURIComponent(term)}`))
			await expect(page.getByRole('cell', { name: `Íñigo Núñez ${marker}` })).toBeVisible()
		}
		const user = await createAccount('acento-usuario', `Begoña Ibáñez ${marker}`)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(`begona ibanez ${marker}`)}`))
		await expect(page.getByRole('row').filter({ hasText: user.email })).toBeVisible()
	})

	test('users: search by name or e-mail', async ({ page }) => {
		const admin = await createAdminAccount('usuarios')
		// A surname of its own: the search must find this user on its first page however many others there are.
		const surname = uniqueName('Llinares')
		const target = await createAccount('buscada', `Zoe ${surname}`)
		await startSession(page, admin.email)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(surname)}`))
		await expect(page.getByRole('row').filter({ hasText: target.email })).toBeVisible()
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent('(,."')}`))
		await expect(page.getByText('No se encontraron usuarios.')).toBeVisible()
	})
})

test.describe('admin bookings', () => {
	test('reschedule and cancel any client’s meeting; the client is e-mailed; a cancelled one offers nothing', async ({
		page,
	}) => {
		const client = await createAccount('reunion-admin', 'Marta Cliente')
		const booking = await createMeeting(client.id, client.email)
		await createMeeting(client.id, client.email, { status: 'cancelada' })
		const admin = await createAdminAccount('reuniones')
		await signIn(page, admin.email)
		const list = portalURL(`/admin/reuniones?q=${encodeURIComponent(client.email)}`)
		await openApp(page, list)
		const confirmed = page.getByRole('row').filter({ hasText: 'Confirmada' })
		const cancelled = page.getByRole('row').filter({ hasText: 'Cancelada' })
		await expect(cancelled.getByRole('button')).toHaveCount(0)

		const target = uniqueSlot()
		await confirmed.getByRole('button', { name: 'Reprogramar' }).click()
		const reschedule = page.getByRole('dialog', { name: 'Reprogramar reunión' })
		await expect(reschedule).toContainText('El cliente recibirá la invitación actualizada por email.')
		// The booking page's free slots: no weekend, not the meeting's own slot.
		await expect(slotDay(reschedule, nextSaturday(target.fecha))).toHaveCount(0)
		await expect(slotRadio(reschedule, { fecha: booking.fecha, hora: booking.hora.slice(0, 5) })).toHaveCount(0)
		await slotRadio(reschedule, target).check()
		await reschedule.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByText('La reunión ha sido reprogramada.')).toBeVisible()
		await expect(page).toHaveURL(list)
		const moved = await serviceClient().from('reservas').select('fecha, hora, status').eq('id', booking.id).single()
		expect(moved.data).toEqual({ fecha: target.fecha, hora: `${target.hora}:00`, status: 'confirmada' })
		await waitForMail(client.email, /Tu reunión con KIA ha cambiado de fecha/)

		await confirmed.getByRole('button', { name: 'Cancelar' }).click()
		const cancel = page.getByRole('dialog', { name: '¿Cancelar esta reunión?' })
		await cancel.getByRole('button', { name: 'Sí, cancelar reunión' }).click()
		await expect(page.getByText('La reunión ha sido cancelada. Se ha avisado al cliente.')).toBeVisible()
		expect((await serviceClient().from('reservas').select('status').eq('id', booking.id).single()).data).toEqual({
			status: 'cancelada',
		})
		await waitForMail(client.email, /Tu reunión con KIA ha sido cancelada/)
		await expect(page.getByRole('row').filter({ hasText: client.email }).getByRole('button')).toHaveCount(0)
	})

	test('without JavaScript: the forms open on the page; a slot taken meanwhile and a weekend are refused in Spanish', async ({
		browser,
	}) => {
		const client = await createAccount('reunion-sin-js')
		const booking = await createMeeting(client.id, client.email)
		const other = await createAccount('reunion-ocupa')
		const taken = await createMeeting(other.id, other.email)
		const takenMeanwhile = uniqueSlot()
		const admin = await createAdminAccount('reuniones-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await signIn(page, admin.email)
		const list = portalURL(`/admin/reuniones?q=${encodeURIComponent(client.email)}`)
		await page.goto(list)
		await page.getByRole('link', { name: 'Reprogramar' }).click()
		const form = page.getByRole('region', { name: 'Reprogramar reunión' })
		await expect(slotRadio(form, { fecha: taken.fecha, hora: taken.hora.slice(0, 5) })).toHaveCount(0)
		// Free when the page was loaded, taken before the form is sent: the server refuses it all the same.
		await slotRadio(form, takenMeanwhile).check()
		await serviceClient()
			.from('reservas')
			.insert({ user_id: other.id, ...takenMeanwhile, nombre: 'Otra', email: other.email })
			.throwOnError()
		await form.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'ese hueco ya está reservado' })).toBeVisible()

		// A weekend is never offered, and a post naming one is refused.
		const saturday = await postAs(page, portalURL('/admin/reuniones'), {
			intent: 'reschedule',
			id: booking.id,
			slot: `${nextSaturday(booking.fecha)}T10:00`,
		})
		expect(saturday.status).toBe(400)
		expect(saturday.body).toContain('elige un día y una hora de los disponibles')

		await page.goto(list)
		await page.getByRole('link', { name: 'Cancelar' }).click()
		await page.getByRole('button', { name: 'Sí, cancelar reunión' }).click()
		await expect(page).toHaveURL(list)
		expect((await serviceClient().from('reservas').select('status').eq('id', booking.id).single()).data).toEqual({
			status: 'cancelada',
		})
		expect((await serviceClient().from('reservas').select('status').eq('id', taken.id).single()).data).toEqual({
			status: 'confirmada',
		})
		await context.close()
	})

	test('book a demo for an existing client and for a new address, which is invited first', async ({ page }) => {
		const client = await createAccount('reservada-por-admin', 'Carla Cliente')
		const newcomer = uniqueEmail('nueva-por-admin')
		const forClient = uniqueSlot()
		const forNewcomer = uniqueSlot()
		const admin = await createAdminAccount('reserva')
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin/reuniones'))

		const book = async (email: string, nombre: string, slot: { fecha: string; hora: string }) => {
			await page.getByRole('link', { name: 'Nueva reunión' }).click()
			const form = page.getByRole('region', { name: 'Nueva reunión' })
			await form.getByLabel('Email del cliente').fill(email)
			await form.getByLabel('Nombre').fill(nombre)
			await slotRadio(form, slot).check()
			await form.getByLabel('Motivo (opcional)').fill('Alta de facturas')
			await form.getByRole('button', { name: 'Reservar' }).click()
			await expect(form).toHaveCount(0)
		}
		await book(client.email, 'Carla Cliente', forClient)
		await expect(page.getByText('Reunión reservada. El cliente ha recibido la invitación por email.')).toBeVisible()
		const booked = await serviceClient()
			.from('reservas')
			.select('user_id, fecha, hora, motivo, status')
			.eq('email', client.email)
			.single()
		expect(booked.data).toEqual({
			user_id: client.id,
			fecha: forClient.fecha,
			hora: `${forClient.hora}:00`,
			motivo: 'Alta de facturas',
			status: 'confirmada',
		})
		await waitForMail(client.email, /Tu demostración de KIA/)

		await book(newcomer, 'Nora Nueva', forNewcomer)
		await expect(
			page.getByText('Reunión reservada. El cliente ha recibido la invitación a la reunión y a su cuenta de KIA.'),
		).toBeVisible()
		const account = await serviceClient().from('usuarios').select('id, full_name, role').eq('email', newcomer).single()
		expect(account.data).toMatchObject({ full_name: 'Nora Nueva', role: 'cliente' })
		const owned = await serviceClient().from('reservas').select('user_id').eq('email', newcomer).single()
		expect(owned.data).toEqual({ user_id: account.data?.id })
		await waitForMail(newcomer, /Te han invitado a KIA/)
		await waitForMail(newcomer, /Tu demostración de KIA/)
	})

	test('without JavaScript: a refused booking keeps what was typed and invites nobody; a cliente cannot book for others', async ({
		browser,
	}) => {
		const client = await createAccount('reserva-sin-js')
		const taken = await createMeeting(client.id, client.email)
		const newcomer = uniqueEmail('no-invitada-hueco')
		const admin = await createAdminAccount('reserva-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/reuniones?nueva=1'))
		const form = page.getByRole('region', { name: 'Nueva reunión' })
		await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
		await form.getByLabel('Email del cliente').fill('sin-arroba')
		await form.getByLabel('Nombre').fill('Nadia Sin Script')
		await form.getByRole('button', { name: 'Reservar' }).click()
		await expect(form.getByText('Introduce un email válido.')).toBeVisible()
		await expect(form.getByText('Elige un día y una hora de los disponibles.')).toBeVisible()
		await expect(form.getByLabel('Nombre')).toHaveValue('Nadia Sin Script')

		await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
		await form.getByLabel('Email del cliente').fill(newcomer)
		await expect(slotDay(form, nextSaturday(taken.fecha))).toHaveCount(0)
		await expect(slotRadio(form, { fecha: taken.fecha, hora: taken.hora.slice(0, 5) })).toHaveCount(0)
		// Free when the page was loaded, taken before the form is sent: refused, and nobody invited.
		const takenMeanwhile = uniqueSlot()
		await slotRadio(form, takenMeanwhile).check()
		await serviceClient()
			.from('reservas')
			.insert({ user_id: client.id, ...takenMeanwhile, nombre: 'Cliente', email: client.email })
			.throwOnError()
		await form.getByRole('button', { name: 'Reservar' }).click()
		await expect(form.getByText('Ese hueco ya está reservado. Elige otra hora.')).toBeVisible()
		await expect(form.getByLabel('Email del cliente')).toHaveValue(newcomer)
		expect((await serviceClient().from('usuarios').select('id').eq('email', newcomer)).data).toEqual([])
		await context.close()

		const clientePage = await browser.newPage()
		await signIn(clientePage, client.email)
		const attempt = await postAs(clientePage, portalURL('/admin/reuniones'), {
			intent: 'create',
			email: newcomer,
			nombre: 'Intrusa',
			...uniqueSlot(),
		})
		expect(attempt.status).toBe(302)
		expect(attempt.headers.location).toBe('/dashboard')
		expect((await serviceClient().from('reservas').select('id').eq('email', newcomer)).data).toEqual([])
		await clientePage.close()
	})

	test('filters by status and date range through the URL; the CSV export follows them', async ({ page, browser }) => {
		const marker = uniqueName('filtro')
		const slots = uniqueSlots(4)
		const inserted = await serviceClient()
			.from('reservas')
			.insert(
				slots.map((slot, i) => ({
					...slot,
					nombre: i === 0 ? 'José Ñúñez; "el jefe"' : `Persona ${i}`,
					email: `${marker}-${i}@kia.test`,
					motivo: i === 1 ? null : 'Demo, con coma',
					status: i === 3 ? 'cancelada' : 'confirmada',
				})),
			)
		expect(inserted.error).toBeNull()
		const admin = await createAdminAccount('filtros')
		await startSession(page, admin.email)
		await openApp(page, portalURL(`/admin/reuniones?q=${marker}`))
		await expect(page.getByText('Página 1 de 1 · 4 en total')).toBeVisible()
		await page.getByLabel('Estado').selectOption('cancelada')
		await expect(page).toHaveURL(/estado=cancelada/)
		await expect(page.getByText('Página 1 de 1 · 1 en total')).toBeVisible()
		await page.getByLabel('Estado').selectOption('')
		const [from, to] = [slots[1]?.fecha ?? '', slots[2]?.fecha ?? '']
		await page.getByLabel('Desde').fill(from)
		await page.getByLabel('Hasta').fill(to)
		await expect(page).toHaveURL(new RegExp(`desde=${from}&hasta=${to}`))
		const inRange = slots.filter((slot) => slot.fecha >= from && slot.fecha <= to).length
		await expect(page.getByText(`Página 1 de 1 · ${inRange} en total`)).toBeVisible()
		const href = await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')
		expect(href).toBe(`/admin/reuniones.csv?q=${marker}&estado=&desde=${from}&hasta=${to}`)

		// From Node as the admin's browser (Node cannot resolve *.localhost; rawRequest names the host).
		const asAdmin = { headers: { Cookie: await cookieHeader(page) } }
		const all = await rawRequest(portalURL(`/admin/reuniones.csv?q=${marker}`), asAdmin)
		expect(all.status).toBe(200)
		expect(all.headers['content-type']).toBe('text/csv; charset=utf-8')
		expect(all.headers['content-disposition']).toMatch(/^attachment; filename="reuniones-kia-\d{4}-\d{2}-\d{2}\.csv"$/)
		// The byte-order mark, then CRLF-ended records.
		expect(all.body.charCodeAt(0)).toBe(0xfeff)
		const lines = all.body.slice(1).split('\r\n')
		expect(lines[0]).toBe('Fecha;Hora;Nombre;Email;Motivo;Estado;Enlace de la reunión;Reservada el')
		expect(lines.slice(5)).toEqual([''])
		// Newest first, as the list; quoted where a value holds the separator or a quote.
		const oldest = slots[0]
		expect(lines[4]).toMatch(
			new RegExp(
				`^${oldest?.fecha};${oldest?.hora};"José Ñúñez; ""el jefe""";${marker}-0@kia.test;Demo, con coma;Confirmada;;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
			),
		)
		expect(lines).toContainEqual(expect.stringContaining(`${marker}-1@kia.test;Consulta general;Confirmada`))
		expect(lines).toContainEqual(expect.stringContaining(`${marker}-3@kia.test;Demo, con coma;Cancelada`))
		const cancelledOnly = await rawRequest(portalURL(`/admin/reuniones.csv?q=${marker}&estado=cancelada`), asAdmin)
		expect(cancelledOnly.body.trim().split('\r\n')).toHaveLength(2)

		const cliente = await createAccount('csv-cliente')
		const clientePage = await browser.newPage()
		await signIn(clientePage, cliente.email)
		const refused = await rawRequest(portalURL('/admin/reuniones.csv'), {
			headers: { Cookie: await cookieHeader(clientePage) },
		})
		expect(refused.status).toBe(302)
		expect(refused.headers.location).toBe('/dashboard')
		await clientePage.close()
		const anonymous = await rawRequest(portalURL('/admin/reuniones.csv'))
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.location).toMatch(/^\/auth\?redirectTo=/)
	})
})

test.describe('admin user management', () => {
	test('edit a user’s name, phone and role; the e-mail stays', async ({ page }) => {
		const admin = await createAdminAccount('editor')
		const target = await createAccount('editada', 'Nombre Antiguo')
		await startSession(page, admin.email)
		await openApp(page, portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`))
		await page.getByRole('row').filter({ hasText: target.email }).getByRole('button', { name: 'Editar' }).click()
		const dialog = page.getByRole('dialog', { name: 'Editar usuario' })
		await expect(dialog.getByLabel('Email (no se puede cambiar)')).toHaveValue(target.email)
		// The dialog opens where the editing starts, not on the locked e-mail (issue 20).
		await expect(dialog.getByLabel('Nombre completo')).toBeFocused()
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
		const admin = await createAdminAccount('borrador')
		const target = await createAccount('borrada')
		const kept = await serviceClient()
			.from('reservas')
			.insert({ user_id: target.id, ...uniqueSlot(), nombre: 'Borrada', email: target.email })
		expect(kept.error).toBeNull()
		await startSession(page, admin.email)
		await openApp(page, portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`))
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
		await openApp(page, portalURL('/auth'))
		await submitSignIn(page, target.email, target.password)
		await expect(
			page.getByRole('alert').filter({ hasText: 'El email o la contraseña no son correctos.' }),
		).toBeVisible()
	})

	test('deleting a paying client: the dialog says their subscription will be cancelled in Stripe, and it is', async ({
		page,
	}) => {
		const admin = await createAdminAccount('borrador-pago')
		const target = await createAccount('borrada-pagando')
		const { subscriptionId } = await subscribe({ cookie: await sessionCookie(target.email), userId: target.id })
		await startSession(page, admin.email)
		await openApp(page, portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`))
		await page.getByRole('row').filter({ hasText: target.email }).getByRole('button', { name: 'Eliminar' }).click()
		const dialog = page.getByRole('dialog', { name: '¿Estás absolutamente seguro?' })
		await expect(dialog).toContainText('Tiene una suscripción activa (Business mensual)')
		await expect(dialog).toContainText('se cancelará ahora en Stripe')
		await dialog.getByRole('button', { name: 'Sí, eliminar usuario' }).click()
		await expect(page.getByText('Usuario eliminado correctamente')).toBeVisible()
		await expect(page.getByText('Su suscripción se ha cancelado en Stripe.')).toBeVisible()
		expect((await stripeClient().subscriptions.retrieve(subscriptionId)).status).toBe('canceled')
	})

	test('an admin cannot delete or demote themselves; a cliente’s post is refused; works without JavaScript', async ({
		browser,
	}) => {
		const admin = await createAdminAccount('propio')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
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

	test('invite a user with a role: the e-mail, the open invitation in the list, a resend, then accepted', async ({
		page,
		browser,
	}) => {
		const admin = await createAdminAccount('invita')
		const email = uniqueEmail('invitada')
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin/usuarios'))
		await page.getByRole('link', { name: 'Invitar usuario' }).click()
		const form = page.getByRole('region', { name: 'Invitar usuario' })
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Nombre completo (opcional)').fill('Inés Invitada')
		await form.getByLabel('Rol').selectOption('admin')
		await form.getByRole('button', { name: 'Enviar invitación' }).click()
		await expect(page.getByText(`Invitación enviada a ${email}`)).toBeVisible()
		await expect(form).toHaveCount(0)
		const first = linkFrom(await waitForMail(email, /Te han invitado a KIA/))
		const profile = await serviceClient().from('usuarios').select('id, full_name, role').eq('email', email).single()
		expect(profile.data).toMatchObject({ full_name: 'Inés Invitada', role: 'admin' })

		await page.getByLabel('Estado').selectOption('pendiente')
		await expect(page).toHaveURL(/estado=pendiente/)
		const row = page.getByRole('row').filter({ hasText: email })
		await expect(row.getByText(/^Invitación pendiente · enviada el \d{1,2} de \p{L}+ de \d{4}$/u)).toBeVisible()
		// Every row of this filter is an open invitation.
		await expect(page.getByRole('row').filter({ hasNotText: 'Invitación pendiente' })).toHaveCount(1)

		await row.getByRole('button', { name: 'Reenviar invitación' }).click()
		await expect(page.getByText(`Invitación reenviada a ${email}`)).toBeVisible()
		let second = first
		await expect
			.poll(async () => (second = linkFrom(await waitForMail(email, /Te han invitado a KIA/))))
			.not.toBe(first)

		const invited = await browser.newPage()
		await openApp(invited, second)
		await invited.getByRole('button', { name: 'Aceptar la invitación' }).click()
		await expect(invited).toHaveURL(portalURL('/auth/nueva-contrasena'))
		await invited.getByLabel('Nueva contraseña').fill('clave-de-invitada')
		await invited.getByLabel('Repite la contraseña').fill('clave-de-invitada')
		await invited.getByRole('button', { name: 'Guardar contraseña' }).click()
		await expect(invited).toHaveURL(portalURL('/dashboard'))
		await invited.close()

		await page.goto(portalURL(`/admin/usuarios?estado=pendiente&q=${encodeURIComponent(email)}`))
		await expect(page.getByText('No se encontraron usuarios.')).toBeVisible()
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(email)}`))
		await expect(page.getByRole('row').filter({ hasText: email })).not.toContainText('Invitación pendiente')
	})

	test('without JavaScript: a refused invitation keeps what was typed; a cliente cannot invite or resend', async ({
		browser,
	}) => {
		const admin = await createAdminAccount('invita-sin-js')
		const existing = await createAccount('ya-registrada')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/usuarios'))
		await page.getByRole('link', { name: 'Invitar usuario' }).click()
		const form = page.getByRole('region', { name: 'Invitar usuario' })
		await form.getByLabel('Email').fill('no-es-un-email')
		await form.getByLabel('Nombre completo (opcional)').fill('Rosa Sin Script')
		// The browser's own check would stop the post; a real person can still send it by another client.
		await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
		await form.getByRole('button', { name: 'Enviar invitación' }).click()
		await expect(form.getByText('Introduce un email válido.')).toBeVisible()
		await expect(form.getByLabel('Nombre completo (opcional)')).toHaveValue('Rosa Sin Script')

		await form.getByLabel('Email').fill(existing.email)
		await form.getByRole('button', { name: 'Enviar invitación' }).click()
		await expect(form.getByText('Ya existe una cuenta confirmada con ese email.')).toBeVisible()
		await expect(form.getByLabel('Email')).toHaveValue(existing.email)

		const email = uniqueEmail('invitada-sin-js')
		await form.getByLabel('Email').fill(email)
		await form.getByRole('button', { name: 'Enviar invitación' }).click()
		await expect(page.getByRole('status')).toContainText(`Invitación enviada a ${email}`)
		await waitForMail(email, /Te han invitado a KIA/)
		await page.goto(portalURL(`/admin/usuarios?q=${encodeURIComponent(email)}`))
		await page.getByRole('button', { name: 'Reenviar invitación' }).click()
		await expect(page.getByRole('status')).toContainText(`Invitación reenviada a ${email}`)
		await context.close()

		const invited = await serviceClient().from('usuarios').select('id').eq('email', email).single()
		const cliente = await createAccount('no-invita')
		const clientePage = await browser.newPage()
		await signIn(clientePage, cliente.email)
		const stranger = uniqueEmail('no-invitada')
		const attempts: Record<string, string>[] = [
			{ intent: 'invite', email: stranger, role: 'admin' },
			{ intent: 'resend', id: invited.data?.id ?? '' },
		]
		for (const form of attempts) {
			const attempt = await postAs(clientePage, portalURL('/admin/usuarios'), form)
			expect(attempt.status).toBe(302)
			expect(attempt.headers.location).toBe('/dashboard')
		}
		expect((await serviceClient().from('usuarios').select('id').eq('email', stranger)).data).toEqual([])
		await clientePage.close()
	})
})
