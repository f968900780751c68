import { startHttpsApp } from '../support/app-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { send, sessionCookie, setCookies, urlencoded } from '../support/hostile-input'
import { uniqueSlot } from '../support/unique'
import { portalURL, rawRequest, siteURL, type RawResponse } from '../support/urls'
import { createAccount } from '../support/data'
import { cookiePolicy } from '../../app/content/legal'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

/** A slot of its own (tests/support/unique.ts), as the booking form's fields. */
function slotFields(): [string, string][] {
	const { fecha, hora } = uniqueSlot()
	return [
		['fecha', fecha],
		['hora', hora],
	]
}

// Every cookie the app sets (issue 18, finding 3), read from the raw Set-Cookie headers of the real
// server: its flags, scope and lifetime, and why each is what it is. A cookie the app starts setting
// without a row here fails the first test.

/** COOKIE_DOMAIN of the suite (tests/e2e/global-setup.ts). */
const sharedDomain = 'kia.localhost'
const day = 24 * 60 * 60

type Policy = {
	/** Only the server may read it: it holds tokens or personal data, and no page script needs it. */
	httpOnly: boolean
	/** COOKIE_DOMAIN when both hosts need it; absent (host-only) when each host keeps its own. */
	domain?: string
	maxAge: number
}

const policies = {
	// The Supabase session (access and refresh tokens, split into .0, .1… when long). HttpOnly: the
	// app has no browser Supabase client, so no script of ours reads it, and one injected into a
	// page must not carry the tokens away. Both hosts: the site header says who is signed in, and the
	// demo and checkout pages book and pay as that user. Seven days from the last refresh (at most
	// hourly while in use), not @supabase/ssr's 400 days: see decision 009.
	session: { httpOnly: true, domain: sharedDomain, maxAge: 7 * day },
	// The PKCE verifier of a Google sign-in (also stored, unused, when a sign-up or a password recovery
	// starts: e-mail links carry a token hash): needed once, when the callback exchanges the code. One per
	// flow, an index of the flows pending, and a copy of the latest flow's for a callback without its id.
	// A secret: HttpOnly.
	codeVerifier: { httpOnly: true, domain: sharedDomain, maxAge: 60 * 60 },
	// Theme of each host (separate choices, so host-only). Not HttpOnly: the inline script
	// that runs before the first paint mirrors it into localStorage and writes it back when it was
	// lost (decision 002). It holds one of three words, checked on every read.
	theme: { httpOnly: false, maxAge: 365 * day },
	// The cookie choice, site only. Not HttpOnly: the consent banner's code writes it back from
	// localStorage when it was lost. Two booleans, checked on every read; asked again every 12 months.
	consent: { httpOnly: false, maxAge: 365 * day },
	// A signed one-shot message for the next page, which may be on the other host (signing in on the
	// portal from a site page); read and cleared by that page. No script needs it.
	toast: { httpOnly: true, domain: sharedDomain, maxAge: 60 },
	// What a signed-out visitor typed in the demo form (name, e-mail, reason), carried to the
	// portal's sign-up and back: personal data, so HttpOnly, signed, and gone in 30 minutes.
	bookingDraft: { httpOnly: true, domain: sharedDomain, maxAge: 30 * 60 },
	// The plan and period a signed-out visitor chose with 'Pagar y Activar', carried to the portal's sign-in and
	// back to the checkout: signed, so a link cannot start a purchase; both hosts; gone in 30 minutes.
	checkoutDraft: { httpOnly: true, domain: sharedDomain, maxAge: 30 * 60 },
	// A browser that has signed in to an account (decision 014): its failed sign-ins count apart, so guessing
	// from elsewhere cannot lock the owner out of it. Signed, naming the accounts by a keyed hash; the portal's
	// alone (only its sign-in reads it); a year, like a remembered device.
	device: { httpOnly: true, maxAge: 365 * day },
} satisfies Record<string, Policy>

const policyOf = (name: string): Policy | undefined => {
	if (/^sb-[a-z0-9]+-auth-token(-flow-[0-9a-f]+|-flows)?-code-verifier(\.\d+)?$/.test(name))
		return policies.codeVerifier
	if (/^sb-[a-z0-9]+-auth-token(\.\d+)?$/.test(name)) return policies.session
	return (
		{
			'kia-theme': policies.theme,
			'kia-portal-theme': policies.theme,
			'kia-consent': policies.consent,
			'kia-toast': policies.toast,
			'kia-booking-draft': policies.bookingDraft,
			'kia-checkout-draft': policies.checkoutDraft,
			'kia-device': policies.device,
		} as Record<string, Policy>
	)[name]
}

type ParsedCookie = { name: string; value: string; attributes: Map<string, string> }

function parse(header: string): ParsedCookie {
	const [pair = '', ...rest] = header.split(';').map((part) => part.trim())
	const split = pair.indexOf('=')
	const attributes = new Map(
		rest.map((attribute) => {
			const [key = '', ...value] = attribute.split('=')
			return [key.toLowerCase(), value.join('=')] as const
		}),
	)
	return { name: pair.slice(0, split), value: pair.slice(split + 1), attributes }
}

const cookiesOf = (response: RawResponse) => setCookies(response).map(parse)

/**
 * A cookie as its policy says: HttpOnly or not, Secure exactly when the app
 * is https, SameSite=Lax (links from e-mails, Google and Stripe bring the
 * visitor back with it; a cross-site post does not carry it), Path=/, the
 * policy's domain and lifetime; a clearing has the same scope and Max-Age=0.
 */
function expectPolicy(cookie: ParsedCookie, { secure = false, cleared = false } = {}) {
	const what = `${cookie.name}${cleared ? ' (cleared)' : ''}`
	const policy = policyOf(cookie.name)
	expect(policy, `${what} has no policy in this test`).toBeDefined()
	if (!policy) return
	const { attributes } = cookie
	expect(attributes.has('httponly'), `${what}: HttpOnly`).toBe(policy.httpOnly)
	expect(attributes.has('secure'), `${what}: Secure`).toBe(secure)
	expect(attributes.get('samesite'), `${what}: SameSite`).toBe('Lax')
	expect(attributes.get('path'), `${what}: Path`).toBe('/')
	expect(attributes.get('domain'), `${what}: Domain`).toBe(policy.domain)
	const maxAge = cleared ? 0 : policy.maxAge
	expect(attributes.get('max-age'), `${what}: Max-Age`).toBe(String(maxAge))
	// React Router's cookies add Expires; it must say the same as Max-Age.
	const expires = attributes.get('expires')
	if (expires !== undefined) {
		const expiresIn = Date.parse(expires) - Date.now()
		if (cleared) expect(expiresIn, `${what}: Expires`).toBeLessThanOrEqual(1000)
		else expect(Math.abs(expiresIn - maxAge * 1000), `${what}: Expires`).toBeLessThan(60_000)
	}
	expect(
		[...attributes.keys()].filter(
			(key) => !['httponly', 'secure', 'samesite', 'path', 'domain', 'max-age', 'expires'].includes(key),
		),
		what,
	).toEqual([])
	if (cleared) expect(cookie.value, what).toBe('')
}

const named = (cookies: ParsedCookie[], pattern: RegExp) => cookies.filter((cookie) => pattern.test(cookie.name))

/** Every way the app sets a cookie, through its real routes; `site`/`portal` build URLs of the app under test. */
async function everyCookie(site: (path: string) => string, portal: (path: string) => string) {
	const account = await createAccount('galletas')
	return {
		siteTheme: await send(site('/resources/theme'), urlencoded([['theme', 'light']])),
		portalTheme: await send(portal('/resources/theme'), urlencoded([['theme', 'system']])),
		consent: await send(site('/resources/consent'), urlencoded([['intent', 'reject']])),
		toast: await rawRequest(site('/__test/toast')),
		bookingDraft: await send(
			site('/solicitar-demostracion-kia'),
			urlencoded([
				['nombre', 'Visitante'],
				['email', 'visitante@kia.test'],
				...slotFields(),
				['motivo', 'Ver el asistente'],
			]),
		),
		checkoutDraft: await send(site('/tarifas/business'), urlencoded([['period', 'annual']])),
		signIn: await send(
			portal('/auth'),
			urlencoded([
				['intent', 'signin'],
				['email', account.email],
				['password', account.password],
			]),
		),
		google: await send(portal('/auth'), urlencoded([['intent', 'google']])),
	}
}

test('each cookie the app sets has the flags, scope and lifetime its purpose needs', async () => {
	const responses = await everyCookie(siteURL, portalURL)
	const all = Object.values(responses).flatMap(cookiesOf)
	for (const cookie of all) expectPolicy(cookie)
	const names = new Set(
		all.map((cookie) => cookie.name.replace(/\.\d+$/, '').replace(/-flow-[0-9a-f]+-/, '-flow-<id>-')),
	)
	expect([...names].sort()).toEqual([
		'kia-booking-draft',
		'kia-checkout-draft',
		'kia-consent',
		'kia-device',
		'kia-portal-theme',
		'kia-theme',
		'kia-toast',
		'sb-127-auth-token',
		'sb-127-auth-token-code-verifier',
		'sb-127-auth-token-flow-<id>-code-verifier',
		'sb-127-auth-token-flows-code-verifier',
	])
	// The cookie policy's list (/politica-cookies) names each, as visitors see them: `sb-…-`, `-flow-…-`.
	const listed = cookiePolicy.sections.flatMap((section) => section.list ?? []).flatMap((item) => item.split(/[\s,]+/))
	for (const name of names) {
		const spelt = name.replace(/^sb-127-/, 'sb-…-').replace('-flow-<id>-', '-flow-…-')
		expect(listed, `${spelt} in the cookie policy`).toContain(spelt)
	}
	expect(named(cookiesOf(responses.signIn), /^sb-127-auth-token(\.\d+)?$/).length).toBeGreaterThan(0)
	expect(named(cookiesOf(responses.google), /-code-verifier$/)).toHaveLength(3)
})

test('with https origins every cookie is Secure', async () => {
	// The suite's configuration with https origins, as production has; the test still speaks plain
	// HTTP to it (TLS ends at the load balancer), and the cookies must say Secure all the same.
	const https = await startHttpsApp()
	try {
		const at = (host: string) => (path: string) => `http://${host}:${https.port}${path}`
		const responses = await everyCookie(at('kia.localhost'), at('portal.kia.localhost'))
		const all = Object.values(responses).flatMap(cookiesOf)
		expect(all.length).toBeGreaterThanOrEqual(8)
		for (const cookie of all) expectPolicy(cookie, { secure: true })
	} finally {
		await https.stop()
	}
})

test('a refreshed session is written with the same flags and a fresh lifetime', async () => {
	const account = await createAccount('galletas-refresco')
	const cookie = await sessionCookie(account.email)
	expect(cookie, 'one session cookie (not chunked) for a small session').not.toContain('; ')
	const name = cookie.slice(0, cookie.indexOf('='))
	const encoded = cookie.slice(cookie.indexOf('=') + 1)
	const session = JSON.parse(Buffer.from(encoded.replace(/^base64-/, ''), 'base64url').toString()) as {
		expires_at: number
	}
	// Within the 90 s margin: the server refreshes the session before answering.
	const nearExpiry = `${name}=base64-${Buffer.from(JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + 30 })).toString('base64url')}`
	const response = await rawRequest(portalURL('/dashboard'), { headers: { Cookie: nearExpiry } })
	expect(response.status).toBe(200)
	const written = named(cookiesOf(response), /^sb-127-auth-token(\.\d+)?$/).filter((entry) => entry.value !== '')
	expect(written.length).toBeGreaterThan(0)
	for (const entry of written) expectPolicy(entry)
})

test('signing out clears every session cookie at the scope it was set with', async () => {
	const account = await createAccount('galletas-salir')
	const cookie = await sessionCookie(account.email)
	const chunks = cookie.split('; ').map((pair) => pair.slice(0, pair.indexOf('=')))
	const response = await send(portalURL('/auth/salir'), urlencoded([]), { cookie })
	expect(response.status).toBe(302)
	const cleared = cookiesOf(response).filter((entry) => entry.attributes.get('domain') === sharedDomain)
	expect(cleared.map((entry) => entry.name).sort()).toEqual([...chunks].sort())
	for (const entry of cleared) expectPolicy(entry, { cleared: true })
	// @supabase/ssr also clears host-only copies (left by an older configuration); harmless, and nothing else.
	for (const entry of cookiesOf(response).filter((entry) => entry.attributes.get('domain') !== sharedDomain)) {
		expect(chunks).toContain(entry.name)
		expect(entry.attributes.get('max-age')).toBe('0')
	}
})

test('the one-shot cookies are cleared at the scope they were set with', async () => {
	const toast = cookiesOf(await rawRequest(siteURL('/__test/toast')))[0]
	const shown = await rawRequest(portalURL('/auth'), { headers: { Cookie: `kia-toast=${toast?.value}` } })
	const [clearedToast] = named(cookiesOf(shown), /^kia-toast$/)
	expect(clearedToast).toBeDefined()
	if (clearedToast) expectPolicy(clearedToast, { cleared: true })

	const draft = named(
		cookiesOf(
			await send(
				siteURL('/solicitar-demostracion-kia'),
				urlencoded([['nombre', 'Visitante'], ['email', 'visitante@kia.test'], ...slotFields()]),
			),
		),
		/^kia-booking-draft$/,
	)[0]
	const account = await createAccount('galletas-borrador')
	const signedIn = await sessionCookie(account.email)
	const booked = await send(
		siteURL('/solicitar-demostracion-kia'),
		urlencoded([...slotFields(), ['motivo', 'Ver el asistente']]),
		{
			cookie: `${signedIn}; kia-booking-draft=${draft?.value}`,
		},
	)
	expect(booked.status).toBe(200)
	const [clearedDraft] = named(cookiesOf(booked), /^kia-booking-draft$/)
	expect(clearedDraft).toBeDefined()
	if (clearedDraft) expectPolicy(clearedDraft, { cleared: true })
})
