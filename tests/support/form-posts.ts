import { rawRequest } from './urls'
import { send, urlencoded } from './hostile-input'

/**
 * A form post to `url` as a visitor at `address` sends it from our own page (same origin, urlencoded), with
 * `headers` besides (a Cookie, for a signed-in visitor).
 */
export function formPost(
	url: string,
	fields: Record<string, string>,
	address: string,
	headers: Record<string, string> = {},
) {
	return send(url, urlencoded(Object.entries(fields)), { headers: { 'X-Forwarded-For': address, ...headers } })
}

/** The statuses of `count` requests sent one after another: a limit shows at its edge. */
export async function statusesOf(count: number, send: (index: number) => Promise<{ status: number }>) {
	const statuses: number[] = []
	for (let index = 0; index < count; index++) statuses.push((await send(index)).status)
	return statuses
}

/** What our auth forms say at their limits (app/content/auth.ts), as the visitor reads it. */
export const authLimitCopy = {
	signin: 'Has hecho demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.',
	signup: 'Has hecho demasiados intentos de registro. Espera unos minutos e inténtalo de nuevo.',
	recover: 'Has pedido demasiados correos. Espera unos minutos e inténtalo de nuevo.',
}

/** The submission key the form on the page at `url` carries (SubmissionKeyInput), as a browser sends it with the form. */
export async function renderedSubmissionKey(url: string, cookie?: string) {
	const page = await rawRequest(url, { headers: cookie ? { Cookie: cookie } : {} })
	const key = /<input\b[^>]*\bname="envio"[^>]*\bvalue="([^"]+)"/.exec(page.body)?.[1]
	if (!key) throw new Error(`No submission key on ${url} (${page.status})`)
	return key
}
