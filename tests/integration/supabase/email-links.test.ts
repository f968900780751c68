import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readAuthConfig } from '../../../local/supabase/config'
import { renderTemplate, type TemplateName } from '../../../local/supabase/email-templates'
import type { LocalSupabase } from '../../../local/supabase/server'
import { localAnonKey } from '../../support/keys'
import { authLinkIn, inbox, waitForMail, type CaughtMail } from '../../support/mail'
import { uniqueEmail } from '../../support/unique'
import { client, createUser, raw, serviceClient, startTestSupabase } from '../../support/supabase'

// The five e-mails with a link, and the verification of their token hash, as supabase/auth does them
// (internal/api: otp.go, magic_link.go, invite.go, user.go, mail.go, verify.go).
let supabase: LocalSupabase
const siteUrl = 'http://portal.kia.localhost:5173'
const redirectTo = `${siteUrl}/auth/callback?next=%2Fdashboard`
const apiVersion = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' }

beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(() => supabase.stop())

/** POST /verify with a token hash, as supabase-js verifyOtp sends it, answered in GoTrue's current error format. */
function verify(body: Record<string, string>) {
	return raw(supabase.url, '/auth/v1/verify', { method: 'POST', headers: apiVersion, body: JSON.stringify(body) })
}

/** The mail is the template of supabase/config.toml, filled in with the link's values. */
async function expectTemplate(mail: CaughtMail, name: TemplateName, values: { Email: string; NewEmail?: string }) {
	const config = await readAuthConfig()
	const entry = config.email.template[name]
	const file = await readFile(new URL(`../../../${entry?.content_path ?? ''}`, import.meta.url), 'utf8')
	const link = authLinkIn(mail)
	expect(mail.subject).toBe(entry?.subject)
	const rendered = renderTemplate(
		file,
		{
			SiteURL: config.site_url,
			TokenHash: link.searchParams.get('token_hash') ?? '',
			RedirectTo: link.searchParams.get('redirect_to') ?? '',
			...values,
		},
		name,
	)
	expect(mail.html.trim()).toBe(rendered.trim())
}

describe('magic links (POST /otp)', () => {
	test('a confirmed account gets the magic-link mail; its token hash signs in once, as type email', async () => {
		const user = await createUser(supabase.url, uniqueEmail('magia'))
		const sent = await client(supabase.url).auth.signInWithOtp({
			email: user.email,
			options: { emailRedirectTo: redirectTo, shouldCreateUser: false },
		})
		expect(sent.error).toBeNull()
		const mail = await waitForMail(user.email, /Tu enlace de acceso/)
		await expectTemplate(mail, 'magic_link', { Email: user.email })
		const link = authLinkIn(mail)
		expect(link.searchParams.get('type')).toBe('email')
		expect(link.searchParams.get('redirect_to')).toBe(redirectTo)
		const tokenHash = link.searchParams.get('token_hash') ?? ''
		const first = await client(supabase.url).auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
		expect(first.error).toBeNull()
		expect(first.data.session?.user.id).toBe(user.id)
		const second = await verify({ token_hash: tokenHash, type: 'email' })
		expect(second.status).toBe(403)
		expect(await second.json()).toEqual({ code: 'otp_expired', message: 'Email link is invalid or has expired' })
	})

	test('an unknown address: refused without shouldCreateUser, signed up (confirmation mail) with it', async () => {
		const email = uniqueEmail('magia-nueva')
		const refused = await raw(supabase.url, '/auth/v1/otp', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ email, create_user: false }),
		})
		expect(refused.status).toBe(422)
		expect(await refused.json()).toEqual({ code: 'otp_disabled', message: 'Signups not allowed for otp' })
		expect(await inbox(email)).toEqual([])

		const created = await client(supabase.url).auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } })
		expect(created.error).toBeNull()
		const link = authLinkIn(await waitForMail(email, /Confirma tu cuenta/))
		const verified = await client(supabase.url).auth.verifyOtp({
			token_hash: link.searchParams.get('token_hash') ?? '',
			type: 'email',
		})
		expect(verified.data.user?.email_confirmed_at).toBeTruthy()
	})
})

describe('invitations (POST /invite)', () => {
	test('the service role invites; the invited account is confirmed by its link; other keys are refused', async () => {
		const email = uniqueEmail('invitada')
		const notAdmin = await raw(supabase.url, '/auth/v1/invite', {
			method: 'POST',
			headers: apiVersion,
			body: JSON.stringify({ email }),
		})
		expect(notAdmin.status).toBe(403)
		expect(((await notAdmin.json()) as { code: string }).code).toBe('not_admin')

		const invited = await serviceClient(supabase.url).auth.admin.inviteUserByEmail(email, {
			redirectTo,
			data: { full_name: 'Invitada de Prueba' },
		})
		expect(invited.error).toBeNull()
		expect(invited.data.user?.invited_at).toBeTruthy()
		expect(invited.data.user?.email_confirmed_at).toBeUndefined()
		const mail = await waitForMail(email, /Te han invitado/)
		await expectTemplate(mail, 'invite', { Email: email })
		const link = authLinkIn(mail)
		expect(link.searchParams.get('type')).toBe('invite')
		// Invitations have no PKCE flow: they are opened far from where they were sent.
		expect(link.searchParams.get('token_hash')).toMatch(/^[0-9a-f]{56}$/)
		const verified = await client(supabase.url).auth.verifyOtp({
			token_hash: link.searchParams.get('token_hash') ?? '',
			type: 'invite',
		})
		expect(verified.error).toBeNull()
		expect(verified.data.user?.email_confirmed_at).toBeTruthy()

		const again = await serviceClient(supabase.url).auth.admin.inviteUserByEmail(email)
		expect(again.error?.code).toBe('email_exists')
		expect(again.error?.status).toBe(422)
	})
})

describe('e-mail change (PUT /user), with double_confirm_changes', () => {
	test('a link to each address; the first answers that the other is still due, the second changes the address', async () => {
		const user = await createUser(supabase.url, uniqueEmail('cambia'))
		const newEmail = uniqueEmail('cambiada')
		const taken = await user.client.auth.updateUser({ email: 'cliente@kia.test' })
		expect(taken.error?.code).toBe('email_exists')

		const requested = await user.client.auth.updateUser({ email: newEmail }, { emailRedirectTo: redirectTo })
		expect(requested.error).toBeNull()
		expect(requested.data.user?.email).toBe(user.email)
		expect(requested.data.user?.new_email).toBe(newEmail)

		const toNew = await waitForMail(newEmail, /Confirma tu nuevo email/)
		const toCurrent = await waitForMail(user.email, /Confirma tu nuevo email/)
		await expectTemplate(toNew, 'email_change', { Email: user.email, NewEmail: newEmail })
		await expectTemplate(toCurrent, 'email_change', { Email: user.email, NewEmail: newEmail })
		const [first, second] = [authLinkIn(toCurrent), authLinkIn(toNew)].map((link) => {
			expect(link.searchParams.get('type')).toBe('email_change')
			expect(link.searchParams.get('email')).toBe(user.email)
			expect(link.searchParams.get('new_email')).toBe(newEmail)
			return link.searchParams.get('token_hash') ?? ''
		})
		expect(first).not.toBe(second)

		const halfway = await verify({ token_hash: first ?? '', type: 'email_change' })
		expect(halfway.status).toBe(200)
		expect(await halfway.json()).toEqual({
			msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
			code: '200',
		})
		const done = await client(supabase.url).auth.verifyOtp({ token_hash: second ?? '', type: 'email_change' })
		expect(done.error).toBeNull()
		expect(done.data.session?.user.email).toBe(newEmail)
		const signIn = await client(supabase.url).auth.signInWithPassword({ email: newEmail, password: user.password })
		expect(signIn.error).toBeNull()
		expect((await verify({ token_hash: first ?? '', type: 'email_change' })).status).toBe(403)
	})
})

describe("verifying a token hash: GoTrue's refusals", () => {
	test('past otp_expiry (an hour) the link is refused like a used one', async () => {
		const user = await createUser(supabase.url, uniqueEmail('caduca'))
		await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })
		const tokenHash = authLinkIn(await waitForMail(user.email, /Restablece/)).searchParams.get('token_hash')
		await supabase.db.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1`, [
			user.id,
		])
		const expired = await verify({ token_hash: tokenHash ?? '', type: 'recovery' })
		expect(expired.status).toBe(403)
		expect(await expired.json()).toEqual({ code: 'otp_expired', message: 'Email link is invalid or has expired' })
		// Still within the hour, the same token would have worked.
		await supabase.db.query(`update auth.users set recovery_sent_at = now() - interval '59 minutes' where id = $1`, [
			user.id,
		])
		expect((await verify({ token_hash: tokenHash ?? '', type: 'recovery' })).status).toBe(200)
	})

	test('a token hash of another kind, a missing type or an unknown type', async () => {
		const user = await createUser(supabase.url, uniqueEmail('tipo'))
		await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })
		const tokenHash = authLinkIn(await waitForMail(user.email, /Restablece/)).searchParams.get('token_hash')
		const asInvite = await verify({ token_hash: tokenHash ?? '', type: 'invite' })
		expect(asInvite.status).toBe(403)
		expect(((await asInvite.json()) as { code: string }).code).toBe('otp_expired')
		const untyped = await verify({ token_hash: tokenHash ?? '' })
		expect(untyped.status).toBe(400)
		expect(await untyped.json()).toEqual({ code: 'validation_failed', message: 'Verify requires a verification type' })
		const unknown = await verify({ token_hash: tokenHash ?? '', type: 'sms' })
		expect(unknown.status).toBe(400)
		expect(await unknown.json()).toEqual({ code: 'validation_failed', message: 'Invalid email verification type' })
		// None of these used it up.
		expect((await verify({ token_hash: tokenHash ?? '', type: 'recovery' })).status).toBe(200)
	})
})

describe('one e-mail of a kind per user within [auth.email] max_frequency (mail.go validateSentWithinFrequencyLimit)', () => {
	const windowSeconds = async () => (await readAuthConfig()).email.max_frequency / 1000
	const waitMessage = /^For security purposes, you can only request this after (\d+) seconds\.$/

	/** The 429 of a sender whose user got the same kind of e-mail less than the window ago, and the seconds it says are left. */
	async function expectTooSoon(response: Response) {
		expect(response.status).toBe(429)
		const body = (await response.json()) as { code: string; message: string }
		expect(body.code).toBe('over_email_send_rate_limit')
		const left = Number(waitMessage.exec(body.message)?.[1])
		// GoTrue truncates what is left to whole seconds: a request just after the first reads one less than the window.
		expect(left).toBeLessThan(await windowSeconds())
		expect(left).toBeGreaterThan((await windowSeconds()) - 15)
	}

	const post = (path: string, body: Record<string, unknown>) =>
		raw(supabase.url, path, { method: 'POST', headers: apiVersion, body: JSON.stringify(body) })

	test('recovery and magic link share recovery_sent_at: a second within the window is refused and sends nothing', async () => {
		expect(await windowSeconds()).toBe(60)
		const user = await createUser(supabase.url, uniqueEmail('frecuencia'))
		const first = await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })
		expect(first.error).toBeNull()
		await waitForMail(user.email, /Restablece/)

		await expectTooSoon(await post('/auth/v1/recover', { email: user.email }))
		await expectTooSoon(await post('/auth/v1/otp', { email: user.email, create_user: false }))
		const viaClient = await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })
		expect(viaClient.error?.code).toBe('over_email_send_rate_limit')
		expect(viaClient.error?.status).toBe(429)
		const magic = await client(supabase.url).auth.signInWithOtp({
			email: user.email,
			options: { shouldCreateUser: false },
		})
		expect(magic.error?.code).toBe('over_email_send_rate_limit')
		expect(await inbox(user.email)).toHaveLength(1)

		// An unknown address is answered as before, however often.
		const nobody = uniqueEmail('frecuencia-nadie')
		for (const attempt of [1, 2]) {
			const unknown = await post('/auth/v1/recover', { email: nobody })
			expect(unknown.status, `attempt ${attempt}`).toBe(200)
			expect(await unknown.json()).toEqual({})
		}

		// Once the window has passed, the next one is sent.
		await supabase.db.query(
			`update auth.users set recovery_sent_at = now() - make_interval(secs => $2) where id = $1`,
			[user.id, (await windowSeconds()) + 1],
		)
		const later = await client(supabase.url).auth.signInWithOtp({
			email: user.email,
			options: { shouldCreateUser: false },
		})
		expect(later.error).toBeNull()
		await waitForMail(user.email, /Tu enlace de acceso/)
	})

	test('a confirmation sent again within the window (sign-up, magic link of an unconfirmed address) is refused', async () => {
		const email = uniqueEmail('frecuencia-alta')
		const signUp = () => client(supabase.url).auth.signUp({ email, password: 'contraseña-segura-1' })
		expect((await signUp()).error).toBeNull()
		await waitForMail(email, /Confirma tu cuenta/)
		const again = await signUp()
		expect(again.error?.code).toBe('over_email_send_rate_limit')
		expect(again.error?.status).toBe(429)
		await expectTooSoon(await post('/auth/v1/otp', { email }))
		expect(await inbox(email)).toHaveLength(1)
		// A recovery is another kind of e-mail, with a time of its own.
		expect((await client(supabase.url).auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull()
		await waitForMail(email, /Restablece/)
	})

	test('an e-mail change asked again within the window is refused, nothing of it changed', async () => {
		const user = await createUser(supabase.url, uniqueEmail('frecuencia-cambio'))
		const first = uniqueEmail('frecuencia-nueva')
		expect((await user.client.auth.updateUser({ email: first }, { emailRedirectTo: redirectTo })).error).toBeNull()
		const second = uniqueEmail('frecuencia-otra')
		const refused = await user.client.auth.updateUser({ email: second })
		expect(refused.error?.code).toBe('over_email_send_rate_limit')
		expect(refused.error?.status).toBe(429)
		expect((await user.client.auth.getUser()).data.user?.new_email).toBe(first)
		expect(await inbox(second)).toEqual([])
	})

	test('a password change clears the times (models.UpdatePassword): a recovery may follow at once', async () => {
		const user = await createUser(supabase.url, uniqueEmail('frecuencia-clave'))
		expect((await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })).error).toBeNull()
		expect((await user.client.auth.updateUser({ password: 'otra-contraseña-5' })).error).toBeNull()
		expect((await client(supabase.url).auth.resetPasswordForEmail(user.email, { redirectTo })).error).toBeNull()
	})
})

describe('Site URL and redirects', () => {
	test('a redirect outside the allow-list becomes the Site URL; the Site URL moves with the app', async () => {
		const email = uniqueEmail('redirige')
		await client(supabase.url).auth.signUp({
			email,
			password: 'contraseña-segura-1',
			options: { emailRedirectTo: 'https://evil.example/auth/callback' },
		})
		const refused = authLinkIn(await waitForMail(email, /Confirma/))
		expect(refused.searchParams.get('redirect_to')).toBe(siteUrl)
		expect(refused.origin).toBe(siteUrl)

		const elsewhere = 'http://portal.kia.localhost:4321'
		supabase.setSiteUrl(elsewhere)
		try {
			const moved = uniqueEmail('redirige-movido')
			await client(supabase.url, localAnonKey).auth.signUp({
				email: moved,
				password: 'contraseña-segura-1',
				options: { emailRedirectTo: `${elsewhere}/auth/callback?next=%2Fdashboard` },
			})
			const link = authLinkIn(await waitForMail(moved, /Confirma/))
			expect(`${link.origin}${link.pathname}`).toBe(`${elsewhere}/auth/callback`)
			expect(link.searchParams.get('redirect_to')).toBe(`${elsewhere}/auth/callback?next=%2Fdashboard`)
		} finally {
			supabase.setSiteUrl(siteUrl)
		}
	})
})
