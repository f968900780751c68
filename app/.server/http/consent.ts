import { cookieValue } from '~/lib/cookie-header'
import { consentStorageKey, parseConsent, type Consent } from '~/lib/consent'
import { preferenceCookie } from '~/lib/preference-cookie'
import { isHttps } from '../env'

/** The consent choice mirrored from localStorage, so the server renders the banner only when needed. */
export function readConsent(request: Request): Consent | null {
	return parseConsent(cookieValue(request.headers.get('Cookie') ?? '', consentStorageKey))
}

export function consentCookieHeader(consent: Consent) {
	return preferenceCookie(consentStorageKey, JSON.stringify(consent), isHttps)
}
