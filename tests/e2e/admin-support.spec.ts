import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { inbox, waitForMail } from '../support/mail'
import { uniqueEmail, uniqueName } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createAdminAccount } from '../support/data'
import { postAs, signIn, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { screenshotThemes } from '../support/screenshots'

/** A message as a visitor sends it, through the contact page's form. */
async function sendContactMessage(page: Page, { name, email, message }: Record<'name' | 'email' | 'message', string>) {
	await openApp(page, siteURL('/contacto'))
	const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Enviar mensaje' }) })
	await form.getByLabel('Nombre', { exact: true }).fill(name)
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Mensaje').fill(message)
	await form.getByRole('button', { name: 'Enviar mensaje' }).click()
	await expect(page.getByText('¡Mensaje Enviado!')).toBeVisible()
}

/** A toast's text, in the notifications region (the thread may say the same). */
const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notificaciones/ }).getByText(text)

/** The stored item a test inserted, by its sender's unique address. */
async function insertItem(formType: 'Contacto General' | 'investor_contact', data: Record<string, string>) {
	const { data: row, error } = await serviceClient()
		.from('form_submissions')
		.insert({ form_type: formType, data })
		.select('id')
		.single()
	if (error) throw error
	return row.id
}

test.describe('support inbox', () => {
	test('a contact message reaches the inbox; an admin finds it without accents, takes it, notes and replies by e-mail', async ({
		page,
		browser,
	}) => {
		const email = uniqueEmail('remitente')
		const visitor = await browser.newPage()
		await sendContactMessage(visitor, {
			name: 'Íñigo Muñoz',
			email,
			message: 'Tenemos una gestoría y queremos recordar los plazos del IVA por WhatsApp.',
		})
		await visitor.close()

		const admin = await createAdminAccount('bandeja', uniqueName('Gestora'))
		await startSession(page, admin.email)
		await openApp(page, portalURL('/admin/soporte'))
		await page.getByRole('searchbox').fill('inigo munoz')
		await expect(page).toHaveURL(/q=/)
		await page.getByLabel('Estado').selectOption('nueva')
		await expect(page).toHaveURL(/estado=nueva/)
		const row = page.getByRole('row').filter({ hasText: email })
		await expect(row).toContainText('Contacto')
		await expect(row).toContainText('Nueva')
		await expect(row).toContainText('Sin asignar')
		await row.getByRole('link', { name: 'Íñigo Muñoz' }).click()

		await expect(page.getByRole('heading', { level: 1, name: 'Íñigo Muñoz' })).toBeVisible()
		await expect(
			page.getByText('Tenemos una gestoría y queremos recordar los plazos del IVA por WhatsApp.'),
		).toBeVisible()
		await expect(page.getByText('Aún no hay notas ni respuestas.')).toBeVisible()

		const manage = page.getByRole('region', { name: 'Gestión' })
		await manage.getByLabel('Estado').selectOption('en_curso')
		await manage.getByLabel('Asignado a').selectOption(admin.id)
		await manage.getByRole('button', { name: 'Guardar' }).click()
		await expect(toast(page, 'Cambios guardados')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('En curso')

		const note = page.getByRole('region', { name: 'Añadir nota interna' })
		await note.getByLabel('Nota').fill('Llamar el lunes: quieren empezar en enero.')
		await note.getByRole('button', { name: 'Guardar nota' }).click()
		await expect(toast(page, 'Nota guardada')).toBeVisible()
		const thread = page.getByRole('region', { name: 'Historial' })
		await expect(thread.getByText('Llamar el lunes: quieren empezar en enero.')).toBeVisible()
		await expect(note.getByLabel('Nota')).toHaveValue('')

		const reply = page.getByRole('region', { name: 'Responder por email' })
		await expect(reply.getByLabel('Asunto')).toHaveValue('Re: Tu mensaje a KIA')
		await reply.getByLabel('Asunto').fill('Tu asistente para la gestoría')
		await reply.getByLabel('Respuesta').fill('Hola Íñigo:\n\nTe proponemos una demostración el martes.')
		await reply.getByRole('button', { name: 'Enviar respuesta' }).click()
		await expect(toast(page, `Respuesta enviada a ${email}`)).toBeVisible()
		await expect(thread.getByText('Tu asistente para la gestoría')).toBeVisible()
		await expect(reply.getByLabel('Respuesta')).toHaveValue('')

		const mail = await waitForMail(email, /^Tu asistente para la gestoría$/)
		expect(mail.text).toContain('Te proponemos una demostración el martes.')
		expect(mail.headers?.['reply-to']).toContain('hola@kia.es')

		// Back to the list as it was: the search and the filter are still in the address.
		await page.getByRole('link', { name: 'Volver a Soporte' }).click()
		await expect(page).toHaveURL(/estado=nueva/)
		await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0)
		await page.getByLabel('Asignado a').selectOption('yo')
		await page.getByLabel('Estado').selectOption('')
		await expect(page.getByRole('row').filter({ hasText: email })).toContainText(admin.fullName)
	})

	test('without JavaScript: manage, note and reply are plain forms; a refused one keeps what was typed', async ({
		browser,
	}) => {
		const email = uniqueEmail('sin-js-remitente')
		const id = await insertItem('investor_contact', {
			fullName: 'Inés Ortega',
			email,
			entity: 'Ortega Capital',
			message: 'Ronda semilla',
		})
		const admin = await createAdminAccount('bandeja-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, admin.email)
		await page.goto(portalURL(`/admin/soporte?tipo=investor_contact&q=${encodeURIComponent(email)}`))
		await page.getByRole('link', { name: 'Inés Ortega' }).click()
		await expect(page.getByText('Ortega Capital')).toBeVisible()
		await expect(page.getByText(/^Inversor · Recibido el /)).toBeVisible()

		const reply = page.getByRole('region', { name: 'Responder por email' })
		await reply.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
		await reply.getByLabel('Asunto').fill('Sobre la ronda')
		await reply.getByLabel('Respuesta').fill('   ')
		await reply.getByRole('button', { name: 'Enviar respuesta' }).click()
		await expect(reply.getByText('Escribe la respuesta.')).toBeVisible()
		await expect(reply.getByLabel('Asunto')).toHaveValue('Sobre la ronda')
		expect(await inbox(email)).toEqual([])

		await reply.getByLabel('Respuesta').fill('Gracias, te escribimos esta semana.')
		await reply.getByRole('button', { name: 'Enviar respuesta' }).click()
		await expect(
			page.getByRole('region', { name: 'Historial' }).getByText('Gracias, te escribimos esta semana.'),
		).toBeVisible()
		await waitForMail(email, /^Sobre la ronda$/)
		// Answering a new item takes it: in progress, and assigned to whoever answered.
		const item = await serviceClient().from('form_submissions').select('status, assignee').eq('id', id).single()
		expect(item.data).toEqual({ status: 'en_curso', assignee: admin.id })

		const note = page.getByRole('region', { name: 'Añadir nota interna' })
		await note.getByLabel('Nota').fill('Enviar el dossier.')
		await note.getByRole('button', { name: 'Guardar nota' }).click()
		await expect(page.getByRole('region', { name: 'Historial' }).getByText('Enviar el dossier.')).toBeVisible()

		const manage = page.getByRole('region', { name: 'Gestión' })
		await manage.getByLabel('Estado').selectOption('resuelta')
		await manage.getByRole('button', { name: 'Guardar' }).click()
		await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Resuelta')
		const resolved = await serviceClient().from('form_submissions').select('status').eq('id', id).single()
		expect(resolved.data?.status).toBe('resuelta')
		await context.close()
	})

	test('a reply that takes a new item shows it taken in Gestión at once, and Guardar keeps it so', async ({
		page,
		browser,
	}) => {
		const admin = await createAdminAccount('bandeja-gestion')
		for (const javaScriptEnabled of [true, false]) {
			const email = uniqueEmail(`gestion-${javaScriptEnabled ? 'js' : 'sin-js'}`)
			const id = await insertItem('Contacto General', { name: 'Rocío Pérez', email, message: 'Quiero precios.' })
			const context = javaScriptEnabled ? page.context() : await browser.newContext({ javaScriptEnabled })
			const tab = javaScriptEnabled ? page : await context.newPage()
			await startSession(tab, admin.email)
			await (javaScriptEnabled
				? openApp(tab, portalURL(`/admin/soporte/${id}`))
				: tab.goto(portalURL(`/admin/soporte/${id}`)))
			const manage = tab.getByRole('region', { name: 'Gestión' })
			await expect(manage.getByLabel('Estado')).toHaveValue('nueva')
			await expect(manage.getByLabel('Asignado a')).toHaveValue('')

			const reply = tab.getByRole('region', { name: 'Responder por email' })
			await reply.getByLabel('Respuesta').fill('Te enviamos las tarifas.')
			await reply.getByRole('button', { name: 'Enviar respuesta' }).click()
			await expect(tab.getByRole('region', { name: 'Historial' }).getByText('Te enviamos las tarifas.')).toBeVisible()
			await expect(tab.getByRole('heading', { level: 1 }).locator('..')).toContainText('En curso')
			await expect(manage.getByLabel('Estado')).toHaveValue('en_curso')
			await expect(manage.getByLabel('Asignado a')).toHaveValue(admin.id)

			// 'Guardar' right after sends what the box shows: the reply's state, not the one before it.
			await manage.getByRole('button', { name: 'Guardar' }).click()
			if (javaScriptEnabled) await expect(toast(tab, 'Cambios guardados')).toBeVisible()
			else await expect(tab.getByRole('heading', { level: 1 }).locator('..')).toContainText('En curso')
			const saved = await serviceClient().from('form_submissions').select('status, assignee').eq('id', id).single()
			expect(saved.data).toEqual({ status: 'en_curso', assignee: admin.id })
			if (javaScriptEnabled)
				await screenshotThemes(browser, {
					name: 'admin-support-after-reply',
					url: tab.url(),
					cookies: await context.cookies(),
					fullPage: true,
				})
			else await context.close()
		}
	})

	test('a cliente reads and changes nothing; an unknown item is a 404; a cliente cannot be assigned', async ({
		page,
		browser,
	}) => {
		const email = uniqueEmail('intrusion')
		const id = await insertItem('Contacto General', { name: 'Privado', email, message: 'Confidencial' })
		const cliente = await createAccount('bandeja-cliente')
		await startSession(page, cliente.email)
		await page.goto(portalURL(`/admin/soporte/${id}`))
		await expect(page).toHaveURL(portalURL('/dashboard'))
		const posts: Record<string, string>[] = [
			{ intent: 'manage', status: 'resuelta' },
			{ intent: 'note', body: 'Intruso' },
			{ intent: 'reply', subject: 'Hola', body: 'Intruso' },
		]
		for (const form of posts) {
			const attempt = await postAs(page, portalURL(`/admin/soporte/${id}`), form)
			expect(attempt.status).toBe(302)
			expect(attempt.headers.location).toBe('/dashboard')
		}
		const untouched = await serviceClient().from('form_submissions').select('status').eq('id', id).single()
		expect(untouched.data?.status).toBe('nueva')
		expect((await serviceClient().from('form_submission_events').select('id').eq('submission_id', id)).data).toEqual([])
		expect(await inbox(email)).toEqual([])

		const adminPage = await browser.newPage()
		const admin = await createAdminAccount('bandeja-404')
		await signIn(adminPage, admin.email)
		for (const missing of [crypto.randomUUID(), 'no-es-un-id']) {
			const response = await adminPage.goto(portalURL(`/admin/soporte/${missing}`))
			expect(response?.status()).toBe(404)
		}
		const toCliente = await postAs(adminPage, portalURL(`/admin/soporte/${id}`), {
			intent: 'manage',
			status: 'en_curso',
			assignee: cliente.id,
		})
		expect(toCliente.status).toBe(400)
		const still = await serviceClient().from('form_submissions').select('status, assignee').eq('id', id).single()
		expect(still.data).toEqual({ status: 'nueva', assignee: null })
		await adminPage.close()
	})
})

test('the panel’s live figures link to the lists they count, filtered the same way', async ({ page }) => {
	const admin = await createAdminAccount('panel-cifras')
	await startSession(page, admin.email)
	await page.goto(portalURL('/admin'))
	const figures = page.getByRole('region', { name: 'Hoy' })
	// The next seven days from today, whatever day today is: on a Sunday 'this week' held only that Sunday.
	const bookings = figures.getByRole('link', { name: /Reuniones confirmadas en los próximos 7 días/ })
	await expect(bookings).toHaveText(/^\d+Reuniones/)
	const href = new URL((await bookings.getAttribute('href')) ?? '', portalURL('/'))
	const desde = href.searchParams.get('desde') ?? ''
	const hasta = new Date(`${desde}T12:00:00Z`)
	hasta.setUTCDate(hasta.getUTCDate() + 6)
	expect(href.pathname).toBe('/admin/reuniones')
	expect(Object.fromEntries(href.searchParams)).toEqual({
		estado: 'confirmada',
		desde: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date()),
		hasta: hasta.toISOString().slice(0, 10),
	})
	await expect(figures.getByRole('link', { name: /Ingresos recurrentes al mes/ })).toHaveText(/^\d[\d.]*\s€Ingresos/)
	await figures.getByRole('link', { name: /Mensajes nuevos en Soporte/ }).click()
	await expect(page).toHaveURL(portalURL('/admin/soporte?estado=nueva'))
	await expect(page.getByLabel('Estado')).toHaveValue('nueva')
})

test('an inbox row opens its item from anywhere on it, and by keyboard with the row outlined', async ({ page }) => {
	const email = uniqueEmail('fila-entera')
	const id = await insertItem('Contacto General', {
		name: 'Fila Entera',
		email,
		message: 'Toda la fila se puede pulsar.',
	})
	const admin = await createAdminAccount('fila-entera')
	await signIn(page, admin.email)
	const list = portalURL(`/admin/soporte?q=${encodeURIComponent(email)}`)
	await openApp(page, list)
	const row = page.getByRole('row').filter({ hasText: email })
	const link = row.getByRole('link', { name: 'Fila Entera' })
	// Each cell's middle is the link's: the row is one target, not only the sender's name.
	const targets = await row.getByRole('cell').evaluateAll((cells) =>
		cells.map((cell) => {
			const box = cell.getBoundingClientRect()
			return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('a')?.textContent
		}),
	)
	expect(targets).toEqual(Array(6).fill('Fila Entera'))
	const message = await row.getByText('Toda la fila se puede pulsar.').boundingBox()
	await page.mouse.click((message?.x ?? 0) + 10, (message?.y ?? 0) + 5)
	await expect(page).toHaveURL(portalURL(`/admin/soporte/${id}?q=${encodeURIComponent(email)}`))
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

	await openApp(page, list)
	await page.getByRole('searchbox').focus()
	for (
		let presses = 0;
		presses < 10 && !(await link.evaluate((element) => element === document.activeElement));
		presses++
	)
		await page.keyboard.press('Tab')
	await expect(link).toBeFocused()
	const ring = await link.evaluate((element) => {
		const after = getComputedStyle(element, '::after')
		return { style: after.outlineStyle, width: after.outlineWidth, position: after.position }
	})
	expect(ring).toEqual({ style: 'solid', width: '2px', position: 'absolute' })
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(portalURL(`/admin/soporte/${id}?q=${encodeURIComponent(email)}`))
})
