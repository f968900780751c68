import { data, redirect } from 'react-router'
import { readForm } from '~/.server/http/responses'
import { requestInfoContext } from '~/.server/http/request'
import { themeCookieHeader } from '~/.server/http/theme'
import { safeRedirect } from '~/lib/safe-redirect'
import { parseTheme } from '~/lib/theme'
import type { Route } from './+types/theme'

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const theme = parseTheme(form.get('theme'))
	if (!theme) return data({ ok: false }, { status: 400 })
	const { host } = context.get(requestInfoContext)
	const headers = { 'Set-Cookie': themeCookieHeader(host, theme) }
	// Only the server-rendered form carries redirectTo: without JavaScript, go back to the page.
	const redirectTo = form.get('redirectTo')
	if (redirectTo !== null) throw redirect(safeRedirect(redirectTo), { headers })
	return data({ ok: true }, { headers })
}

export function loader() {
	throw redirect('/')
}
