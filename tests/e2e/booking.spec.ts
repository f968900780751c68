import type { Page } from '@playwright/test'
import { formatFullDate } from '../../app/lib/dates'
import { expect, openApp, test } from '../support/e2e-test'
import { inbox, invitationIn, waitForMail, type CaughtMail } from '../support/mail'
import { bookingDialogLoad, dialogBookingRoundTrip, slotDay, slotRadio } from '../support/slot-picker'
import { uniqueSlot, type Slot } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createMeeting } from '../support/data'
import { postAs, signIn, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { screenshotThemes } from '../support/screenshots'

const consentCookie = {
	name: 'kia-consent',
	value: encodeURIComponent('{"necessary":true,"analytics":false,"marketing":false}'),
}

const newestMail = (to: string, subject: RegExp) => waitForMail(to, subject)

/** The newest mail to `to` with that subject whose text mentions `mentioning` (the company inbox is shared). */
async function mailMentioning(to: string, subject: RegExp, mentioning: string): Promise<CaughtMail> {
	await expect
		.poll(async () => (await inbox(to)).some((mail) => subject.test(mail.subject) && mail.text.includes(mentioning)))
		.toBe(true)
	const mails = await inbox(to)
	const mail = mails
		.filter((candidate) => subject.test(candidate.subject) && candidate.text.includes(mentioning))
		.at(-1)
	if (!mail) throw new Error(`No mail to ${to} matching ${subject}`)
	return mail
}

/** METHOD, UID, SEQUENCE and STATUS of the invitation a mail carries, as its text/calendar part and file say. */
async function versionIn(mail: CaughtMail) {
	const invitation = await invitationIn(mail)
	const unfolded = invitation?.ics.replace(/\r\n /g, '') ?? ''
	const value = (name: string) => new RegExp(`^${name}:(.*)\r$`, 'm').exec(unfolded)?.[1]
	return {
		part: invitation?.method,
		method: value('METHOD'),
		uid: value('UID'),
		sequence: value('SEQUENCE'),
		status: value('STATUS'),
	}
}

const firstHourOfADay = () => uniqueSlot(({ hora }: Slot) => hora === '10:00')

/** Someone else's booking, written straight to the database as a booking made elsewhere would be. */
async function bookDirectly(holder: { id: string; email: string }, slot: Slot) {
	await serviceClient()
		.from('reservas')
		.insert({
			user_id: holder.id,
			...slot,
			motivo: 'Otra reserva',
			nombre: 'Otra persona',
			email: holder.email,
			meet_url: 'https://meet.jit.si/kia-otra',
		})
		.throwOnError()
}

function nextSaturday() {
	const date = new Date()
	date.setUTCDate(date.getUTCDate() + 7)
	while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1)
	return date.toISOString().slice(0, 10)
}

test.describe('demo booking', () => {
	test('the picker offers the free slots of bookable weekdays, named in Spanish, and never a taken one', async ({
		page,
	}) => {
		const holder = await createAccount('ocupado')
		// The first hour of a day: the lane's next slots are the rest of it, so the other seven are still free.
		const taken = firstHourOfADay()
		await bookDirectly(holder, taken)
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		const picker = page.getByRole('group', { name: 'Día y hora' })
		const day = slotDay(picker, taken.fecha)
		await expect(day).toBeVisible()
		await expect(day.getByRole('radio')).toHaveCount(7)
		await expect(slotRadio(picker, taken)).toHaveCount(0)
		await expect(slotDay(picker, nextSaturday())).toHaveCount(0)
		const days = await picker.locator('fieldset legend').allTextContents()
		expect(days.length).toBeGreaterThan(20)
		for (const name of days) expect(name).toMatch(/^(lunes|martes|miércoles|jueves|viernes), \d{1,2} de [a-z]+$/)
	})

	test('a slot taken while the form was open is refused, and what was typed stays', async ({ page }) => {
		const account = await createAccount('carrera-formulario', 'Lola Gil')
		await startSession(page, account.email)
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		const slot = firstHourOfADay()
		await slotRadio(page, slot).check()
		await page.getByLabel('Motivo de la reunión').fill('Quiero ver el asistente fiscal')
		await bookDirectly(await createAccount('carrera-rival'), slot)
		await page.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(
			page.getByRole('alert').filter({ hasText: 'Ese hueco acaba de reservarse. Elige otra hora de las disponibles.' }),
		).toBeVisible()
		await expect(page.getByLabel('Motivo de la reunión')).toHaveValue('Quiero ver el asistente fiscal')
		await expect(slotRadio(page, slot)).toHaveCount(0)
		await expect(slotDay(page, slot.fecha).getByRole('radio')).toHaveCount(7)
	})

	test('what is typed while the page still loads its JavaScript survives hydration', async ({ page }) => {
		let release = () => {}
		let held = false
		const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/assets/entry.client-*.js', async (route) => {
			held = true
			await scriptsHeld
			await route.continue()
		})
		await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
		await page.goto(siteURL('/solicitar-demostracion-kia'), { waitUntil: 'domcontentloaded' })
		const form = page.getByRole('main')
		const { fecha, hora } = uniqueSlot()
		await form.getByLabel('Nombre').fill('Elena Vidal')
		await slotRadio(form, { fecha, hora }).check()
		await form.getByLabel('Motivo de la reunión').fill('Escrito antes de tiempo')
		expect(held, 'the entry script was held back').toBe(true)
		release()
		await page.waitForFunction(() => document.querySelector('#reserva')?.hasAttribute('novalidate'))
		// Sent with a wrong e-mail, the form checks itself and renders again with the error: what it holds must still be there.
		await form.getByLabel('Email').fill('elena.vidal')
		await form.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(form.getByText('Introduce un email válido.')).toBeVisible()
		await expect(form.getByLabel('Nombre')).toHaveValue('Elena Vidal')
		await expect(slotRadio(form, { fecha, hora })).toBeChecked()
		await expect(form.getByLabel('Motivo de la reunión')).toHaveValue('Escrito antes de tiempo')
	})

	test('filling in and sending the form renders none of the picker’s hundreds of radios again', async ({ page }) => {
		// React 19 writes an input's name to the DOM each time it renders the input again (updateInput): the spy lists
		// the radios so written.
		await page.addInitScript(() => {
			const name = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'name')
			const written: string[] = []
			Object.assign(window, { radiosWritten: written })
			Object.defineProperty(HTMLInputElement.prototype, 'name', {
				...name,
				set(this: HTMLInputElement, value: string) {
					if (this.type === 'radio') written.push(this.value)
					name?.set?.call(this, value)
				},
			})
		})
		const radiosWritten = () =>
			page.evaluate(() => (window as unknown as { radiosWritten: string[] }).radiosWritten.splice(0))
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		expect(await page.getByRole('radio').count(), 'the local rules offer hundreds of slots').toBeGreaterThan(200)
		expect((await radiosWritten()).length, 'hydration writes each radio once').toBeGreaterThan(200)

		const form = page.getByRole('main')
		await form.getByLabel('Nombre').fill('Elena Vidal')
		await form.getByLabel('Email').fill('elena.vidal')
		// A click that checks a radio has React write every radio of its group, a pass of its own over them
		// (restoreStateOfTarget), whatever the component does.
		await slotRadio(form, uniqueSlot()).check()
		await radiosWritten()
		await form.getByLabel('Motivo de la reunión').fill('Queremos ver el asistente de reservas')
		await form.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(form.getByText('Introduce un email válido.')).toBeVisible()
		expect(await radiosWritten(), 'the form checking itself and showing the error').toEqual([])
		await form.getByLabel('Email').pressSequentially('@example.com')
		await expect(form.getByText('Introduce un email válido.')).toHaveCount(0)
		expect(await radiosWritten(), 'each keystroke in the e-mail checks it again').toEqual([])
		// The post gets no usable answer: the form renders the submission and its failure, keeping the page's data.
		await page.route(
			(url) => url.pathname === '/solicitar-demostracion-kia.data',
			(route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
		)
		await form.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(form.getByRole('alert')).toBeVisible()
		// Before the picker was memoized, a booking lost like this wrote the 518 radios of the local rules five times.
		expect(await radiosWritten(), 'sending the form and showing its failure').toEqual([])
	})

	test('a wrong e-mail waits for the form to be sent: a slot picked right after it is picked', async ({ page }) => {
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		const form = page.getByRole('main')
		await form.getByLabel('Nombre').fill('Elena Vidal')
		await form.getByLabel('Email').fill('elena.vidal')
		const slot = slotRadio(form, uniqueSlot())
		// When leaving the e-mail showed its error, the error pushed the picker down between the press and the release,
		// and the click checked nothing.
		await slot.check()
		await expect(form.getByText('Introduce un email válido.')).toHaveCount(0)
		await form.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(form.getByText('Introduce un email válido.')).toBeVisible()
		await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
		await expect(slot).toBeChecked()
		await form.getByLabel('Email').pressSequentially('@example.com')
		await expect(form.getByText('Introduce un email válido.')).toHaveCount(0)
	})

	test('signed out: the typed data travels through sign-in and back, then the booking is confirmed', async ({
		page,
	}) => {
		const account = await createAccount('reserva', 'Elena Vidal')
		const { fecha, hora } = uniqueSlot()
		await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		const form = page.getByRole('main')
		await form.getByLabel('Nombre').fill('Elena Vidal')
		await form.getByLabel('Email').fill(account.email)
		await slotRadio(page, { fecha, hora }).check()
		await page.getByLabel('Motivo de la reunión').fill('Quiero ver la facturación VERIFACTU')
		await page.getByRole('button', { name: 'Reservar demostración' }).click()

		// A full page load on the other host: on a loaded machine it can take longer than an assertion's 5 s.
		await page.waitForURL(/\/auth\?tab=signup/)
		expect(new URL(page.url()).host).toBe(new URL(portalURL('/')).host)
		await expect(page.getByText('Necesitas una cuenta')).toBeVisible()
		await expect(page.getByText('Crea una cuenta para continuar')).toBeVisible()
		await expect(page.locator('#signup').getByLabel('Nombre completo')).toHaveValue('Elena Vidal')
		await expect(page.locator('#signup').getByLabel('Email')).toHaveValue(account.email)

		await page.getByRole('link', { name: 'Iniciar Sesión' }).click()
		await expect(page.locator('#signin').getByLabel('Email')).toHaveValue(account.email)
		await page.locator('#signin').getByLabel('Contraseña').fill(account.password)
		await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()

		await page.waitForURL(siteURL('/solicitar-demostracion-kia'))
		await expect(slotRadio(page, { fecha, hora })).toBeChecked()
		// Signed in, the account's name and e-mail are the booking's: neither asked for nor announced (issue 68).
		await expect(page.getByRole('main').getByLabel('Nombre')).toHaveCount(0)
		await expect(page.getByRole('main').getByText(/Reservarás como/)).toHaveCount(0)
		await expect(page.getByLabel('Motivo de la reunión')).toHaveValue('Quiero ver la facturación VERIFACTU')
		await page.getByRole('button', { name: 'Reservar demostración' }).click()

		// The confirmation recaps the day, the hour in Madrid and the link, in place of the form (issue 68).
		const confirmation = page.getByRole('main').getByRole('status').filter({ hasText: '¡Cita confirmada!' })
		await expect(confirmation).toBeVisible()
		await expect(confirmation.getByRole('definition')).toHaveText([
			formatFullDate(fecha),
			`${hora} (hora de Madrid)`,
			/^Ir a la reunión\s*https:\/\/meet\.jit\.si\//,
		])
		await expect(confirmation.getByRole('link', { name: 'Ir a la reunión' })).toHaveAttribute(
			'href',
			/^https:\/\/meet\.jit\.si\//,
		)
		await expect(confirmation.getByRole('link', { name: 'Ver mis reuniones' })).toHaveAttribute(
			'href',
			portalURL('/dashboard/reuniones'),
		)
		await expect(page.getByRole('group', { name: 'Día y hora' })).toHaveCount(0)
		await expect(page.getByRole('radio')).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'Reservar demostración' })).toHaveCount(0)

		const rows = await serviceClient()
			.from('reservas')
			.select('status, nombre, email, motivo, meet_url, event_id')
			.eq('user_id', account.id)
		expect(rows.data).toEqual([
			expect.objectContaining({
				status: 'confirmada',
				nombre: 'Elena Vidal',
				email: account.email,
				motivo: 'Quiero ver la facturación VERIFACTU',
			}),
		])
		const mail = await newestMail(account.email, /Tu demostración de KIA/)
		expect(mail.html).toContain(rows.data?.[0]?.meet_url)
		const invitation = await invitationIn(mail)
		expect(invitation?.method).toBe('REQUEST')
		expect(invitation?.ics).toMatch(/^METHOD:REQUEST\r$/m)
	})

	test('a past date is refused by the server', async ({ page }) => {
		const account = await createAccount('pasado')
		await signIn(page, account.email)
		const response = await postAs(page, siteURL('/solicitar-demostracion-kia'), {
			fecha: '2020-01-06',
			hora: '10:00',
			motivo: 'x',
		})
		expect(response.status).toBe(400)
		expect(response.body).toContain('Elige un día y una hora de los disponibles')
	})

	test('a date past the booking horizon is refused with its reason, and nothing is booked', async ({ page }) => {
		const account = await createAccount('horizonte')
		await signIn(page, account.email)
		for (const fecha of ['2099-01-05', '9999-12-31']) {
			const response = await postAs(page, siteURL('/solicitar-demostracion-kia'), {
				fecha,
				hora: '10:00',
				motivo: 'Lejos',
			})
			expect(response.status, fecha).toBe(400)
			expect(response.body).toContain('Solo se pueden reservar demostraciones en los próximos 90 días.')
		}
		expect((await serviceClient().from('reservas').select('id').eq('user_id', account.id)).data).toEqual([])
	})

	test('a client already holding three upcoming demos is told how to book another, without JavaScript too', async ({
		browser,
	}) => {
		const account = await createAccount('tres-pendientes', 'Irene Sanz')
		for (let i = 0; i < 3; i++) await createMeeting(account.id, account.email)
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, account.email)
		await page.goto(siteURL('/solicitar-demostracion-kia'))
		const { fecha, hora } = uniqueSlot()
		await slotRadio(page, { fecha, hora }).check()
		await page.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Ya tienes 3 demostraciones pendientes.' })).toBeVisible()
		const held = await serviceClient()
			.from('reservas')
			.select('id')
			.eq('user_id', account.id)
			.eq('status', 'confirmada')
		expect(held.data).toHaveLength(3)
		await context.close()
	})

	test('twenty concurrent bookings of one slot leave exactly one confirmed', async ({ page }) => {
		const account = await createAccount('carrera')
		await signIn(page, account.email)
		const { fecha, hora } = uniqueSlot()
		const responses = await Promise.all(
			Array.from({ length: 20 }, () =>
				postAs(page, siteURL('/solicitar-demostracion-kia'), { fecha, hora, motivo: 'Carrera' }),
			),
		)
		expect(responses.filter((response) => response.status === 200)).toHaveLength(1)
		expect(responses.filter((response) => response.status === 409)).toHaveLength(19)
		const rows = await serviceClient()
			.from('reservas')
			.select('id')
			.eq('fecha', fecha)
			.eq('hora', hora)
			.eq('status', 'confirmada')
		expect(rows.data).toHaveLength(1)
	})

	test('signed in, without JavaScript: the booking is confirmed on the page', async ({ browser }) => {
		const account = await createAccount('sin-js-reserva', 'Raúl Pons')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, account.email)
		await page.goto(siteURL('/solicitar-demostracion-kia'))
		await expect(page.getByRole('main').getByLabel('Nombre')).toHaveCount(0)
		const { fecha, hora } = uniqueSlot()
		await slotRadio(page, { fecha, hora }).check()
		await page.getByRole('button', { name: 'Reservar demostración' }).click()
		const confirmation = page.getByRole('main').getByRole('status').filter({ hasText: '¡Cita confirmada!' })
		await expect(confirmation).toContainText(formatFullDate(fecha))
		await expect(confirmation).toContainText(`${hora} (hora de Madrid)`)
		await expect(page.getByRole('radio')).toHaveCount(0)
		await context.close()
	})
})

test('screenshots of a booking’s confirmation, desktop and phone, dark and light', async ({ browser, page }) => {
	const account = await createAccount('captura-reserva', 'Marta Ruiz')
	await startSession(page, account.email)
	await screenshotThemes(browser, {
		name: 'reserva-confirmada',
		url: siteURL('/solicitar-demostracion-kia'),
		cookies: await page.context().cookies(),
		prepare: async (shot) => {
			// One booking per picture: the account stays under the limit of pending demos.
			await serviceClient().from('reservas').delete().eq('user_id', account.id).throwOnError()
			await slotRadio(shot, uniqueSlot()).check()
			await shot.getByRole('button', { name: 'Reservar demostración' }).click()
			const confirmation = shot.getByRole('main').getByRole('status')
			await expect(confirmation).toContainText('¡Cita confirmada!')
			// In sight once the form it replaces is gone, and the toast at rest.
			await expect(confirmation).toBeInViewport({ ratio: 1 })
			const header = await shot.getByRole('banner').boundingBox()
			await expect
				.poll(async () => (await shot.locator('[data-sonner-toast]').boundingBox())?.y ?? 0)
				.toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0))
		},
	})
})

test.describe('the demo page’s breadcrumb', () => {
	const trail = (page: Page) =>
		page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('listitem').allTextContents()
	const demoLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Solicitar demostración' })

	test('names the page the visitor came from, and keeps it once the demo is booked', async ({ page }) => {
		const account = await createAccount('miga', 'Elsa Vidal')
		await signIn(page, account.email)
		await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
		await openApp(page, siteURL('/tarifas'))
		await demoLink(page).click()
		await expect(page).toHaveURL(siteURL('/solicitar-demostracion-kia'))
		await expect.poll(() => trail(page)).toEqual(['Inicio', 'Tarifas', 'Solicitar demostración'])
		await expect(
			page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Tarifas' }),
		).toHaveAttribute('href', '/tarifas')
		await slotRadio(page, uniqueSlot()).check()
		await page.getByRole('button', { name: 'Reservar demostración' }).click()
		await expect(page.getByRole('status').filter({ hasText: '¡Cita confirmada!' })).toBeVisible()
		expect(await trail(page)).toEqual(['Inicio', 'Tarifas', 'Solicitar demostración'])
	})

	test('without JavaScript too; opened directly, or from Inicio, it is Inicio alone', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/tarifas/business'))
		await demoLink(page).click()
		await expect(page).toHaveURL(siteURL('/solicitar-demostracion-kia'))
		expect(await trail(page)).toEqual(['Inicio', 'Plan Business', 'Solicitar demostración'])
		await page.goto(siteURL('/'))
		await demoLink(page).click()
		expect(await trail(page)).toEqual(['Inicio', 'Solicitar demostración'])
		await page.goto(siteURL('/solicitar-demostracion-kia'))
		expect(await trail(page)).toEqual(['Inicio', 'Solicitar demostración'])
		await context.close()
	})
})

test('the booking dialog on /contacto books without leaving for the form', async ({ page }) => {
	const account = await createAccount('dialogo', 'Nuria Sáez')
	await signIn(page, account.email)
	await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
	await openApp(page, siteURL('/contacto'))
	await page.getByRole('button', { name: 'O reserva una reunión' }).click()
	const dialog = page.getByRole('dialog', { name: 'Reserva una demostración gratuita' })
	// The dialog fetches its form and the free slots when it opens: slow on a loaded machine.
	await expect(dialog.getByRole('button', { name: 'Reservar demostración' })).toBeVisible({ timeout: 30_000 })
	await expect(dialog.getByLabel('Nombre')).toHaveCount(0)
	const { fecha, hora } = uniqueSlot()
	await slotRadio(dialog, { fecha, hora }).check()
	await dialog.getByRole('button', { name: 'Reservar demostración' }).click()
	await expect(page.getByRole('status').filter({ hasText: '¡Cita confirmada!' })).toBeVisible(dialogBookingRoundTrip)
})

test('signed out on a plan page: the booking draft comes back to it, its dialog open with the slot, one click from booking', async ({
	page,
}) => {
	const account = await createAccount('reserva-plan', 'Pau Ribas')
	await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
	await openApp(page, siteURL('/tarifas/business'))
	await page.getByRole('button', { name: 'Reservar reunión' }).click()
	const dialog = page.getByRole('dialog', { name: 'Reserva una demostración gratuita' })
	const slot = uniqueSlot()
	await expect(dialog.getByLabel('Nombre')).toBeVisible(bookingDialogLoad)
	await dialog.getByLabel('Nombre').fill('Pau Ribas')
	await dialog.getByLabel('Email').fill(account.email)
	await slotRadio(dialog, slot).check()
	await dialog.getByLabel('Motivo de la reunión').fill('El plan Business para mi gestoría')
	await dialog.getByRole('button', { name: 'Reservar demostración' }).click()

	await page.waitForURL(/\/auth\?tab=signup/)
	await page.getByRole('link', { name: 'Iniciar Sesión' }).click()
	await page.locator('#signin').getByLabel('Contraseña').fill(account.password)
	await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()

	await page.waitForURL(siteURL('/tarifas/business?reservar=1'))
	const reopened = page.getByRole('dialog', { name: 'Reserva una demostración gratuita' })
	await expect(slotRadio(reopened, slot)).toBeChecked({ timeout: 30_000 })
	await expect(reopened.getByLabel('Nombre')).toHaveCount(0)
	await expect(reopened.getByLabel('Motivo de la reunión')).toHaveValue('El plan Business para mi gestoría')
	await reopened.getByRole('button', { name: 'Reservar demostración' }).click()
	await expect(page.getByRole('status').filter({ hasText: '¡Cita confirmada!' })).toBeVisible(dialogBookingRoundTrip)
	const rows = await serviceClient().from('reservas').select('fecha, hora, motivo').eq('user_id', account.id)
	expect(rows.data).toEqual([{ ...slot, hora: `${slot.hora}:00`, motivo: 'El plan Business para mi gestoría' }])
})

test('a booking, its reschedule and its cancellation each send the client and the company inbox the invitation of one meeting', async ({
	page,
}) => {
	const account = await createAccount('invitacion', 'Zoë Núñez')
	await signIn(page, account.email)
	const [slot, moveTo] = [uniqueSlot(), uniqueSlot()]
	const booked = await postAs(page, siteURL('/solicitar-demostracion-kia'), { ...slot, motivo: 'Demo; con, comas' })
	expect(booked.status).toBe(200)
	const { data: row } = await serviceClient().from('reservas').select('id').eq('user_id', account.id).single()
	const id = row?.id ?? ''
	const moved = await postAs(page, portalURL('/dashboard/reuniones'), { intent: 'reschedule', id, ...moveTo })
	expect(moved.status).toBe(302)
	const cancelled = await postAs(page, portalURL('/dashboard/reuniones'), { intent: 'cancel', id })
	expect(cancelled.status).toBe(302)

	const company = 'hola@kia.es'
	const steps = [
		[/^Tu demostración de KIA: /, /^Nueva demostración reservada: /, 'REQUEST', '0', 'CONFIRMED'],
		[/^Tu reunión con KIA ha cambiado de fecha$/, /^Demostración reprogramada: /, 'REQUEST', '1', 'CONFIRMED'],
		[/^Tu reunión con KIA ha sido cancelada$/, /^Demostración cancelada: /, 'CANCEL', '2', 'CANCELLED'],
	] as const
	for (const [toClient, toCompany, method, sequence, status] of steps) {
		const expected = { part: method, method, uid: id, sequence, status }
		expect(await versionIn(await newestMail(account.email, toClient))).toEqual(expected)
		expect(await versionIn(await mailMentioning(company, toCompany, account.email))).toEqual(expected)
	}
	expect(await inbox(account.email)).toHaveLength(3)
})
