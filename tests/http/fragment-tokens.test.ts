import { afterAll, beforeAll, expect, test } from 'vitest'
import { createAccount, testPassword } from '../support/data'
import { send, sessionCookie, setCookies, urlencoded } from '../support/hostile-input'
import { signedIn } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest, supabaseURL } from '../support/urls'

// /auth/callback#access_token=…: the implicit flow's tokens, which the page's script posts. A link can carry anyone's
// tokens, so they start a session only in a browser that started a flow here, and never swap the account signed in
// without asking (login CSRF, issue 64, finding 3).
let stack: TestApp
beforeAll(async () => {
	stack = await startTestApp()
})
afterAll(() => stack?.stop())

/** The tokens of a session of `email`'s, as an attacker would put them in a link. */
async function tokensOf(email: string) {
	const { session } = await signedIn(supabaseURL(), email, testPassword)
	return { access_token: session.access_token, refresh_token: session.refresh_token }
}

/** The PKCE verifier cookie a browser gets when it starts a flow here: a recovery asked from the sign-in page. */
async function startedFlowCookie(email: string) {
	const asked = await send(
		stack.portal('/auth'),
		urlencoded([
			['intent', 'recover'],
			['email', email],
		]),
	)
	const verifier = setCookies(asked)
		.map((cookie) => cookie.split(';')[0] ?? '')
		.find((pair) => /^sb-[^=]+-code-verifier=/.test(pair))
	if (!verifier) throw new Error('The recovery set no PKCE verifier')
	return verifier
}

const postTokens = (fields: Record<string, string>, cookie: string) =>
	send(stack.portal('/auth/callback'), urlencoded(Object.entries({ type: '', next: '/dashboard', ...fields })), {
		cookie,
	})

const greeting = async (cookie: string) =>
	/Te damos la bienvenida, ([^<]+)</.exec(
		(await rawRequest(stack.portal('/dashboard'), { headers: { Cookie: cookie } })).body,
	)?.[1]

test('tokens this browser did not ask for start no session, and the one signed in stays', async () => {
	const victim = await createAccount('fragmento-victima', 'Vera Víctima')
	const attacker = await createAccount('fragmento-atacante', 'Aitor Atacante')
	const cookie = await sessionCookie(victim.email)
	const refused = await postTokens(await tokensOf(attacker.email), cookie)
	expect([refused.status, refused.headers.location]).toEqual([302, '/auth?error=auth_failed'])
	expect(setCookies(refused).filter((set) => /^sb-[^=]+-auth-token/.test(set))).toEqual([])
	expect(await greeting(cookie)).toBe('Vera Víctima')
	// Nor does a browser signed in to nobody become the attacker's.
	const anonymous = await postTokens(await tokensOf(attacker.email), '')
	expect(anonymous.headers.location).toBe('/auth?error=auth_failed')
})

test('in a browser that started a flow, another account is switched to only when the person agrees', async () => {
	const current = await createAccount('fragmento-actual', 'Carmen Actual')
	const other = await createAccount('fragmento-otra', 'Olga Otra')
	const cookie = `${await sessionCookie(current.email)}; ${await startedFlowCookie(current.email)}`
	const tokens = await tokensOf(other.email)
	const asked = await postTokens(tokens, cookie)
	expect(asked.status).toBe(200)
	expect(asked.body).toContain('Este enlace es de otra cuenta')
	expect(await greeting(cookie)).toBe('Carmen Actual')

	const agreed = await postTokens({ ...tokens, switch: '1' }, cookie)
	expect([agreed.status, agreed.headers.location]).toEqual([302, '/dashboard'])
	const sessionNow = setCookies(agreed)
		.filter((set) => !/Max-Age=0/i.test(set))
		.map((set) => set.split(';')[0] ?? '')
		.filter((pair) => pair.startsWith('sb-'))
	expect(sessionNow.some((pair) => /-code-verifier=/.test(pair))).toBe(false)
	expect(setCookies(agreed).some((set) => /-code-verifier=;/.test(set) && /Max-Age=0/i.test(set))).toBe(true)
	expect(await greeting(sessionNow.join('; '))).toBe('Olga Otra')
})

test('in a browser that started a flow and has no session, the tokens sign it in (the spec’s callback)', async () => {
	const account = await createAccount('fragmento-propio', 'Paula Propia')
	const verifier = await startedFlowCookie(account.email)
	const signedIn = await postTokens(await tokensOf(account.email), verifier)
	expect([signedIn.status, signedIn.headers.location]).toEqual([302, '/dashboard'])
	const session = setCookies(signedIn)
		.filter((set) => !/Max-Age=0/i.test(set))
		.map((set) => set.split(';')[0] ?? '')
		.filter((pair) => pair.startsWith('sb-'))
		.join('; ')
	expect(await greeting(session)).toBe('Paula Propia')
})
