import { createClient } from '@supabase/supabase-js'
import type { Cookie, Page } from '@playwright/test'
import { parseSetCookie, type SetCookie } from 'cookie'
import ws from 'ws'
import type { Database, Json, TablesInsert } from '../../app/lib/database.types'
import { appSettled, visitorAddress } from './e2e-test'
import { localServiceRoleKey } from './keys'
import { uniqueEmail, uniqueSlot } from './unique'
import { portalURL, rawRequest, type RawResponse, mailURL, supabaseURL } from './urls'

export const serviceClient = () =>
	createClient<Database>(supabaseURL(), localServiceRoleKey, {
		auth: { persistSession: false },
		realtime: { transport: ws as never },
	})

export const testPassword = 'contraseña-segura-1'

/** A confirmed account made through the admin API, as a real fixture would. */
export async function createAccount(label: string, fullName = 'Cliente de Prueba') {
	const email = uniqueEmail(label)
	const { data, error } = await serviceClient().auth.admin.createUser({
		email,
		password: testPassword,
		email_confirm: true,
		user_metadata: { full_name: fullName },
	})
	if (error) throw error
	return { id: data.user.id, email, password: testPassword, fullName }
}

/** A confirmed account with the admin role, as the back office's tests need. */
export async function createAdminAccount(label: string, fullName = `Admin ${label}`) {
	const account = await createAccount(label, fullName)
	await serviceClient().from('usuarios').update({ role: 'admin' }).eq('id', account.id).throwOnError()
	return account
}

/**
 * Signs the page's browser in as the portal's sign-in form does (the same post, from Node) and opens the
 * dashboard with the session's cookies. The form itself has its own tests (portal.spec, a11y.spec); the
 * many tests that only need a session skip loading /auth and waiting for it to hydrate.
 */
export async function signIn(page: Page, email: string, password = testPassword) {
	const response = await rawRequest(portalURL('/auth'), {
		method: 'POST',
		body: new URLSearchParams({ intent: 'signin', email, password }).toString(),
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Origin: new URL(portalURL('/')).origin,
			'X-Forwarded-For': visitorAddress(),
		},
	})
	if (response.status !== 302) throw new Error(`Signing in ${email} answered ${response.status}: ${response.body}`)
	await page.context().addCookies(browserCookies(response))
	await page.goto(portalURL('/dashboard'))
	await page.waitForURL(portalURL('/dashboard'))
}

/** A response's Set-Cookie headers as Playwright's cookies, for the host that set them. */
function browserCookies(response: RawResponse): Cookie[] {
	const host = new URL(portalURL('/')).hostname
	return [response.headers['set-cookie'] ?? []]
		.flat()
		.map((header) => parseSetCookie(header))
		.filter((cookie) => cookie.maxAge === undefined || cookie.maxAge > 0)
		.map((cookie) => ({
			name: cookie.name,
			value: cookie.value ?? '',
			// Domain=kia.localhost covers its subdomains, which Playwright writes with a leading dot.
			domain: cookie.domain ? `.${cookie.domain.replace(/^\./, '')}` : host,
			path: cookie.path ?? '/',
			expires: expiresAt(cookie),
			httpOnly: cookie.httpOnly ?? false,
			secure: cookie.secure ?? false,
			sameSite: cookie.sameSite === 'strict' ? 'Strict' : cookie.sameSite === 'none' ? 'None' : 'Lax',
		}))
}

/** Seconds since the epoch, as Playwright counts them; -1 for a cookie that lasts the browser's session. */
function expiresAt(cookie: SetCookie) {
	if (cookie.maxAge !== undefined) return Math.floor(Date.now() / 1000) + cookie.maxAge
	if (cookie.expires) return cookie.expires.getTime() / 1000
	return -1
}

/** A confirmed meeting in a slot of its own (tests/support/unique.ts); `overrides` may change anything but the slot. */
export async function createMeeting(
	userId: string,
	email: string,
	overrides: Pick<TablesInsert<'reservas'>, 'status' | 'motivo'> = {},
) {
	const { data, error } = await serviceClient()
		.from('reservas')
		.insert({
			user_id: userId,
			...uniqueSlot(),
			motivo: 'Demostración del asistente KIA',
			nombre: 'Cliente de Prueba',
			email,
			meet_url: 'https://meet.jit.si/kia-prueba',
			...overrides,
		})
		.select('id, fecha, hora')
		.single()
	if (error) throw error
	return data
}

/** A client's support request as the portal stores it (the database writes in who sent it); its id. */
export async function createSupportRequest(userId: string, subject = 'Una duda') {
	const { data } = await serviceClient()
		.from('form_submissions')
		.insert({ form_type: 'soporte', solicitante: userId, data: { subject, message: 'Hola' } })
		.select('id')
		.single()
		.throwOnError()
	return data.id
}

/** The address a stored form submission carries: its `data` is whatever the form sent. */
export const submittedEmail = (data: Json) =>
	typeof data === 'object' && data !== null && !Array.isArray(data) ? data.email : undefined

/**
 * The newest mail to `to` whose subject matches. An inbox other tests write to
 * too (the company's) needs `mentioning`: text only this test's mail holds.
 */
export async function waitForMail(to: string, subject: RegExp, mentioning?: string) {
	const deadline = Date.now() + 10_000
	while (Date.now() < deadline) {
		const response = await fetch(`${mailURL()}/email`)
		const mails = (await response.json()) as {
			subject: string
			html: string
			text: string
			to: { address: string }[]
		}[]
		const mail = mails
			.filter((candidate) => candidate.to.some((entry) => entry.address === to) && subject.test(candidate.subject))
			.filter((candidate) => mentioning === undefined || candidate.text.includes(mentioning))
			.at(-1)
		if (mail) return mail
		await new Promise((resolve) => setTimeout(resolve, 150))
	}
	throw new Error(
		`No mail to ${to} matching ${subject}${mentioning === undefined ? '' : ` that mentions ${mentioning}`}`,
	)
}

/** The link of an auth e-mail: our callback page with the token hash (supabase/templates). */
export function linkFrom(mail: { html: string }) {
	const href = /href="([^"]+\/auth\/callback\?token_hash=[^"]+)"/.exec(mail.html)?.[1]
	if (!href) throw new Error('No e-mail link in the mail')
	return href.replace(/&amp;/g, '&')
}

/** Opens an e-mail link and presses the page's button, as the person does (the visit alone uses nothing). */
export async function followEmailLink(page: Page, mail: { html: string }, button: string) {
	await page.goto(linkFrom(mail), { waitUntil: 'networkidle' })
	await appSettled(page)
	await page.getByRole('button', { name: button }).click()
}

/** The browser's cookies as one header, for requests a test sends from Node as that browser. */
export async function cookieHeader(page: Page) {
	return (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

/** A form post as the signed-in browser would send it (same cookies, same origin, same visitor address). */
export async function postAs(page: Page, url: string, form: Record<string, string>) {
	const cookies = await page.context().cookies(url)
	const target = new URL(url)
	return rawRequest(url, {
		method: 'POST',
		body: new URLSearchParams(form).toString(),
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Origin: target.origin,
			'X-Forwarded-For': visitorAddress(),
			Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
		},
	})
}
