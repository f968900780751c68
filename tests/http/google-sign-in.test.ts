import { afterAll, beforeAll, expect, test } from 'vitest'
import { send, setCookies, urlencoded, withCookies } from '../support/hostile-input'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueEmail } from '../support/unique'
import { rawRequest, type RawResponse } from '../support/urls'

// 'Continuar con Google' as a browser goes through it, cookies kept between the steps: our sign-in page, the
// stand-in's consent page (Google's, in production), our callback. Each sign-in keeps a PKCE verifier of its own
// (@supabase/ssr 0.12.1 and later) and Supabase brings the flow's id back to the callback, which exchanges the code
// with that verifier: two sign-ins started in one browser (two tabs, or a second click after going back) both
// complete, in either order. With the one verifier of before, the one started first failed.
let stack: TestApp
beforeAll(async () => {
	stack = await startTestApp()
})
afterAll(() => stack?.stop())

const location = (response: RawResponse) => String(response.headers.location ?? '')

type Started = { authorize: URL; cookie: string }

/** The sign-in page's Google button, pressed in a browser holding `cookie`: on to Supabase's /authorize. */
async function startGoogle(cookie: string, redirectTo: string): Promise<Started> {
	const response = await send(
		stack.portal('/auth'),
		urlencoded([
			['intent', 'google'],
			['redirectTo', redirectTo],
		]),
		{ cookie },
	)
	expect(response.status).toBe(302)
	return { authorize: new URL(location(response)), cookie: withCookies(cookie, response) }
}

/** An identity chosen on the consent page: back to our callback with the flow's code. */
async function chooseAccount(authorize: URL, email: string, fullName: string) {
	const consent = await rawRequest(new URL('/auth/v1/authorize', authorize).href, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			provider: 'google',
			redirect_to: authorize.searchParams.get('redirect_to') ?? '',
			code_challenge: authorize.searchParams.get('code_challenge') ?? '',
			code_challenge_method: authorize.searchParams.get('code_challenge_method') ?? '',
			email,
			full_name: fullName,
		}).toString(),
	})
	expect(consent.status).toBe(302)
	const callback = new URL(location(consent))
	expect(callback.origin + callback.pathname).toBe(stack.portal('/auth/callback'))
	expect(callback.searchParams.get('code')).toBeTruthy()
	return callback.href
}

const verifierCookies = (cookie: string) =>
	cookie
		.split('; ')
		.map((pair) => pair.slice(0, pair.indexOf('=')))
		.filter((name) => name.endsWith('-code-verifier'))

const greeting = async (cookie: string) =>
	/Te damos la bienvenida, ([^<]+)</.exec(
		(await rawRequest(stack.portal('/dashboard'), { headers: { Cookie: cookie } })).body,
	)?.[1]

test('starting a Google sign-in keeps a verifier named by the flow id that goes to Supabase', async () => {
	const { authorize, cookie } = await startGoogle('', '/dashboard')
	const flowId = new URL(authorize.searchParams.get('redirect_to') ?? '').searchParams.get('sb_flow_id')
	expect(flowId).toMatch(/^[0-9a-f]{32}$/)
	// The flow's verifier, the index of pending flows, and the copy of the latest for a callback without an id.
	expect(verifierCookies(cookie).sort()).toEqual(
		[
			`sb-127-auth-token-flow-${flowId}-code-verifier`,
			'sb-127-auth-token-flows-code-verifier',
			'sb-127-auth-token-code-verifier',
		].sort(),
	)
})

test.each([
	['the one started first', [0, 1]],
	['the one started last', [1, 0]],
] as const)('two Google sign-ins started in one browser both complete, %s first', async (_, order) => {
	const accounts = [
		{ email: uniqueEmail('google-primera'), name: 'Gala Primera', target: '/dashboard' },
		{ email: uniqueEmail('google-segunda'), name: 'Gema Segunda', target: '/dashboard/cuenta' },
	]
	const first = await startGoogle('', accounts[0]?.target ?? '')
	const second = await startGoogle(first.cookie, accounts[1]?.target ?? '')
	let cookie = second.cookie
	const flows = [first, second]
	for (const index of order) {
		const account = accounts[index]
		const flow = flows[index]
		if (!account || !flow) throw new Error(`No flow ${index}`)
		const callback = await rawRequest(await chooseAccount(flow.authorize, account.email, account.name), {
			headers: { Cookie: cookie },
		})
		expect(location(callback), account.name).toBe(account.target)
		expect(setCookies(callback).some((set) => /^sb-127-auth-token=base64-/.test(set))).toBe(true)
		cookie = withCookies(cookie, callback)
		expect(await greeting(cookie)).toBe(account.name)
	}
	// Each exchange spent its own verifier and nobody else's: none is left once both are done.
	expect(verifierCookies(cookie)).toEqual([])
})

test('a code brought to a browser that did not start its flow signs nobody in', async () => {
	const started = await startGoogle('', '/dashboard')
	const callback = await rawRequest(await chooseAccount(started.authorize, uniqueEmail('google-ajena'), 'Ajena'), {
		headers: { Cookie: (await startGoogle('', '/dashboard')).cookie },
	})
	expect(location(callback)).toBe('/auth?error=auth_failed')
	expect(setCookies(callback).some((set) => /^sb-127-auth-token=base64-/.test(set))).toBe(false)
})
