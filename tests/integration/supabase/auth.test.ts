import { readFile } from 'node:fs/promises'
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readAuthConfig } from '../../../local/supabase/config'
import { renderTemplate } from '../../../local/supabase/email-templates'
import type { LocalSupabase } from '../../../local/supabase/server'
import { localAnonKey, localServiceRoleKey } from '../../support/keys'
import { authLinkIn, inbox, waitForMail } from '../../support/mail'
import { uniqueEmail } from '../../support/unique'
import { client, createUser, raw, serviceClient, startTestSupabase } from '../../support/supabase'

// Expected values come from SUPABASE-CONTRACT.md (GoTrue's own sources), not from the stand-in.
let supabase: LocalSupabase
const redirectTo = 'http://portal.kia.localhost:5173/auth/callback'
const apiVersion = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' }

/** A visit to GoTrue's /verify, as `{{ .ConfirmationURL }}` would make it (our templates link to our page instead). */
const verifyVisit = (tokenHash: string, type: string) =>
	fetch(`${supabase.url}/auth/v1/verify?${new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })}`, {
		redirect: 'manual',
	})

beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

describe('keys and settings', () => {
	test('requests without an API key are refused like Kong does', async () => {
		const response = await fetch(`${supabase.url}/auth/v1/user`)
		expect(response.status).toBe(401)
		expect(await response.json()).toEqual({ message: 'No API key found in request' })
	})

	test('settings report e-mail confirmations and Google', async () => {
		const response = await raw(supabase.url, '/auth/v1/settings')
		const settings = (await response.json()) as { mailer_autoconfirm: boolean; external: Record<string, boolean> }
		expect(settings.mailer_autoconfirm).toBe(false)
		expect(settings.external.google).toBe(true)
		expect(settings.external.email).toBe(true)
	})

	test('calls outside the subset answer 501 naming what is missing', async () => {
		const response = await raw(supabase.url, '/auth/v1/factors', { method: 'POST', body: '{}' })
		expect(response.status).toBe(501)
		expect(((await response.json()) as { message: string }).message).toContain('/auth/v1/factors')
	})
})

describe('signing keys', () => {
	test('the public keys are published without an API key, and never a private part or the legacy secret', async () => {
		const response = await fetch(`${supabase.url}/auth/v1/.well-known/jwks.json`)
		expect(response.status).toBe(200)
		const { keys } = (await response.json()) as { keys: Record<string, unknown>[] }
		expect(keys.length).toBeGreaterThan(0)
		for (const key of keys) {
			expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', key_ops: ['verify'] })
			expect(key).not.toHaveProperty('d')
			expect(key.kid).toEqual(expect.any(String))
		}
	})

	test("a session's access token is ES256, signed by a published key, and getClaims checks it without Auth", async () => {
		const { email, password } = await createUser(supabase.url, uniqueEmail('claves'))
		const anon = client(supabase.url)
		const { data } = await anon.auth.signInWithPassword({ email, password })
		const token = data.session?.access_token ?? ''
		const header = decodeProtectedHeader(token)
		expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
		const jwks = createRemoteJWKSet(new URL(`${supabase.url}/auth/v1/.well-known/jwks.json`))
		const { payload } = await jwtVerify(token, jwks, { algorithms: ['ES256'] })
		expect(payload).toMatchObject({ sub: data.user?.id, role: 'authenticated', aud: 'authenticated', email })

		const claims = await anon.auth.getClaims()
		expect(claims.error).toBeNull()
		expect(claims.data?.claims.sub).toBe(data.user?.id)
	})

	test('the legacy HS256 keys still open the API; a token from an unknown key does not', async () => {
		expect((await raw(supabase.url, '/rest/v1/blog_posts?select=id&limit=1')).status).toBe(200)
		const { privateKey } = await generateKeyPair('ES256')
		const forged = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated' })
			.setProtectedHeader({ alg: 'ES256', kid: 'not-ours', typ: 'JWT' })
			.setExpirationTime('5m')
			.sign(privateKey)
		const response = await fetch(`${supabase.url}/rest/v1/blog_posts?select=id&limit=1`, {
			headers: { apikey: localAnonKey, Authorization: `Bearer ${forged}` },
		})
		// PostgREST answers 401 to a JWT it cannot verify; GoTrue answers 403 bad_jwt.
		expect(response.status).toBe(401)
		const user = await fetch(`${supabase.url}/auth/v1/user`, {
			headers: { apikey: localAnonKey, Authorization: `Bearer ${forged}`, ...apiVersion },
		})
		expect(user.status).toBe(403)
		expect(((await user.json()) as { code: string }).code).toBe('bad_jwt')
	})
})

describe('sign-up with e-mail confirmation', () => {
	test('returns the user without a session, mails a link to our page that works once, then sign-in works', async () => {
		const email = uniqueEmail('alta')
		const anon = client(supabase.url)
		const signUp = await anon.auth.signUp({
			email,
			password: 'contraseña-segura-1',
			options: { data: { full_name: 'Ana Pérez' }, emailRedirectTo: redirectTo },
		})
		expect(signUp.error).toBeNull()
		expect(signUp.data.session).toBeNull()
		expect(signUp.data.user?.email).toBe(email)
		expect(signUp.data.user?.identities).toHaveLength(1)
		expect(signUp.data.user?.user_metadata.full_name).toBe('Ana Pérez')
		expect(signUp.data.user?.email_confirmed_at).toBeUndefined()

		const early = await anon.auth.signInWithPassword({ email, password: 'contraseña-segura-1' })
		expect(early.error?.code).toBe('email_not_confirmed')
		expect(early.error?.status).toBe(400)

		// The trigger on auth.users created the profile.
		const profile = await serviceClient(supabase.url)
			.from('usuarios')
			.select('email, full_name, role')
			.eq('id', signUp.data.user?.id ?? '')
			.single()
		expect(profile.data).toEqual({ email, full_name: 'Ana Pérez', role: 'cliente' })

		const link = authLinkIn(await waitForMail(email, /Confirma tu cuenta/))
		expect(`${link.origin}${link.pathname}`).toBe('http://portal.kia.localhost:5173/auth/callback')
		expect(link.searchParams.get('type')).toBe('email')
		expect(link.searchParams.get('alta')).toBe('1')
		expect(link.searchParams.get('email')).toBe(email)
		expect(link.searchParams.get('redirect_to')).toBe(redirectTo)
		const tokenHash = link.searchParams.get('token_hash') ?? ''
		expect(tokenHash).toMatch(/^[0-9a-f]{56}$/)
		const verified = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
		expect(verified.error).toBeNull()
		expect(verified.data.session?.token_type).toBe('bearer')
		expect(verified.data.user?.email).toBe(email)

		const signIn = await anon.auth.signInWithPassword({ email, password: 'contraseña-segura-1' })
		expect(signIn.error).toBeNull()
		expect(signIn.data.session?.token_type).toBe('bearer')
		expect(signIn.data.session?.expires_in).toBe((await readAuthConfig()).jwt_expiry)
		expect(signIn.data.user?.email_confirmed_at).toBeTruthy()

		// A used link is no longer valid, through either door.
		const again = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
		expect(again.error?.code).toBe('otp_expired')
		expect(again.error?.status).toBe(403)
		const visit = await verifyVisit(tokenHash, 'signup')
		expect(visit.status).toBe(303)
		expect(visit.headers.get('location')).toBe(
			`${redirectTo}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
		)
	})

	test('an already registered, confirmed e-mail gets the obfuscated user with no identities', async () => {
		const signUp = await client(supabase.url).auth.signUp({ email: 'cliente@kia.test', password: 'otra-contraseña' })
		expect(signUp.error).toBeNull()
		expect(signUp.data.user?.identities).toEqual([])
		expect(signUp.data.user?.id).not.toBe('c0000000-0000-4000-8000-000000000001')
	})

	test('weak passwords and malformed e-mails are refused with GoTrue’s codes', async () => {
		const weak = await client(supabase.url).auth.signUp({ email: uniqueEmail('debil'), password: '123' })
		expect(weak.error?.code).toBe('weak_password')
		expect(weak.error?.status).toBe(422)
		const malformed = await raw(supabase.url, '/auth/v1/signup', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ email: 'no-es-un-correo', password: 'contraseña-segura-1' }),
		})
		expect(malformed.status).toBe(400)
		expect(((await malformed.json()) as { code: string }).code).toBe('validation_failed')
	})

	test('PKCE: a visit to /verify hands out a code that only the verifier exchanges', async () => {
		const email = uniqueEmail('pkce')
		const pkce = client(supabase.url, localAnonKey, 'pkce')
		const signUp = await pkce.auth.signUp({
			email,
			password: 'contraseña-segura-1',
			options: { emailRedirectTo: redirectTo },
		})
		expect(signUp.error).toBeNull()
		const tokenHash = authLinkIn(await waitForMail(email, /Confirma/)).searchParams.get('token_hash') ?? ''
		expect(tokenHash).toMatch(/^pkce_[0-9a-f]{56}$/)
		const visit = await verifyVisit(tokenHash, 'signup')
		const code = new URL(visit.headers.get('location') ?? '').searchParams.get('code')
		expect(code).toBeTruthy()

		const wrongVerifier = await raw(supabase.url, '/auth/v1/token?grant_type=pkce', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ auth_code: code, code_verifier: 'not-the-verifier-at-all-not-the-verifier' }),
		})
		expect(wrongVerifier.status).toBe(400)
		expect(((await wrongVerifier.json()) as { code: string }).code).toBe('bad_code_verifier')

		const exchanged = await pkce.auth.exchangeCodeForSession(code ?? '')
		expect(exchanged.error).toBeNull()
		expect(exchanged.data.user?.email).toBe(email)

		const reused = await raw(supabase.url, '/auth/v1/token?grant_type=pkce', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ auth_code: code, code_verifier: 'whatever-verifier-whatever-verifier' }),
		})
		expect(reused.status).toBe(404)
		expect(((await reused.json()) as { code: string }).code).toBe('flow_state_not_found')
	})

	test('verifyOtp with the token hash starts a session once', async () => {
		const email = uniqueEmail('otp')
		await client(supabase.url).auth.signUp({ email, password: 'contraseña-segura-1' })
		const tokenHash = authLinkIn(await waitForMail(email, /Confirma/)).searchParams.get('token_hash') ?? ''
		const verified = await client(supabase.url).auth.verifyOtp({ type: 'signup', token_hash: tokenHash })
		expect(verified.error).toBeNull()
		expect(verified.data.session?.access_token).toBeTruthy()
		const again = await raw(supabase.url, '/auth/v1/verify', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ type: 'signup', token_hash: tokenHash }),
		})
		expect(again.status).toBe(403)
		expect(await again.json()).toEqual({ code: 'otp_expired', message: 'Email link is invalid or has expired' })
	})
})

describe('password sign-in, sessions and tokens', () => {
	test('wrong password: 400 invalid_credentials, in both error formats', async () => {
		const body = JSON.stringify({ email: 'cliente@kia.test', password: 'incorrecta' })
		const modern = await raw(supabase.url, '/auth/v1/token?grant_type=password', {
			method: 'POST',
			headers: apiVersion,
			body,
		})
		expect(modern.status).toBe(400)
		expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01')
		expect(await modern.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
		const legacy = await raw(supabase.url, '/auth/v1/token?grant_type=password', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body,
		})
		expect(await legacy.json()).toEqual({
			code: 400,
			error_code: 'invalid_credentials',
			msg: 'Invalid login credentials',
		})
	})

	test('the access token carries the documented claims', async () => {
		const session = (
			await client(supabase.url).auth.signInWithPassword({ email: 'cliente@kia.test', password: 'kia-cliente-2025' })
		).data.session
		const claims = JSON.parse(Buffer.from(session?.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<
			string,
			unknown
		>
		expect(claims).toMatchObject({
			iss: `${supabase.url}/auth/v1`,
			sub: 'c0000000-0000-4000-8000-000000000001',
			aud: 'authenticated',
			role: 'authenticated',
			aal: 'aal1',
			email: 'cliente@kia.test',
			is_anonymous: false,
		})
		expect(claims.session_id).toEqual(expect.any(String))
		expect(Number(claims.exp) - Number(claims.iat)).toBe((await readAuthConfig()).jwt_expiry)
		expect(session?.user.identities?.length).toBeGreaterThan(0)
	})

	test('refresh rotates the token; an unknown one is refused', async () => {
		const anon = client(supabase.url)
		const first = (await anon.auth.signInWithPassword({ email: 'cliente@kia.test', password: 'kia-cliente-2025' })).data
			.session
		const refreshed = await anon.auth.refreshSession({ refresh_token: first?.refresh_token ?? '' })
		expect(refreshed.error).toBeNull()
		expect(refreshed.data.session?.refresh_token).not.toBe(first?.refresh_token)

		const unknown = await raw(supabase.url, '/auth/v1/token?grant_type=refresh_token', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ refresh_token: 'no-existe' }),
		})
		expect(unknown.status).toBe(400)
		expect(((await unknown.json()) as { code: string }).code).toBe('refresh_token_not_found')
	})

	test('getUser, updateUser and sign-out', async () => {
		const user = await createUser(supabase.url, uniqueEmail('sesion'))
		const me = await user.client.auth.getUser()
		expect(me.data.user?.email).toBe(user.email)

		const same = await user.client.auth.updateUser({ password: user.password })
		expect(same.error?.code).toBe('same_password')
		const changed = await user.client.auth.updateUser({
			password: 'nueva-contraseña-2',
			data: { full_name: 'Nombre Nuevo' },
		})
		expect(changed.error).toBeNull()
		expect(changed.data.user?.user_metadata.full_name).toBe('Nombre Nuevo')
		const withNew = await client(supabase.url).auth.signInWithPassword({
			email: user.email,
			password: 'nueva-contraseña-2',
		})
		expect(withNew.error).toBeNull()

		const token = (await user.client.auth.getSession()).data.session?.access_token ?? ''
		const logout = await raw(supabase.url, '/auth/v1/logout?scope=global', { method: 'POST', token })
		expect(logout.status).toBe(204)
		const afterLogout = await raw(supabase.url, '/auth/v1/user', { token, headers: apiVersion })
		expect(afterLogout.status).toBe(403)
		expect(((await afterLogout.json()) as { code: string }).code).toBe('session_not_found')

		const noToken = await fetch(`${supabase.url}/auth/v1/user`, { headers: { apikey: localAnonKey, ...apiVersion } })
		expect(noToken.status).toBe(401)
		expect(((await noToken.json()) as { code: string }).code).toBe('no_authorization')
	})
})

describe('a password change (user.go UserUpdate, models.UpdatePassword)', () => {
	test('ends every other session of the user (LogoutAllExceptMe); the session that changed it keeps working', async () => {
		const user = await createUser(supabase.url, uniqueEmail('cambia-clave'))
		const elsewhere = client(supabase.url)
		const other = (await elsewhere.auth.signInWithPassword({ email: user.email, password: user.password })).data.session
		const changed = await user.client.auth.updateUser({ password: 'otra-contraseña-3' })
		expect(changed.error).toBeNull()

		// The other session's refresh token went with its session, as refresh_tokens cascade from sessions.
		const refused = await elsewhere.auth.refreshSession({ refresh_token: other?.refresh_token ?? '' })
		expect(refused.error?.code).toBe('refresh_token_not_found')
		expect(refused.error?.status).toBe(400)
		const refresh = await raw(supabase.url, '/auth/v1/token?grant_type=refresh_token', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ refresh_token: other?.refresh_token }),
		})
		expect(refresh.status).toBe(400)
		expect(await refresh.json()).toEqual({
			code: 'refresh_token_not_found',
			message: 'Invalid Refresh Token: Refresh Token Not Found',
		})
		const gone = await elsewhere.auth.getUser(other?.access_token)
		expect(gone.error?.name).toBe('AuthSessionMissingError')
		const getUser = await raw(supabase.url, '/auth/v1/user', { token: other?.access_token, headers: apiVersion })
		expect(getUser.status).toBe(403)
		expect(await getUser.json()).toEqual({
			code: 'session_not_found',
			message: 'Session from session_id claim in JWT does not exist',
		})

		expect((await user.client.auth.getUser()).data.user?.id).toBe(user.id)
		const refreshed = await user.client.auth.refreshSession()
		expect(refreshed.error).toBeNull()
		expect((await user.client.auth.getUser()).data.user?.id).toBe(user.id)
	})

	test('by the service role (admin.go), ends every session of the user', async () => {
		const user = await createUser(supabase.url, uniqueEmail('clave-admin'))
		const session = (await user.client.auth.getSession()).data.session
		const changed = await serviceClient(supabase.url).auth.admin.updateUserById(user.id, {
			password: 'otra-contraseña-4',
		})
		expect(changed.error).toBeNull()
		expect((await user.client.auth.getUser(session?.access_token)).error?.name).toBe('AuthSessionMissingError')
		const refused = await client(supabase.url).auth.refreshSession({ refresh_token: session?.refresh_token ?? '' })
		expect(refused.error?.code).toBe('refresh_token_not_found')
	})
})

type AmrEntry = { method: string; timestamp: number }
const amrOf = (accessToken: string | undefined) => decodeJwt(accessToken ?? '').amr as AmrEntry[]

describe("the session's authentication methods (amr), kept in mfa_amr_claims", () => {
	test('a refreshed access token carries the sign-in method and its time, not token_refresh', async () => {
		const user = await createUser(supabase.url, uniqueEmail('amr'))
		const signedIn = (await user.client.auth.getSession()).data.session
		const atSignIn = amrOf(signedIn?.access_token)
		expect(atSignIn).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
		expect(Math.abs((atSignIn[0]?.timestamp ?? 0) - Date.now() / 1000)).toBeLessThan(10)
		// The claims' times are whole seconds: a refresh a second later would show a time of its own.
		await new Promise((resolve) => setTimeout(resolve, 1100))
		const refreshed = await user.client.auth.refreshSession()
		expect(refreshed.error).toBeNull()
		expect(amrOf(refreshed.data.session?.access_token)).toEqual(atSignIn)
		const again = await user.client.auth.refreshSession()
		expect(amrOf(again.data.session?.access_token)).toEqual(atSignIn)
	})

	test('verify.go records otp for a link visit and a token hash, and PKCE the flow state’s method', async () => {
		const implicit = await createUser(supabase.url, uniqueEmail('amr-enlace'))
		await client(supabase.url).auth.resetPasswordForEmail(implicit.email, { redirectTo })
		const visit = await verifyVisit(
			authLinkIn(await waitForMail(implicit.email, /Restablece/)).searchParams.get('token_hash') ?? '',
			'recovery',
		)
		const fragment = new URLSearchParams(new URL(visit.headers.get('location') ?? '').hash.slice(1))
		expect(amrOf(fragment.get('access_token') ?? '').map((entry) => entry.method)).toEqual(['otp'])

		const byHash = await createUser(supabase.url, uniqueEmail('amr-hash'))
		await client(supabase.url).auth.resetPasswordForEmail(byHash.email, { redirectTo })
		const verified = await client(supabase.url).auth.verifyOtp({
			token_hash: authLinkIn(await waitForMail(byHash.email, /Restablece/)).searchParams.get('token_hash') ?? '',
			type: 'recovery',
		})
		expect(amrOf(verified.data.session?.access_token).map((entry) => entry.method)).toEqual(['otp'])

		// PKCE: the code's exchange signs in with the method of the flow (recover.go: models.Recovery).
		const pkceUser = await createUser(supabase.url, uniqueEmail('amr-pkce'))
		const pkce = client(supabase.url, localAnonKey, 'pkce')
		await pkce.auth.resetPasswordForEmail(pkceUser.email, { redirectTo })
		const recoveryVisit = await verifyVisit(
			authLinkIn(await waitForMail(pkceUser.email, /Restablece/)).searchParams.get('token_hash') ?? '',
			'recovery',
		)
		const recoveryCode = new URL(recoveryVisit.headers.get('location') ?? '').searchParams.get('code') ?? ''
		const recovered = await pkce.auth.exchangeCodeForSession(recoveryCode)
		expect(recovered.error).toBeNull()
		expect(amrOf(recovered.data.session?.access_token).map((entry) => entry.method)).toEqual(['recovery'])

		// signup.go's flow state is models.EmailSignup, whose name is email/signup.
		const email = uniqueEmail('amr-alta')
		const signUpPkce = client(supabase.url, localAnonKey, 'pkce')
		await signUpPkce.auth.signUp({ email, password: 'contraseña-segura-1', options: { emailRedirectTo: redirectTo } })
		const signUpVisit = await verifyVisit(
			authLinkIn(await waitForMail(email, /Confirma/)).searchParams.get('token_hash') ?? '',
			'signup',
		)
		const signUpCode = new URL(signUpVisit.headers.get('location') ?? '').searchParams.get('code') ?? ''
		const confirmed = await signUpPkce.auth.exchangeCodeForSession(signUpCode)
		expect(amrOf(confirmed.data.session?.access_token).map((entry) => entry.method)).toEqual(['email/signup'])
	})
})

describe('password recovery', () => {
	test('always answers 200 {}; only a real account gets a working link (the implicit /verify visit included)', async () => {
		const nobody = uniqueEmail('nadie')
		const unknown = await raw(supabase.url, '/auth/v1/recover', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ email: nobody }),
		})
		expect(unknown.status).toBe(200)
		expect(await unknown.json()).toEqual({})
		expect(await inbox(nobody)).toEqual([])

		const user = await createUser(supabase.url, uniqueEmail('recuperar'))
		const sent = await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })
		expect(sent.error).toBeNull()
		const link = authLinkIn(await waitForMail(user.email, /Restablece/))
		expect(link.searchParams.get('type')).toBe('recovery')
		const visit = await verifyVisit(link.searchParams.get('token_hash') ?? '', 'recovery')
		const fragment = new URLSearchParams(new URL(visit.headers.get('location') ?? '').hash.slice(1))
		expect(fragment.get('type')).toBe('recovery')
		expect(fragment.get('access_token')).toBeTruthy()

		const missing = await raw(supabase.url, '/auth/v1/recover', { method: 'POST', headers: apiVersion, body: '{}' })
		expect(missing.status).toBe(400)
	})
})

describe("the e-mails are supabase/config.toml's templates", () => {
	test('sign-up and recovery mails carry the template subject and body, with the link filled in', async () => {
		const config = await readAuthConfig()
		const email = uniqueEmail('plantilla')
		const anon = client(supabase.url)
		const signUp = await anon.auth.signUp({
			email,
			password: 'contraseña-segura-1',
			options: { emailRedirectTo: redirectTo },
		})
		expect(signUp.error).toBeNull()
		const recovery = await anon.auth.resetPasswordForEmail(email, { redirectTo })
		expect(recovery.error).toBeNull()

		for (const [name, subject] of [
			['confirmation', /Confirma tu cuenta/],
			['recovery', /Restablece/],
		] as const) {
			const mail = await waitForMail(email, subject)
			const entry = config.email.template[name]
			expect(mail.subject).toBe(entry?.subject)
			const link = authLinkIn(mail)
			expect(link.searchParams.get('redirect_to')).toBe(redirectTo)
			const file = await readFile(new URL(`../../../${entry?.content_path ?? ''}`, import.meta.url), 'utf8')
			const expected = renderTemplate(
				file,
				{
					TokenHash: link.searchParams.get('token_hash') ?? '',
					SiteURL: config.site_url,
					RedirectTo: redirectTo,
					Email: email,
				},
				name,
			)
			expect(mail.html.trim()).toBe(expected.trim())
			expect(mail.html).toContain(`(${email})`)
		}
	})
})

describe('Google through the local consent page', () => {
	test('authorize shows the consent page; choosing an identity returns a PKCE code', async () => {
		const pkce = client(supabase.url, localAnonKey, 'pkce')
		const oauth = await pkce.auth.signInWithOAuth({
			provider: 'google',
			options: { redirectTo, skipBrowserRedirect: true },
		})
		expect(oauth.error).toBeNull()
		const page = await fetch(oauth.data.url ?? '')
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Elige una cuenta')

		const authorizeUrl = new URL(oauth.data.url ?? '')
		const form = new URLSearchParams({
			provider: 'google',
			redirect_to: redirectTo,
			code_challenge: authorizeUrl.searchParams.get('code_challenge') ?? '',
			code_challenge_method: authorizeUrl.searchParams.get('code_challenge_method') ?? '',
			email: uniqueEmail('google'),
			full_name: 'Usuaria de Google',
		})
		const consent = await fetch(`${supabase.url}/auth/v1/authorize`, {
			method: 'POST',
			body: form,
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		})
		expect(consent.status).toBe(302)
		const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code')
		const session = await pkce.auth.exchangeCodeForSession(code ?? '')
		expect(session.error).toBeNull()
		expect(session.data.user?.app_metadata.providers).toContain('google')
		expect(session.data.user?.user_metadata.full_name).toBe('Usuaria de Google')
		expect(amrOf(session.data.session?.access_token).map((entry) => entry.method)).toEqual(['oauth'])
	})

	test('a provider that is not enabled is refused', async () => {
		const response = await raw(supabase.url, '/auth/v1/authorize?provider=github', { headers: apiVersion })
		expect(response.status).toBe(400)
	})
})

describe('admin API', () => {
	test('service role creates, lists and deletes users; other keys are refused', async () => {
		const admin = serviceClient(supabase.url)
		const email = uniqueEmail('admin-api')
		const created = await admin.auth.admin.createUser({ email, password: 'contraseña-segura-1', email_confirm: true })
		expect(created.error).toBeNull()
		const duplicate = await admin.auth.admin.createUser({ email, password: 'contraseña-segura-1' })
		expect(duplicate.error?.code).toBe('email_exists')
		expect(duplicate.error?.status).toBe(422)

		const list = await admin.auth.admin.listUsers({ page: 1, perPage: 100 })
		expect(list.data.users.map((user) => user.email)).toContain(email)

		const deleted = await raw(supabase.url, `/auth/v1/admin/users/${created.data.user?.id}`, {
			method: 'DELETE',
			key: localServiceRoleKey,
		})
		expect(deleted.status).toBe(200)
		expect(await deleted.json()).toEqual({})
		const gone = await raw(supabase.url, `/auth/v1/admin/users/${created.data.user?.id}`, {
			method: 'DELETE',
			key: localServiceRoleKey,
			headers: apiVersion,
		})
		expect(gone.status).toBe(404)
		expect(((await gone.json()) as { code: string }).code).toBe('user_not_found')

		const asAnon = await raw(supabase.url, '/auth/v1/admin/users', { headers: apiVersion })
		expect(asAnon.status).toBe(403)
		expect(((await asAnon.json()) as { code: string }).code).toBe('not_admin')
	})
})
