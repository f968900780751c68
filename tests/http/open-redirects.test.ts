import pMap from 'p-map'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccount, linkFrom, testPassword } from '../support/data'
import { send, sessionCookie, urlencoded, type Fields } from '../support/hostile-input'
import { waitForMail } from '../support/mail'
import { marker } from '../support/probes'
import { signedIn } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { appPort, portalURL, rawRequest, siteURL, supabaseURL, type RawResponse } from '../support/urls'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

// Every place a redirect target is accepted (issue 51, finding 1): only our own hosts, whatever is sent.

const redirectPayloads = () => [
	'https://evil.example',
	'//evil.example',
	'///evil.example',
	'/\\evil.example',
	'\\/evil.example',
	'\\\\evil.example',
	'javascript:alert(1)',
	'JaVaScRiPt:alert(1)',
	'data:text/html,<script>alert(1)</script>',
	'%2F%2Fevil.example',
	'/%2F/evil.example',
	'/%5Cevil.example',
	'https:evil.example',
	'https:/evil.example',
	'http://kia.localhost.evil.example',
	'http://kia.localhost.evil.example/solicitar-demostracion-kia',
	' //evil.example',
	'\t//evil.example',
	'/\t/evil.example',
	'\n//evil.example',
	'/\r\n/evil.example',
	`http://portal.kia.localhost:${appPort()}@evil.example`,
	`${siteURL('')}@evil.example/solicitar-demostracion-kia`,
	`http://evil.example\\@kia.localhost:${appPort()}/solicitar-demostracion-kia`,
	// Dot segments the URL parser removes, leaving `//evil.example` (issue 51, finding 1).
	'/.//evil.example/phish',
	'/..//evil.example/phish',
	'/%2e//evil.example/phish',
	'/%2E%2E//evil.example/phish',
	'/a/..//evil.example/phish',
	'/a/%2e%2e//evil.example/phish',
	'/./%2F/evil.example',
	// Beyond Latin-1: a Location header cannot carry these raw (issue 18, finding 4).
	'/blog?q=日本',
	'/dashboard/ñandú',
	'/🤖#sección',
]

const ownHosts = () => [new URL(siteURL()).host, new URL(portalURL()).host]

/** Where a browser would go: the Location resolved against the request, as WHATWG URL parsing does. */
function redirectTarget(response: RawResponse, from: string) {
	return new URL(String(response.headers.location ?? ''), from)
}

function expectOwnTarget(target: URL, what: string) {
	expect(ownHosts(), `${what} → ${target.href}`).toContain(target.host)
	expect(target.protocol, what).toBe('http:')
}

function expectOwnRedirect(response: RawResponse, from: string, what: string) {
	expect(response.status, what).toBeGreaterThanOrEqual(300)
	expect(response.status, what).toBeLessThan(400)
	expectOwnTarget(redirectTarget(response, from), what)
}

const decodeEntities = (value: string) =>
	value
		.replace(/&amp;/g, '&')
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')

describe('open redirects', () => {
	test('redirectTo on the resource routes, sign-in and the auth callback never leaves our hosts', async () => {
		const user = await createAccount('redirige')
		const cookie = await sessionCookie(user.email)
		const { session } = await signedIn(supabaseURL(), user.email, testPassword)
		const payloads = redirectPayloads()
		// An account per sign-in: sign-in attempts are limited per e-mail (app/.server/security/rate-limit.ts).
		const signInEmails = await Promise.all(payloads.map(async () => (await createAccount('redirige-entra')).email))
		const posts: [string, string, (payload: string) => Fields][] = [
			[
				'site theme',
				siteURL('/resources/theme'),
				(payload) => [
					['theme', 'dark'],
					['redirectTo', payload],
				],
			],
			[
				'portal theme',
				portalURL('/resources/theme'),
				(payload) => [
					['theme', 'dark'],
					['redirectTo', payload],
				],
			],
			[
				'consent',
				siteURL('/resources/consent'),
				(payload) => [
					['intent', 'accept'],
					['redirectTo', payload],
				],
			],
			[
				'newsletter',
				siteURL('/resources/newsletter'),
				(payload) => [
					['email', 'lector@kia.test'],
					['redirectTo', payload],
				],
			],
			[
				'sign-in',
				portalURL('/auth'),
				(payload) => [
					['intent', 'signin'],
					['email', signInEmails[payloads.indexOf(payload)] ?? ''],
					['password', testPassword],
					['redirectTo', payload],
				],
			],
			[
				'auth callback',
				portalURL('/auth/callback'),
				(payload) => [
					['access_token', session.access_token],
					['refresh_token', session.refresh_token],
					['type', ''],
					['next', payload],
				],
			],
		]
		for (const payload of payloads) {
			for (const [what, url, fields] of posts) {
				expectOwnRedirect(await send(url, urlencoded(fields(payload))), url, `${what} with ${JSON.stringify(payload)}`)
			}
			const query = `?${new URLSearchParams({ redirectTo: payload })}`
			// Signed in, /auth sends the visitor straight on.
			expectOwnRedirect(
				await rawRequest(portalURL(`/auth${query}`), { headers: { Cookie: cookie } }),
				portalURL('/auth'),
				`signed-in /auth with ${JSON.stringify(payload)}`,
			)
			// The portal's / keeps the query on its way to /auth.
			expectOwnRedirect(
				await rawRequest(portalURL(`/${query}`)),
				portalURL('/'),
				`portal / with ${JSON.stringify(payload)}`,
			)
			// Signed out, the form carries the destination it will use.
			const page = await rawRequest(portalURL(`/auth${query}`))
			const carried = [...page.body.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((match) =>
				decodeEntities(match[1] ?? ''),
			)
			expect(carried.length, payload).toBeGreaterThan(0)
			for (const value of carried)
				expectOwnTarget(new URL(value, portalURL('/auth')), `/auth form with ${JSON.stringify(payload)}`)
		}
	})

	test('Google sign-in and sign-up send Supabase back to our callback with a safe next', async () => {
		const payloads = redirectPayloads()
		const expectSafeCallback = (redirectTo: string | null, what: string) => {
			const callback = new URL(redirectTo ?? '')
			expect(callback.origin + callback.pathname, what).toBe(portalURL('/auth/callback'))
			expectOwnTarget(new URL(callback.searchParams.get('next') ?? '', portalURL('/')), what)
		}
		for (const payload of payloads) {
			const google = await send(
				portalURL('/auth'),
				urlencoded([
					['intent', 'google'],
					['redirectTo', payload],
				]),
			)
			expect(google.status).toBe(302)
			expectSafeCallback(
				redirectTarget(google, portalURL('/auth')).searchParams.get('redirect_to'),
				`Google with ${JSON.stringify(payload)}`,
			)
		}
		// Four at a time: twenty sign-ups sent at once queue together at the local Supabase (see buildProbes).
		const signUps = await pMap(
			payloads.entries(),
			async ([index, payload]) => {
				const email = `${marker()}-${index}@kia.test`
				const fields: Fields = [
					['intent', 'signup'],
					['fullName', 'Alta Redirigida'],
					['email', email],
					['password', testPassword],
					['redirectTo', payload],
				]
				const response = await send(portalURL('/auth'), urlencoded(fields))
				expect(response.status, payload).toBe(302)
				return { payload, email }
			},
			{ concurrency: 4 },
		)
		for (const { payload, email } of signUps) {
			const link = linkFrom(await waitForMail(email, /Confirma tu cuenta/))
			expectSafeCallback(new URL(link).searchParams.get('redirect_to'), `sign-up with ${JSON.stringify(payload)}`)
		}
	})
})
