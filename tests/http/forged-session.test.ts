import { generateKeyPair, SignJWT, type JWTPayload } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount } from '../support/data'
import { sessionCookie, setCookies } from '../support/hostile-input'
import { startTestApp, type TestApp } from '../support/test-app'
import { portalURL, rawRequest, siteURL, supabaseURL } from '../support/urls'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

// A session cookie whose access token names Supabase's real key under another algorithm (issue 51, finding 6):
// pages answer as to a visitor and clear it.

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A real session cookie (every chunk @supabase/ssr split it into, joined) with its access token swapped for one
 * that names Supabase's real signing key (`kid`) under another algorithm: unsigned, or RS256 with a key of ours.
 */
async function forgedSessionCookie(cookie: string, alg: 'none' | 'RS256') {
	const pairs = cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])
	const name = (pairs[0]?.[0] ?? '').replace(/\.\d+$/, '')
	const encoded = pairs
		.sort(([a], [b]) => Number(a?.split('.').at(-1)) - Number(b?.split('.').at(-1)))
		.map(([, value]) => value)
		.join('')
	const session = JSON.parse(Buffer.from(encoded.replace(/^base64-/, ''), 'base64url').toString()) as {
		access_token: string
	}
	const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()) as JWTPayload
	const jwks = (await (await fetch(`${supabaseURL()}/auth/v1/.well-known/jwks.json`)).json()) as {
		keys: { kid: string }[]
	}
	const kid = jwks.keys[0]?.kid ?? ''
	const token =
		alg === 'none'
			? `${base64urlJson({ alg, typ: 'JWT', kid })}.${base64urlJson(claims)}.`
			: await new SignJWT(claims)
					.setProtectedHeader({ alg, typ: 'JWT', kid })
					.sign((await generateKeyPair('RS256')).privateKey)
	return `${name}=base64-${base64urlJson({ ...session, access_token: token })}`
}

describe('forged session tokens', () => {
	test('a token with alg none or RS256 and the real kid: every page answers as to a visitor and clears the cookie', async () => {
		const user = await createAccount('token-falso')
		const cookie = await sessionCookie(user.email)
		for (const alg of ['none', 'RS256'] as const) {
			const forged = await forgedSessionCookie(cookie, alg)
			const name = forged.slice(0, forged.indexOf('='))
			const pages: [string, number][] = [
				[siteURL('/'), 200],
				[siteURL('/tarifas/business'), 200],
				[portalURL('/auth'), 200],
				[portalURL('/dashboard'), 302],
			]
			for (const [url, status] of pages) {
				const response = await rawRequest(url, { headers: { Cookie: forged } })
				const what = `${alg} on ${url}`
				expect(response.status, what).toBe(status)
				if (status === 302) expect(String(response.headers.location), what).toMatch(/^\/auth\?redirectTo=/)
				// The page shows no one signed in: the site's header offers the sign-in, not the dashboard.
				if (url === siteURL('/')) {
					expect(response.body, what).toContain('Acceso Clientes')
					expect(response.body, what).not.toContain('Ir al Dashboard')
				}
				const cleared = setCookies(response).filter((line) => line.startsWith(`${name}=;`))
				expect(cleared, what).toHaveLength(1)
				expect(cleared[0], what).toMatch(/Max-Age=0/i)
			}
		}
	})
})
