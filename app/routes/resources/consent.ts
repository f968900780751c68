import { data, redirect } from 'react-router'
import { consentCookieHeader } from '~/.server/http/consent'
import { readForm } from '~/.server/http/responses'
import { consentChoices, type Consent } from '~/lib/consent'
import { safeRedirect } from '~/lib/safe-redirect'
import type { Route } from './+types/consent'

/** Rechazar / Aceptar todo / Guardar preferencias, as a plain form post (works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
	const form = await readForm(request)
	const intent = form.get('intent')
	let consent: Consent
	if (intent === 'accept') consent = consentChoices.accept
	else if (intent === 'reject') consent = consentChoices.reject
	else if (intent === 'save') {
		consent = { necessary: true, analytics: form.get('analytics') === 'on', marketing: form.get('marketing') === 'on' }
	} else return data({ consent: null }, { status: 400 })

	const headers = { 'Set-Cookie': consentCookieHeader(consent) }
	const redirectTo = form.get('redirectTo')
	if (redirectTo !== null) throw redirect(safeRedirect(redirectTo), { headers })
	return data({ consent }, { headers })
}

export function loader() {
	throw redirect('/politica-cookies#preferencias')
}
