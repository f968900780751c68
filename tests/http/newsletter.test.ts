import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { waitForMail } from '../support/mail'
import {
	confirmSubject,
	confirmedSubscriber,
	linkInText,
	mailsTo,
	oneClickUnsubscribe,
	postLinkPage,
	subscribeByPost,
} from '../support/newsletter'
import { uniqueEmail } from '../support/unique'
import { rawRequest, siteURL } from '../support/urls'
import { serviceClient } from '../support/supabase'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

const subscriber = async (email: string) => {
	const { data } = await serviceClient()
		.from('boletin_suscriptores')
		.select('id, estado')
		.eq('email', email)
		.maybeSingle()
		.throwOnError()
	return data
}

describe('newsletter, double opt-in', () => {
	test('subscribing again is harmless: a confirmed address gets no mail, a pending one the link it already has', async () => {
		const email = uniqueEmail('boletin-otra-vez')
		expect((await subscribeByPost(email)).status).toBe(302)
		const first = linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar')
		expect((await subscribeByPost(email)).status).toBe(302)
		await expect.poll(() => mailsTo(email, confirmSubject)).toBe(2)
		const second = linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar')
		expect(second).toBe(first)
		expect((await postLinkPage(first)).status).toBe(200)

		expect((await subscribeByPost(email)).status).toBe(302)
		expect(await subscriber(email)).toMatchObject({ estado: 'confirmado' })
		expect(await mailsTo(email, confirmSubject)).toBe(2)
	})

	test('a link issued again, past the hour its predecessor was kept for, replaces it', async () => {
		const email = uniqueEmail('boletin-nuevo-enlace')
		expect((await subscribeByPost(email)).status).toBe(302)
		const first = linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar')
		const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString()
		await serviceClient()
			.from('boletin_suscriptores')
			.update({ confirmacion_enviada_at: twoHoursAgo })
			.eq('email', email)
			.throwOnError()
		expect((await subscribeByPost(email)).status).toBe(302)
		await expect.poll(() => mailsTo(email, confirmSubject)).toBe(2)
		const second = linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar')
		expect(second).not.toBe(first)
		const stale = await postLinkPage(first)
		expect(stale.status).toBe(400)
		expect(stale.body).toContain('Este enlace no es válido o ha caducado')
		expect((await postLinkPage(second)).status).toBe(200)
	})

	test('one address gets at most three confirmation e-mails an hour, whoever asks', async () => {
		const email = uniqueEmail('boletin-insistente')
		for (let attempt = 1; attempt <= 5; attempt++) {
			expect((await subscribeByPost(email)).status).toBe(302)
			await expect.poll(() => mailsTo(email, confirmSubject)).toBe(Math.min(attempt, 3))
		}
		await new Promise((resolve) => setTimeout(resolve, 500))
		expect(await mailsTo(email, confirmSubject)).toBe(3)
	})

	test('links that are not ours, stale or tampered, change nothing', async () => {
		const missing = await rawRequest(siteURL('/boletin/confirmar'))
		expect(missing.status).toBe(404)
		expect(missing.body).toContain('Este enlace no es válido o ha caducado')
		const bogus = await postLinkPage(siteURL('/boletin/confirmar?token=inventado'))
		expect(bogus.status).toBe(400)

		const email = uniqueEmail('boletin-caducado')
		expect((await subscribeByPost(email)).status).toBe(302)
		const link = linkInText(await waitForMail(email, confirmSubject), '/boletin/confirmar')
		const dayAndAHourAgo = new Date(Date.now() - 25 * 3600_000).toISOString()
		await serviceClient()
			.from('boletin_suscriptores')
			.update({ confirmacion_enviada_at: dayAndAHourAgo })
			.eq('email', email)
			.throwOnError()
		expect((await postLinkPage(link)).status).toBe(400)
		expect(await subscriber(email)).toMatchObject({ estado: 'pendiente' })

		const confirmed = uniqueEmail('boletin-firma')
		const { unsubscribeUrl } = await confirmedSubscriber(confirmed)
		const url = new URL(unsubscribeUrl)
		const otherId = (await subscriber(email))?.id ?? ''
		for (const tampered of [
			`${url.origin}${url.pathname}?id=${url.searchParams.get('id')}&firma=${'A'.repeat(43)}`,
			`${url.origin}${url.pathname}?id=${otherId}&firma=${url.searchParams.get('firma')}`,
			`${url.origin}${url.pathname}?id=${url.searchParams.get('id')}`,
		]) {
			expect((await rawRequest(tampered)).status, tampered).toBe(404)
			expect((await oneClickUnsubscribe(tampered)).status, tampered).toBe(400)
		}
		expect(await subscriber(confirmed)).toMatchObject({ estado: 'confirmado' })
	})
})
