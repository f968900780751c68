import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-test'
import { inbox, waitForMail } from '../support/mail'
import { uniqueName } from '../support/unique'
import { portalURL } from '../support/urls'
import { createAccount, createAdminAccount, createSupportRequest } from '../support/data'
import { postAs, signIn, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'

const companyInbox = 'hola@kia.es'

/** A toast's text, in the notifications region (the page may say the same). */
const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notificaciones/ }).getByText(text)

const newRequestForm = (page: Page) => page.getByRole('region', { name: 'Nueva solicitud' })
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversación' })
const replyForm = (page: Page) => page.getByRole('region', { name: 'Responder', exact: true })

/** A request as a client opens it in /dashboard/soporte; the page it lands on is the request's own. */
async function openRequest(page: Page, subject: string, message: string) {
	const form = newRequestForm(page)
	await form.getByLabel('Asunto').fill(subject)
	await form.getByLabel('Mensaje').fill(message)
	await form.getByRole('button', { name: 'Enviar solicitud' }).click()
	await page.waitForURL(/\/dashboard\/soporte\/[0-9a-f-]{36}$/)
	return new URL(page.url()).pathname.split('/').at(-1) ?? ''
}

test.describe('support from the portal', () => {
	test('a client opens a request, the team answers from the inbox, and the client reads and continues the thread', async ({
		page,
		browser,
	}) => {
		const subject = uniqueName('Recordatorios del IVA')
		const cliente = await createAccount('soporte-cliente', 'Lucía Ferrer')
		await serviceClient()
			.from('asistentes')
			.insert({ user_id: cliente.id, nombre: 'Asistente fiscal', empresa: 'Gestoría Ferrer' })
			.throwOnError()
		await signIn(page, cliente.email)
		await page
			.getByRole('link', { name: /^Soporte/ })
			.first()
			.click()
		await expect(page).toHaveURL(portalURL('/dashboard/soporte'))
		await expect(
			page.getByRole('navigation', { name: 'Panel' }).getByRole('link', { name: 'Soporte' }),
		).toHaveAttribute('aria-current', 'page')
		await expect(page.getByText('Todavía no has enviado ninguna solicitud.')).toBeVisible()

		await newRequestForm(page).getByLabel('Asistente').selectOption({ label: 'Asistente fiscal (Gestoría Ferrer)' })
		const id = await openRequest(page, subject, 'Desde el lunes no salen los recordatorios del modelo 303.')
		await expect(toast(page, 'Solicitud enviada')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
		await expect(page.getByText('Recibida', { exact: true })).toBeVisible()
		await expect(page.getByText(/^Enviada el .* · Sobre el asistente fiscal$/)).toBeVisible()
		await expect(
			conversation(page).getByText('Desde el lunes no salen los recordatorios del modelo 303.'),
		).toBeVisible()

		const toCompany = await waitForMail(companyInbox, new RegExp(`^Nueva solicitud de soporte: ${subject}$`))
		expect(toCompany.text).toContain(`Lucía Ferrer <${cliente.email}> ha escrito desde el portal de clientes:`)
		expect(toCompany.text).toContain(`/admin/soporte/${id}`)

		const adminPage = await browser.newPage()
		const admin = await createAdminAccount('soporte-equipo', uniqueName('Soporte'))
		await signIn(adminPage, admin.email)
		await adminPage.goto(portalURL(`/admin/soporte?tipo=soporte&q=${encodeURIComponent(subject)}`))
		const row = adminPage.getByRole('row').filter({ hasText: subject })
		await expect(row).toContainText('Solicitud de cliente')
		await row.getByRole('link', { name: 'Lucía Ferrer' }).click()
		await expect(adminPage.getByText(subject, { exact: true })).toBeVisible()
		await expect(adminPage.getByText('Asistente fiscal')).toBeVisible()
		const note = adminPage.getByRole('region', { name: 'Añadir nota interna' })
		await note.getByLabel('Nota').fill('Revisar el token de WhatsApp: solo para el equipo.')
		await note.getByRole('button', { name: 'Guardar nota' }).click()
		await expect(toast(adminPage, 'Nota guardada')).toBeVisible()
		const answer = adminPage.getByRole('region', { name: 'Responder por email' })
		await expect(answer.getByLabel('Asunto')).toHaveValue(`Re: ${subject}`)
		await answer.getByLabel('Respuesta').fill('La conexión con WhatsApp había caducado; ya está renovada.')
		await answer.getByRole('button', { name: 'Enviar respuesta' }).click()
		await expect(toast(adminPage, `Respuesta enviada a ${cliente.email}`)).toBeVisible()

		const toClient = await waitForMail(cliente.email, new RegExp(`^Re: ${subject}$`))
		expect(toClient.text).toContain('La conexión con WhatsApp había caducado; ya está renovada.')
		expect(toClient.text).toContain(portalURL(`/dashboard/soporte/${id}`))

		await page.goto(portalURL('/dashboard/soporte'))
		const listed = page.getByRole('listitem').filter({ hasText: subject })
		await expect(listed).toContainText('En curso')
		await expect(listed).toContainText('1 respuesta')
		await listed.getByRole('link').click()
		await expect(conversation(page).getByText('Equipo KIA')).toBeVisible()
		await expect(
			conversation(page).getByText('La conexión con WhatsApp había caducado; ya está renovada.'),
		).toBeVisible()
		await expect(page.getByText('Revisar el token de WhatsApp')).toHaveCount(0)

		await replyForm(page).getByLabel('Mensaje').fill('¡Ya nos llegan! Gracias.')
		await replyForm(page).getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(toast(page, 'Mensaje enviado')).toBeVisible()
		await expect(conversation(page).getByRole('listitem').last()).toContainText('Tú')
		await expect(conversation(page).getByRole('listitem').last()).toContainText('¡Ya nos llegan! Gracias.')
		await expect(replyForm(page).getByLabel('Mensaje')).toHaveValue('')
		await waitForMail(companyInbox, new RegExp(`^Nuevo mensaje en una solicitud de soporte: ${subject}$`))

		await adminPage.reload()
		const thread = adminPage.getByRole('region', { name: 'Historial' })
		await expect(thread.getByRole('listitem').last()).toContainText('Mensaje del cliente')
		await expect(thread.getByRole('listitem').last()).toContainText('¡Ya nos llegan! Gracias.')
		await adminPage.close()
	})

	test('without JavaScript: a refused request keeps what was typed; a message on a resolved request reopens it', async ({
		browser,
	}) => {
		const subject = uniqueName('Factura duplicada')
		const cliente = await createAccount('soporte-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, cliente.email)
		await page.goto(portalURL('/dashboard/soporte'))
		// No assistant yet: nothing to choose.
		await expect(newRequestForm(page).getByLabel('Asistente')).toHaveCount(0)

		const form = newRequestForm(page)
		await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
		await form.getByLabel('Asunto').fill('   ')
		await form.getByLabel('Mensaje').fill('Nos habéis cobrado dos veces noviembre.')
		await form.getByRole('button', { name: 'Enviar solicitud' }).click()
		await expect(form.getByText('Escribe el asunto.')).toBeVisible()
		await expect(form.getByLabel('Mensaje')).toHaveValue('Nos habéis cobrado dos veces noviembre.')
		await form.getByLabel('Asunto').fill('x'.repeat(201))
		await form.getByRole('button', { name: 'Enviar solicitud' }).click()
		await expect(form.getByText('El asunto no puede superar los 200 caracteres.')).toBeVisible()
		const stored = await serviceClient().from('form_submissions').select('id').eq('solicitante', cliente.id)
		expect(stored.data).toEqual([])

		const id = await openRequest(page, subject, 'Nos habéis cobrado dos veces noviembre.')
		await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()

		await serviceClient().from('form_submissions').update({ status: 'resuelta' }).eq('id', id).throwOnError()
		await page.reload()
		await expect(page.getByText('Resuelta', { exact: true })).toBeVisible()
		await expect(page.getByText(/Si nos escribes de nuevo, la volveremos a abrir/)).toBeVisible()
		await replyForm(page)
			.locator('form')
			.evaluate((element) => element.setAttribute('novalidate', ''))
		await replyForm(page).getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(replyForm(page).getByText('Escribe tu mensaje.')).toBeVisible()
		await replyForm(page).getByLabel('Mensaje').fill('Vuelve a pasar en diciembre.')
		await replyForm(page).getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(conversation(page).getByText('Vuelve a pasar en diciembre.')).toBeVisible()
		// Nobody had it: back in the inbox as new.
		await expect(page.getByText('Recibida', { exact: true })).toBeVisible()
		const reopened = await serviceClient().from('form_submissions').select('status').eq('id', id).single()
		expect(reopened.data?.status).toBe('nueva')
		await context.close()
	})

	test('a client never reaches another client’s request nor names another’s assistant; signed out goes to sign in', async ({
		page,
		browser,
	}) => {
		const owner = await createAccount('soporte-dueno')
		const subject = uniqueName('Privado')
		const id = await createSupportRequest(owner.id, subject)
		const { data: foreign } = await serviceClient()
			.from('asistentes')
			.insert({ user_id: owner.id, nombre: 'Ajeno' })
			.select('id')
			.single()
			.throwOnError()

		const other = await createAccount('soporte-otro')
		await startSession(page, other.email)
		await page.goto(portalURL('/dashboard/soporte'))
		await expect(page.getByText(subject)).toHaveCount(0)
		for (const path of [
			`/dashboard/soporte/${id}`,
			`/dashboard/soporte/${crypto.randomUUID()}`,
			'/dashboard/soporte/x',
		]) {
			const response = await page.goto(portalURL(path))
			expect(response?.status(), path).toBe(404)
		}
		const intrusion = await postAs(page, portalURL(`/dashboard/soporte/${id}`), { message: 'Intruso' })
		expect(intrusion.status).toBe(404)
		const events = await serviceClient().from('form_submission_events').select('id').eq('submission_id', id)
		expect(events.data).toEqual([])

		const borrowed = await postAs(page, portalURL('/dashboard/soporte'), {
			subject: 'Con un asistente ajeno',
			message: 'Hola',
			assistant: foreign.id,
		})
		expect(borrowed.status).toBe(400)
		expect(borrowed.body).toContain('Elige uno de tus asistentes.')
		const mine = await serviceClient().from('form_submissions').select('id').eq('solicitante', other.id)
		expect(mine.data).toEqual([])
		expect(await inbox(other.email)).toEqual([])

		const visitor = await browser.newPage()
		await visitor.goto(portalURL(`/dashboard/soporte/${id}`))
		await expect(visitor).toHaveURL(/\/auth\?/)
		const anonymous = await postAs(visitor, portalURL('/dashboard/soporte'), { subject: 'Hola', message: 'Hola' })
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.location).toMatch(/\/auth\?/)
		await visitor.close()
	})
})
