import { generateKeyPair, SignJWT } from 'jose'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LocalSupabase } from '../../local/supabase/server'
import { createUser, startTestSupabase } from '../support/supabase'
import { uniqueEmail } from '../support/unique'

// A session cookie whose access token names Supabase's real signing key (`kid`) but another algorithm: supabase-js's
// getClaims throws instead of answering with an error (issue 51, finding 6). Run through the app's own Supabase
// middleware and user lookup, configured for this file's stand-in: every page asks who is signed in this way.

/** The app's modules, configured afresh for this file's stand-in. */
async function appModules(url: string) {
	process.env.SUPABASE_URL = url
	vi.resetModules()
	const [clientModule, sessionModule, requestModule, logModule] = await Promise.all([
		import('~/.server/supabase/client'),
		import('~/.server/auth/session'),
		import('~/.server/http/request'),
		import('~/.server/log'),
	])
	return {
		...clientModule,
		...sessionModule,
		requestInfoContext: requestModule.requestInfoContext,
		log: logModule.log,
	}
}

let supabase: LocalSupabase
let app: Awaited<ReturnType<typeof appModules>>
beforeAll(async () => {
	supabase = await startTestSupabase()
	app = await appModules(supabase.url)
})
afterAll(() => supabase.stop())

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const cookieName = () => `sb-${new URL(supabase.url).hostname.split('.')[0]}-auth-token`

async function realSession() {
	const user = await createUser(supabase.url, uniqueEmail('sesion-falsa'))
	const { data } = await user.client.auth.getSession()
	if (!data.session) throw new Error('not signed in')
	return data.session
}

async function signingKeyId() {
	const response = await fetch(`${supabase.url}/auth/v1/.well-known/jwks.json`)
	const { keys } = (await response.json()) as { keys: { kid: string }[] }
	const kid = keys[0]?.kid
	if (!kid) throw new Error('the stand-in publishes no signing key')
	return kid
}

/** The real token's claims under a header of the attacker's choosing: unsigned (`alg: none`) or RS256 with a key of theirs. */
async function forgedToken(accessToken: string, alg: 'none' | 'RS256') {
	const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
		string,
		unknown
	>
	const kid = await signingKeyId()
	if (alg === 'none') return `${base64url({ alg: 'none', typ: 'JWT', kid })}.${base64url(claims)}.`
	const { privateKey } = await generateKeyPair('RS256')
	return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(privateKey)
}

/** The cookie @supabase/ssr writes for a session, with the forged access token in it. */
async function forgedCookie(alg: 'none' | 'RS256') {
	const session = await realSession()
	const forged = { ...session, access_token: await forgedToken(session.access_token, alg) }
	return `${cookieName()}=base64-${Buffer.from(JSON.stringify(forged)).toString('base64url')}`
}

/** A portal page's request through the app's Supabase middleware: who the page thinks is signed in, and the response. */
async function visit(cookie: string) {
	const request = new Request('http://portal.kia.localhost/dashboard', { headers: { Cookie: cookie } })
	const context = new RouterContextProvider()
	context.set(app.requestInfoContext, {
		id: 'prueba',
		nonce: 'nonce',
		host: 'portal',
		url: new URL(request.url),
		shared: false,
	})
	let user: unknown = 'not asked'
	const response = await app.supabaseMiddleware(
		{ request, context, params: {}, url: new URL(request.url), pattern: '/dashboard' },
		async () => {
			// Asked twice, as the layout and the page do: one verification, one log line.
			const [first] = await Promise.all([app.getOptionalUser(context, request), app.getOptionalUser(context, request)])
			user = first
			return new Response('ok')
		},
	)
	if (!(response instanceof Response)) throw new Error('the middleware returned no response')
	return { user, response }
}

describe('a forged session cookie', () => {
	test.each(['none', 'RS256'] as const)(
		'alg %s with the real kid: signed out, the session cookies cleared, one line logged',
		async (alg) => {
			const warn = vi.spyOn(app.log, 'warn').mockImplementation(() => {})
			const { user, response } = await visit(await forgedCookie(alg))
			expect(user).toBeNull()
			const cleared = response.headers
				.getSetCookie()
				.filter((cookie) => cookie.startsWith(`${cookieName()}=;`) && /Max-Age=0/i.test(cookie))
			expect(cleared).toHaveLength(1)
			expect(warn).toHaveBeenCalledTimes(1)
			const line = warn.mock.calls[0]?.map(String).join(' ') ?? ''
			expect(line).toMatch(/^\[auth\] /)
			expect(line).not.toContain('\n')
		},
	)

	test('a real session still signs in, and its cookies are left alone', async () => {
		const session = await realSession()
		const cookie = `${cookieName()}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`
		const { user, response } = await visit(cookie)
		expect(user).toMatchObject({ id: session.user.id, email: session.user.email })
		expect(response.headers.getSetCookie()).toEqual([])
	})
})
