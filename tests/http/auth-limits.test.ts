import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueEmail } from '../support/unique'
import { authLimitCopy, formPost, statusesOf } from '../support/form-posts'
import { portalURL, rawRequest } from '../support/urls'
import { createAccount, testPassword } from '../support/data'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

// Our own limits on auth attempts (app/.server/rate-limit.ts authRateLimits: hosted Supabase Auth sees only
// this server's address), per visitor address and per e-mail, each shown at its edge through the real forms.

/** The auth page's form post, as a visitor at `address` sends it from the page. */
const postAuth = (fields: Record<string, string>, address: string) => formPost(portalURL('/auth'), fields, address)

test('sign-in takes 10 attempts from one address in 10 minutes, then says to wait', async () => {
	const visitorAddress = uniqueAddress()
	const signIn = () =>
		postAuth({ intent: 'signin', email: uniqueEmail('entra'), password: 'incorrecta' }, visitorAddress)
	const statuses = await statusesOf(10, signIn)
	expect(statuses).toEqual(Array(10).fill(400))
	const refused = await signIn()
	expect(refused.status).toBe(429)
	expect(refused.body).toContain(authLimitCopy.signin)
	// Another visitor is not held back by this one.
	const account = await createAccount('entra-otra')
	expect(
		(await postAuth({ intent: 'signin', email: account.email, password: testPassword }, uniqueAddress())).status,
	).toBe(302)
})

test('password recovery takes 5 requests from one address in 10 minutes, then says to wait', async () => {
	const visitorAddress = uniqueAddress()
	const recover = () => postAuth({ intent: 'recover', email: uniqueEmail('olvido') }, visitorAddress)
	expect(await statusesOf(5, recover)).toEqual(Array(5).fill(302))
	const refused = await recover()
	expect(refused.status).toBe(429)
	// The message travels as a toast (the per-e-mail test below sees it with JavaScript): the page the
	// browser shows next, with the cookie the refusal set, carries it.
	const toastCookie = [refused.headers['set-cookie'] ?? []]
		.flat()
		.map((cookie) => cookie.split(';')[0])
		.join('; ')
	const next = await rawRequest(portalURL('/auth'), {
		headers: { Cookie: toastCookie, 'X-Forwarded-For': visitorAddress },
	})
	expect(next.body).toContain(authLimitCopy.recover)
	expect((await postAuth({ intent: 'recover', email: uniqueEmail('olvido') }, uniqueAddress())).status).toBe(302)
})
