import { createCookie, redirect } from 'react-router'
import { unconfirmedCopy } from '~/content/errors'
import type { ActionResult } from '~/lib/action-result'
import { toastSchema, type Toast, type ToastInput } from '~/lib/toast'
import { env, isHttps } from '../env'

/**
 * A one-shot cookie: set by an action before a redirect, read and cleared by
 * the next page load — on either host, since some redirects cross from the
 * site to the portal.
 */
const toastCookie = createCookie('kia-toast', {
	domain: env.COOKIE_DOMAIN,
	path: '/',
	httpOnly: true,
	sameSite: 'lax',
	secure: isHttps,
	secrets: [env.SESSION_SECRET],
	maxAge: 60,
})

export async function toastCookieHeader(toast: ToastInput) {
	return toastCookie.serialize(toastSchema.parse(toast))
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', await toastCookieHeader(toast))
	return redirect(url, { ...init, headers })
}

/** The pending toast, if any, and the header that consumes it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
	const headers = new Headers()
	const raw: unknown = await toastCookie.parse(request.headers.get('Cookie'))
	if (raw === null || raw === undefined) return { toast: null, headers }
	headers.append('Set-Cookie', await toastCookie.serialize('', { maxAge: 0 }))
	const parsed = toastSchema.safeParse(raw)
	return { toast: parsed.success ? parsed.data : null, headers }
}

/** For an action that stays on the page: the toast shows after the revalidation that follows. */
export async function toastHeaders(toast: ToastInput) {
	return new Headers({ 'Set-Cookie': await toastCookieHeader(toast) })
}

/** A refusal's toast: its message as an error; a warning that says so when the write may have been kept. */
export function refusalToast(refused: Extract<ActionResult, { ok: false }>): ToastInput {
	return refused.unconfirmed
		? { type: 'warning', title: unconfirmedCopy.title, description: refused.message }
		: { type: 'error', title: refused.message }
}
