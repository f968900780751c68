import { cookieValue } from '~/lib/cookie-header'
import { consentCookieName, parseConsent, type Consent } from '~/lib/consent'
import { preferenceCookie } from '~/lib/preference-cookie'
import { isHttps } from '../env'

/** The consent choice mirrored from localStorage, so the server renders the banner only when needed. */
export function readConsent(request: Request): Consent | null {
	return parseConsent(cookieValue(request.headers.get('Cookie') ?? '', consentCookieName))
}

export function consentCookieHeader(consent: Consent) {
	return preferenceCookie(consentCookieName, JSON.stringify(consent), isHttps)
}
