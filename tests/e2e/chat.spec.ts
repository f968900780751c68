import type { Locator, Page } from '@playwright/test'
import { acceptCookies, startSession } from '../support/browser'
import { audit, followSystemTheme } from '../support/axe'
import { createAccount, createAdminAccount } from '../support/data'
import { serviceClient } from '../support/supabase'
import { expect, openApp, reloadApp, test } from '../support/e2e-test'
import { uniqueEmail, uniqueName } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { localCompany } from '../../app/.server/local-defaults'

// The site's chat in a browser (issue 54): the widget with JavaScript, /asistente without it, keyboard
// and screen-reader use, axe in both themes, and the team's page of questions.

const panelOf = (page: Page) => page.getByRole('region', { name: 'KIA Asistente Inteligente' })

async function openChat(page: Page, path = '/tarifas') {
	await openApp(page, siteURL(path))
	const launcher = page.getByRole('button', { name: 'Abrir chat con KIA' })
	await launcher.click()
	return panelOf(page)
}

async function send(page: Page, text: string) {
	const input = panelOf(page).getByLabel('Escribe tu mensaje')
	await input.fill(text)
	await input.press('Enter')
}

test.beforeEach(async ({ context }) => acceptCookies(context))

test.describe('the chat widget', () => {
	test('answers from the published pages, in a live region, with the passage and its links; focus stays in the panel', async ({
		page,
	}) => {
		const panel = await openChat(page)
		await expect(panel.locator('[data-sender="bot"]')).toHaveText(
			'¡Hola! Soy el asistente de KIA. ¿En qué puedo ayudarte hoy?',
		)
		await expect(panel.locator('ol[aria-live="polite"]')).toBeAttached()
		await send(page, '   ')
		await expect(panel.locator('[data-sender="user"]')).toHaveCount(0)

		await send(page, 'cuanto tardais')
		await expect(panel.locator('[data-sender="user"]')).toHaveText('cuanto tardais')
		const answer = panel.locator('[data-sender="bot"]').nth(1)
		await expect(answer.locator('blockquote')).toContainText('30 días con Starter')
		await expect(answer.getByRole('link', { name: 'Preguntas frecuentes' }).first()).toHaveAttribute('href', '/#faq')
		await expect(panel.getByTestId('typing')).toHaveCount(0)
		await expect(panel.getByLabel('Escribe tu mensaje')).toBeFocused()

		// Tab goes round the panel's own controls, and Escape hands focus back to the launcher.
		for (let presses = 0; presses < 12; presses++) {
			await page.keyboard.press('Tab')
			expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true)
		}
		await page.keyboard.press('Escape')
		await expect(panel).toBeHidden()
		await expect(page.getByRole('button', { name: 'Abrir chat con KIA' })).toBeFocused()
	})

	test('says when nothing published answers, and hands over to a person: the team gets the question', async ({
		page,
	}) => {
		const question = uniqueName('¿Vendéis coches de segunda mano?')
		const email = uniqueEmail('chat-persona')
		await openChat(page)
		await send(page, question)
		const panel = panelOf(page)
		await expect(panel.getByText('No encuentro la respuesta en lo que KIA ha publicado')).toBeVisible()
		await expect(panel.getByRole('link', { name: 'Escribirnos' })).toHaveAttribute('href', '/contacto')
		await expect(panel.getByRole('link', { name: 'Reservar demostración' })).toHaveAttribute(
			'href',
			'/solicitar-demostracion-kia',
		)
		await expect(panel.getByText('te responderá muy pronto')).toHaveCount(0)

		await panel.getByRole('button', { name: 'Hablar con una persona' }).click()
		const form = panel.getByTestId('handover')
		await expect(form.getByLabel('Tu email')).toBeFocused()
		await expect(form.getByLabel('Tu pregunta')).toHaveValue(question)
		// The first-layer privacy notice beside the button, as on every form that takes personal data.
		const notice = form.locator('[data-privacy-notice="handover"]')
		await expect(notice).toContainText(`Responsable: ${localCompany.COMPANY_LEGAL_NAME} Finalidad:`)
		await expect(notice.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute(
			'href',
			'/politica-privacidad',
		)
		await form.getByRole('button', { name: 'Enviar al equipo' }).click()
		await expect(form.getByText('Introduce tu email.')).toBeVisible()
		await form.getByLabel('Tu email').fill(email)
		await form.getByRole('button', { name: 'Enviar al equipo' }).click()
		await expect(panel.getByText(`te responderá muy pronto en ${email}`)).toBeVisible()
		await expect(panel.getByTestId('handover')).toHaveCount(0)
		await expect(panel.getByLabel('Escribe tu mensaje')).toBeFocused()
		const { data } = await serviceClient()
			.from('form_submissions')
			.select('form_type, data')
			.filter('data->>email', 'eq', email)
		expect(data).toEqual([{ form_type: 'chat', data: expect.objectContaining({ email, message: question }) }])
	})

	test('‘Quiero hablar con una persona’ opens the hand-over with the question asked before', async ({ page }) => {
		await openChat(page)
		await send(page, 'precio del plan starter')
		await expect(panelOf(page).locator('blockquote').first()).toBeVisible()
		await send(page, 'Quiero hablar con una persona')
		await expect(panelOf(page).getByTestId('handover').getByLabel('Tu pregunta')).toHaveValue('precio del plan starter')
	})

	test('axe finds nothing with an answer, a refusal and the hand-over open, in either theme', async ({
		page,
		context,
	}) => {
		await followSystemTheme(context)
		const { found, check } = audit(page)
		await openChat(page)
		await send(page, 'verifactu')
		await expect(panelOf(page).locator('blockquote').first()).toBeVisible()
		await send(page, 'receta de paella valenciana')
		await panelOf(page).getByRole('button', { name: 'Hablar con una persona' }).click()
		await expect(panelOf(page).getByTestId('handover')).toBeVisible()
		await check('chat', '[data-chat]')
		expect(found).toEqual([])
	})
})

/**
 * What a visitor can reach of `control`: whether the element drawn at points across its middle (a tenth in from
 * each end, and the centre) is the control or a part of it, for each point.
 */
function reachable(control: Locator) {
	return control.evaluate((element) => {
		const box = element.getBoundingClientRect()
		return [0.1, 0.5, 0.9].map((across) => {
			const top = document.elementFromPoint(box.left + box.width * across, box.top + box.height / 2)
			return !!top && element.contains(top)
		})
	})
}

/** The open chat's field and its close button are wholly in reach, and the cookie banner's buttons still are. */
async function expectChatClearOfTheBanner(page: Page) {
	const panel = panelOf(page)
	await expect(panel.getByLabel('Escribe tu mensaje')).toBeFocused()
	expect(await reachable(panel.getByLabel('Escribe tu mensaje')), 'the message field').toEqual([true, true, true])
	expect(await reachable(panel.getByRole('button', { name: 'Cerrar chat' })), 'the close button').toEqual([
		true,
		true,
		true,
	])
	const banner = page.getByRole('region', { name: 'Consentimiento de cookies' })
	for (const choice of ['Personalizar', 'Rechazar', 'Aceptar todo']) {
		expect(await reachable(banner.getByRole('button', { name: choice })), choice).toEqual([true, true, true])
	}
	// Once the visitor chooses, the banner goes and the chat stays usable where it settles.
	await banner.getByRole('button', { name: 'Aceptar todo' }).click()
	await expect(banner).toBeHidden()
	await expect.poll(() => reachable(panel.getByLabel('Escribe tu mensaje'))).toEqual([true, true, true])
}

// Issue 55: the banner (fixed, and above the chat) covered the open chat's field on /contacto.
test.describe('the open chat while the cookie banner is up', () => {
	test.beforeEach(async ({ context }) => context.clearCookies())

	test('on a desktop, the banner covers neither the field nor the close button', async ({ page }) => {
		await openApp(page, siteURL('/contacto'))
		await page.getByRole('button', { name: 'Abrir chat con KIA' }).click()
		await expectChatClearOfTheBanner(page)
	})

	test.describe('on a phone', () => {
		test.use({ viewport: { width: 390, height: 844 } })

		test('opened from the keyboard, the banner covers neither the field nor the close button @phone', async ({
			page,
		}) => {
			await openApp(page, siteURL('/contacto'))
			const launcher = page.getByRole('button', { name: 'Abrir chat con KIA' })
			await expect(launcher).toBeAttached({ timeout: 20_000 })
			// The button waits aside while the banner is under it: the keyboard brings it back (back from the banner).
			await page.getByRole('button', { name: 'Personalizar' }).focus()
			await page.keyboard.press('Shift+Tab')
			await expect(launcher).toBeFocused()
			await page.keyboard.press('Enter')
			await expectChatClearOfTheBanner(page)
		})
	})
})

test.describe('/asistente', () => {
	test('axe finds nothing on /asistente, the chat’s page: empty, answered, unanswered, in either theme', async ({
		page,
		context,
	}) => {
		await followSystemTheme(context)
		const { found, visit } = audit(page)
		for (const path of [
			'/asistente',
			'/asistente?pregunta=cuanto%20tardais',
			'/asistente?pregunta=receta%20de%20paella',
		])
			await visit(siteURL(path))
		expect(found).toEqual([])
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the launcher leads to /asistente, which answers in <main> and hands over to a person', async ({ page }) => {
		await page.goto(siteURL('/tarifas'))
		await page.getByRole('link', { name: 'Pregunta a KIA' }).click()
		await expect(page).toHaveURL(siteURL('/asistente'))
		await page.getByLabel('Tu pregunta').first().fill('¿Qué incluye el plan Starter?')
		await page.getByRole('button', { name: 'Preguntar' }).click()
		const main = page.locator('main')
		await expect(main.locator('blockquote')).toContainText('100 documentos')
		await expect(main.getByRole('link', { name: 'Plan Starter' }).first()).toHaveAttribute('href', '/tarifas/starter')

		const email = uniqueEmail('sin-js-persona')
		const form = main.locator('form[method="post"]')
		// Past the browser's own check of an e-mail field, not past ours.
		await form.getByLabel('Tu email').fill('ana@ejemplo')
		await form.getByRole('button', { name: 'Enviar al equipo' }).click()
		await expect(main.getByText('Introduce un email válido.')).toBeVisible()
		await expect(main.getByLabel('Tu pregunta', { exact: true }).last()).toHaveValue('¿Qué incluye el plan Starter?')
		await main.locator('form[method="post"]').getByLabel('Tu email').fill(email)
		await main.locator('form[method="post"]').getByRole('button', { name: 'Enviar al equipo' }).click()
		await expect(main.getByRole('status')).toContainText(`te responderá muy pronto en ${email}`)
	})
})

test.describe('/admin/asistente-web', () => {
	test('an admin sees what visitors asked, the result and pages, and the most frequent unanswered', async ({
		page,
	}) => {
		const unanswered = uniqueName('¿Tenéis app para relojes inteligentes')
		const service = serviceClient()
		const inserted = await service.from('asistente_preguntas').insert([
			{ pregunta: `${unanswered}?`, resultado: 'sin_respuesta', paginas: [] },
			{ pregunta: `¡${unanswered.toUpperCase()}!`, resultado: 'sin_respuesta', paginas: [] },
			{ pregunta: uniqueName('¿Cuánto cuesta?'), resultado: 'respondida', paginas: ['/tarifas'] },
		])
		expect(inserted.error).toBeNull()
		const admin = await createAdminAccount('asistente-web')
		await startSession(page, admin.email)
		await page.goto(portalURL('/admin/asistente-web'))
		await expect(page.getByRole('heading', { level: 1, name: 'Asistente web' })).toBeVisible()
		const frequent = page.getByRole('region', { name: 'Preguntas sin respuesta más frecuentes' })
		await expect(frequent.getByRole('listitem').filter({ hasText: /relojes inteligentes/i })).toContainText('2 veces')
		await expect(page.getByRole('table').getByRole('link', { name: '/tarifas' }).first()).toHaveAttribute(
			'href',
			siteURL('/tarifas'),
		)
		await page.getByLabel('Resultado').selectOption('sin_respuesta')
		await page
			.getByRole('button', { name: 'Buscar' })
			.click()
			.catch(() => undefined)
		await expect(page).toHaveURL(/resultado=sin_respuesta/)
		await expect(page.getByRole('table').getByText('Respondida')).toHaveCount(0)
		await followSystemTheme(page.context())
		await reloadApp(page)
		const { found, check } = audit(page)
		await check('asistente-web, sin respuesta')
		expect(found).toEqual([])
	})

	test('a visitor is sent to sign in and a cliente to the dashboard', async ({ page }) => {
		await page.goto(portalURL('/admin/asistente-web'))
		await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fasistente-web/)
		const cliente = await createAccount('asistente-web-cliente')
		await startSession(page, cliente.email)
		await page.goto(portalURL('/admin/asistente-web'))
		await expect(page).toHaveURL(portalURL('/dashboard'))
	})
})
