import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount, linkFrom, testPassword } from '../support/data'
import { formPost } from '../support/form-posts'
import { recoverySessionCookie, sessionCookie, urlencoded, send, withCookies } from '../support/hostile-input'
import { waitForMail } from '../support/mail'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// A password changes only with proof that its owner is there (issue 64, finding 4): on /auth/nueva-contrasena the
// e-mail link opened in the last 15 minutes, on Mi Cuenta the current password. Supabase Auth then ends every other
// session of the account, as the stand-in now does too.
let stack: TestApp
beforeAll(async () => {
	stack = await startTestApp()
})
afterAll(() => stack?.stop())

const address = '203.0.113.51'
const post = (path: string, fields: Record<string, string>, cookie: string) =>
	formPost(stack.portal(path), fields, address, { Cookie: cookie })

const signsIn = async (email: string, password: string) =>
	(
		await send(
			stack.portal('/auth'),
			urlencoded([
				['intent', 'signin'],
				['email', email],
				['password', password],
			]),
		)
	).status === 302

describe('/auth/nueva-contrasena', () => {
	test('a session signed in with the password sets none: the page asks for a new link', async () => {
		const account = await createAccount('clave-sin-enlace')
		const cookie = await sessionCookie(account.email)
		const page = await rawRequest(stack.portal('/auth/nueva-contrasena'), { headers: { Cookie: cookie } })
		expect(page.status).toBe(200)
		expect(page.body).toContain('Pide un enlace nuevo')
		expect(page.body).not.toContain('Guardar contraseña')
		const refused = await post('/auth/nueva-contrasena', { password: 'otra-clave-1', confirm: 'otra-clave-1' }, cookie)
		expect(refused.status).toBe(403)
		expect(await signsIn(account.email, testPassword)).toBe(true)
	})

	test('a session the recovery link just started sets it, and every other session of the account ends', async () => {
		const account = await createAccount('clave-con-enlace')
		const elsewhere = await sessionCookie(account.email)
		const cookie = await recoverySessionCookie(account.email)
		const saved = await post('/auth/nueva-contrasena', { password: 'nueva-clave-1', confirm: 'nueva-clave-1' }, cookie)
		expect([saved.status, saved.headers.location]).toEqual([302, '/dashboard'])
		expect(await signsIn(account.email, 'nueva-clave-1')).toBe(true)
		expect(await signsIn(account.email, testPassword)).toBe(false)
		// The other device's session is gone: what it posts asks Auth, which no longer has it.
		const stale = await post('/dashboard/cuenta', { intent: 'password-link' }, elsewhere)
		expect(stale.headers.location).toMatch(/^\/auth\?redirectTo=/)
	})
})

describe('Mi Cuenta', () => {
	const change = (cookie: string, fields: Record<string, string>) =>
		post('/dashboard/cuenta', { intent: 'password', ...fields }, cookie)

	test('asks for the current password, refuses a wrong one, and changes it with the right one', async () => {
		const account = await createAccount('clave-cuenta')
		const elsewhere = await sessionCookie(account.email)
		const cookie = await sessionCookie(account.email)
		const missing = await change(cookie, { password: 'nueva-clave-2', confirm: 'nueva-clave-2' })
		expect(missing.status).toBe(400)
		expect(missing.body).toContain('Introduce tu contraseña actual.')
		const wrong = await change(cookie, {
			currentPassword: 'no-es-esta',
			password: 'nueva-clave-2',
			confirm: 'nueva-clave-2',
		})
		expect(wrong.status).toBe(400)
		expect(wrong.body).toContain('La contraseña actual no es correcta.')
		expect(await signsIn(account.email, testPassword)).toBe(true)

		const saved = await change(cookie, {
			currentPassword: testPassword,
			password: 'nueva-clave-2',
			confirm: 'nueva-clave-2',
		})
		expect([saved.status, saved.headers.location]).toEqual([302, '/dashboard/cuenta'])
		expect(await signsIn(account.email, 'nueva-clave-2')).toBe(true)
		// This browser stays signed in; the other device does not.
		const here = withCookies(cookie, saved)
		expect((await post('/dashboard/cuenta', { intent: 'password-link' }, here)).headers.location).toBe(
			'/dashboard/cuenta',
		)
		expect((await post('/dashboard/cuenta', { intent: 'password-link' }, elsewhere)).headers.location).toMatch(
			/^\/auth\?redirectTo=/,
		)
	})

	test('an empty form changes nothing', async () => {
		const account = await createAccount('clave-vacia')
		const cookie = await sessionCookie(account.email)
		const empty = await change(cookie, { currentPassword: '', password: '', confirm: '' })
		expect(empty.status).toBe(200)
		expect(await signsIn(account.email, testPassword)).toBe(true)
	})

	test('“send me a link” mails a recovery link to the account’s own address', async () => {
		const account = await createAccount('clave-enlace-cuenta')
		const cookie = await sessionCookie(account.email)
		const sent = await post('/dashboard/cuenta', { intent: 'password-link' }, cookie)
		expect([sent.status, sent.headers.location]).toEqual([302, '/dashboard/cuenta'])
		expect(linkFrom(await waitForMail(account.email, /Restablece/))).toContain('type=recovery')
	})
})
