import { parse, serialize } from 'cookie'
import { consentStorageKey, parseConsent, type Consent } from '~/lib/consent'
import { isHttps } from './env'

/** The consent choice mirrored from localStorage, so the server renders the banner only when needed. */
export function readConsent(request: Request): Consent | null {
	return parseConsent(parse(request.headers.get('Cookie') ?? '')[consentStorageKey])
}

export function consentCookieHeader(consent: Consent) {
	return serialize(consentStorageKey, JSON.stringify(consent), {
		path: '/',
		sameSite: 'lax',
		secure: isHttps,
		maxAge: 60 * 60 * 24 * 365,
	})
}
