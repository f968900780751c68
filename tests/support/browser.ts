// What a test does as the visitor's browser: sign in, follow a mail's link, post as it.
import type { BrowserContext, Cookie, Page } from '@playwright/test'
import { parseSetCookie, type SetCookie } from 'cookie'
import { linkFrom, testPassword } from './data'
import { openApp, visitorAddress } from './e2e-test'
import { formPost } from './form-posts'
import { portalURL, siteURL, type RawResponse } from './urls'

/**
 * Signs the page's browser in as the portal's sign-in form does (the same post, from Node) and keeps the session's
 * cookies, without opening a page: for the many tests that only need a session and go on to a page of their own.
 * The form itself has its own tests (portal.spec, a11y-portal.spec).
 */
export async function startSession(page: Page, email: string, password = testPassword) {
	const response = await formPost(portalURL('/auth'), { intent: 'signin', email, password }, visitorAddress())
	if (response.status !== 302) throw new Error(`Signing in ${email} answered ${response.status}: ${response.body}`)
	await page.context().addCookies(browserCookies(response))
}

/** Signs in as startSession does and opens the dashboard, where the sign-in form leads. */
export async function signIn(page: Page, email: string, password = testPassword) {
	await startSession(page, email, password)
	await page.goto(portalURL('/dashboard'))
	await page.waitForURL(portalURL('/dashboard'))
}

/** Fills the portal's sign-in form, on the page already, and sends it, as the person does. */
export async function submitSignIn(page: Page, email: string, password = testPassword) {
	const form = page.locator('#signin')
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Contraseña').fill(password)
	await form.getByRole('button', { name: 'Iniciar Sesión' }).click()
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

/** Opens an e-mail link and presses the page's button, as the person does (the visit alone uses nothing). */
export async function followEmailLink(page: Page, mail: { html: string }, button: string) {
	await openApp(page, linkFrom(mail))
	await page.getByRole('button', { name: button }).click()
}

/** The browser's cookies as one header, for requests a test sends from Node as that browser. */
export async function cookieHeader(page: Page) {
	return (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

/** A form post as the signed-in browser would send it (same cookies, same origin, same visitor address). */
export async function postAs(page: Page, url: string, form: Record<string, string>) {
	const cookies = await page.context().cookies(url)
	return formPost(url, form, visitorAddress(), {
		Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
	})
}

/** The visitor has answered the cookie banner (rejecting the optional ones), so it covers nothing. */
export async function acceptCookies(target: Page | BrowserContext, site = siteURL('/')) {
	const context = 'context' in target ? target.context() : target
	await context.addCookies([
		{
			name: 'kia-consent',
			value: encodeURIComponent('{"necessary":true,"analytics":false,"marketing":false}'),
			url: site,
		},
	])
}

/** Gives the browser the session of `cookie` (a Cookie header's pairs, as sessionCookie returns them). */
export async function useSession(context: BrowserContext, cookie: string) {
	await context.addCookies(
		cookie.split('; ').map((pair) => {
			const split = pair.indexOf('=')
			return { name: pair.slice(0, split), value: pair.slice(split + 1), domain: '.kia.localhost', path: '/' }
		}),
	)
}
