import { expect, openApp, test } from '../support/e2e-test'
import { inbox, waitForMail } from '../support/mail'
import {
	confirmSubject,
	confirmedSubscriber,
	linkInText,
	mailsTo,
	oneClickUnsubscribe,
	postLinkPage,
	subscribeByPost,
	welcomeSubject,
} from '../support/newsletter'
import { uniqueEmail } from '../support/unique'
import { portalURL, rawRequest, siteURL } from '../support/urls'
import { createAccount, createAdminAccount } from '../support/data'
import { signIn } from '../support/browser'
import { serviceClient } from '../support/supabase'

const subscriber = async (email: string) => {
	const { data } = await serviceClient()
		.from('boletin_suscriptores')
		.select('id, estado')
		.eq('email', email)
		.maybeSingle()
		.throwOnError()
	return data
}

test.describe('newsletter, double opt-in', () => {
	test('the footer form e-mails a link whose page confirms with a click; the welcome unsubscribes in one click', async ({
		page,
	}) => {
		const email = uniqueEmail('boletin-alta')
		await openApp(page, siteURL('/blog'))
		const footer = page.locator('footer')
		await footer.getByLabel('Email').fill(email)
		await footer.getByRole('button', { name: 'Suscribirme' }).click()
		await expect(page.getByText('¡Ya casi está!')).toBeVisible()
		await expect(page.getByText('Te hemos enviado un correo para confirmar tu suscripción.')).toBeVisible()
		expect(await subscriber(email)).toMatchObject({ estado: 'pendiente' })

		const confirmation = await waitForMail(email, confirmSubject)
		const link = linkInText(confirmation, '/boletin/confirmar')
		// Opening the link (a mail scanner does) confirms nothing: the page asks for the click.
		await page.goto(link)
		await expect(page.getByRole('heading', { level: 1, name: 'Confirma tu suscripción' })).toBeVisible()
		expect(await subscriber(email)).toMatchObject({ estado: 'pendiente' })
		await page.getByRole('button', { name: 'Confirmar suscripción' }).click()
		await expect(page.getByRole('heading', { level: 1, name: '¡Suscripción confirmada!' })).toBeVisible()
		await expect(page.getByText(`Recibirás el boletín de KIA en ${email}.`)).toBeVisible()
		expect(await subscriber(email)).toMatchObject({ estado: 'confirmado' })

		const welcome = await waitForMail(email, welcomeSubject)
		const unsubscribeUrl = linkInText(welcome, '/boletin/baja')
		expect(welcome.headers?.['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`)
		expect(welcome.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

		// The sign-up is an item of the inbox.
		const items = await serviceClient()
			.from('form_submissions')
			.select('status, data')
			.eq('form_type', 'boletin')
			.eq('data->>email', email)
			.throwOnError()
		expect(items.data).toEqual([{ status: 'nueva', data: { email, message: 'Suscripción al boletín confirmada.' } }])

		// A second click on the link is still a success, and welcomes nobody twice.
		expect((await postLinkPage(link)).status).toBe(200)
		expect(await mailsTo(email, welcomeSubject)).toBe(1)

		const unsubscribed = await oneClickUnsubscribe(unsubscribeUrl)
		expect(unsubscribed.status).toBe(200)
		expect(unsubscribed.body).toContain('Te has dado de baja')
		expect(await subscriber(email)).toMatchObject({ estado: 'baja' })
	})

	test('without JavaScript: the footer form answers with the toast, and the link page confirms', async ({
		browser,
	}) => {
		const email = uniqueEmail('boletin-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/blog'))
		await page.locator('footer').getByLabel('Email').fill(email)
		await page.locator('footer').getByRole('button', { name: 'Suscribirme' }).click()
		await expect(page.getByRole('status')).toContainText('¡Ya casi está!')
		await page.goto(linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar'))
		await page.getByRole('button', { name: 'Confirmar suscripción' }).click()
		await expect(page.getByRole('heading', { level: 1, name: '¡Suscripción confirmada!' })).toBeVisible()
		await page.goto(linkInText(await waitForMail(email, welcomeSubject), '/boletin/baja'))
		await page.getByRole('button', { name: 'Darme de baja' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Te has dado de baja' })).toBeVisible()
		expect(await subscriber(email)).toMatchObject({ estado: 'baja' })
		await context.close()
	})

	test('a bad address is refused with the schema’s message and stores nothing', async ({ page }) => {
		await openApp(page, siteURL('/blog'))
		const footer = page.locator('footer')
		await footer.locator('form').evaluate((form) => form.setAttribute('novalidate', ''))
		await footer.getByLabel('Email').fill('no-es-un-email')
		await footer.getByRole('button', { name: 'Suscribirme' }).click()
		await expect(footer.getByText('Introduce un email válido.')).toBeVisible()
		expect(await subscriber('no-es-un-email')).toBeNull()
	})

	test('admins export the confirmed subscribers as CSV; nobody else can', async ({ page, browser }) => {
		const confirmed = uniqueEmail('boletin-csv-si')
		await confirmedSubscriber(confirmed)
		const pending = uniqueEmail('boletin-csv-no')
		expect((await subscribeByPost(pending)).status).toBe(302)

		const admin = await createAdminAccount('boletin-csv')
		await signIn(page, admin.email)
		// Where an admin looks for the newsletter: its own block on the panel's home, with the count it exports.
		await page.goto(portalURL('/admin'))
		const newsletter = page.getByRole('region', { name: 'Boletín' })
		await expect(newsletter).toContainText(/\d+ suscriptor(es)? confirmados?\./)
		const download = page.waitForEvent('download')
		await newsletter.getByRole('link', { name: 'Exportar suscriptores (CSV)' }).click()
		const file = await download
		expect(file.suggestedFilename()).toMatch(/^boletin-kia-\d{4}-\d{2}-\d{2}\.csv$/)
		const text = await (
			await file.createReadStream()
		)
			.toArray()
			.then((chunks) => Buffer.concat(chunks).toString('utf8'))
		expect(text.startsWith('\uFEFFEmail;Confirmado;Alta\r\n')).toBe(true)
		expect(text).toMatch(new RegExp(`\\r\\n${confirmed};\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};`))
		expect(text).not.toContain(pending)

		const cliente = await createAccount('boletin-csv-cliente')
		const clientPage = await browser.newPage()
		await signIn(clientPage, cliente.email)
		const cookies = await clientPage.context().cookies(portalURL('/'))
		const refused = await rawRequest(portalURL('/admin/boletin.csv'), {
			headers: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
		})
		expect(refused.status).toBe(302)
		expect(refused.body).not.toContain(confirmed)
		const anonymous = await rawRequest(portalURL('/admin/boletin.csv'))
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.location).toMatch(/\/auth\?/)
		await clientPage.close()
		expect(await inbox(pending)).toHaveLength(1)
	})
})
