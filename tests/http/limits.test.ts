import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueEmail } from '../support/unique'
import { formPost, statusesOf } from '../support/form-posts'
import { siteURL } from '../support/urls'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

// Every per-address limit of the public forms (app/.server/security/rate-limit.ts), shown at its edge with the message
// a visitor gets. The contact forms' limit is in site.spec.ts, the per-account limit of upcoming demos in
// booking.spec.ts.
/** A form post as a visitor at `address` sends it from our own page. */
const post = (path: string, fields: Record<string, string>, address: string) => formPost(siteURL(path), fields, address)

const limitedMessage = 'Has enviado demasiadas solicitudes. Espera unos minutos e inténtalo de nuevo.'

test('the newsletter takes 20 sign-ups from one address in 10 minutes, then says to wait', async () => {
	const address = uniqueAddress()
	const signUp = () => post('/resources/newsletter', { email: uniqueEmail('boletin'), redirectTo: '/blog' }, address)
	expect(await statusesOf(20, signUp)).toEqual(Array(20).fill(302))
	const limited = await signUp()
	expect(limited.status).toBe(429)
	expect(limited.body).toContain(limitedMessage)
	// Another visitor is not held back by this one.
	expect(
		(await post('/resources/newsletter', { email: uniqueEmail('boletin'), redirectTo: '/blog' }, uniqueAddress()))
			.status,
	).toBe(302)
})

test('booking takes 40 attempts from one address in 10 minutes, then says to wait', async () => {
	const address = uniqueAddress()
	// A Saturday: each attempt is counted and refused for its date, so no slot is taken while counting.
	const saturday = new Date()
	saturday.setUTCDate(saturday.getUTCDate() + 7)
	while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1)
	const attempt = () =>
		post(
			'/solicitar-demostracion-kia',
			{ nombre: 'Visitante', email: uniqueEmail('reserva'), fecha: saturday.toISOString().slice(0, 10), hora: '10:00' },
			address,
		)
	expect(await statusesOf(40, attempt)).toEqual(Array(40).fill(400))
	const limited = await attempt()
	expect(limited.status).toBe(429)
	expect(limited.body).toContain(limitedMessage)
})
