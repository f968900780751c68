import type { consentCookieName } from './consent'
import type { themeStorageKey } from './theme'

/**
 * How the app reads a request's Cookie header, which is how the shared cache in front of it reads it too: the nginx
 * maps in deploy/nginx/kia-http.conf are the other half, written with these same expressions (a unit test holds the
 * two to it). Were a header read one way there and another here, nginx could store a page the app rendered for one
 * choice under another's key: `kia-consent ={…}` once read as "no choice made" there and "accepted" here.
 *
 * One grammar, then: a header is canonical when it is written as browsers write it (RFC 6265), `name=value` pairs
 * joined by "; ", with token names and cookie-octet values (no space, tab, quote, comma, semicolon or backslash),
 * and neither the theme nor the consent cookie named twice. Anything else makes the request one visitor's, as any
 * cookie of ours but the theme does: nginx neither reads nor fills the cache for it and the app renders it private.
 * A cookie's value is the first `name=` at the header's start or after "; ", up to the next ';'.
 */
const cookiePair = "[!#$%&'*+.^_`|~0-9A-Za-z-]+=[\\x21\\x23-\\x2B\\x2D-\\x3A\\x3C-\\x5B\\x5D-\\x7E]*"

export const cookieHeaderExpressions = {
	canonical: new RegExp(`^(?:${cookiePair}(?:; ${cookiePair})*)?$`),
	/** The theme's and the consent's cookies change the page for everyone who chose alike; one named twice is odd. */
	variantTwice: /(?:^|; )(kia-theme|kia-consent)=.*; \1=/,
	/** The Supabase session (`sb-…`) and ours but the theme and the consent (the toast, a draft, any added later). */
	personal: /(?:^|; )(?:sb-|kia-(?!theme=|consent=))/,
}

/** The request is one visitor's: nothing of it may be shared through a cache (see above). */
export function isOneVisitorsCookieHeader(header: string) {
	const { canonical, variantTwice, personal } = cookieHeaderExpressions
	return personal.test(header) || variantTwice.test(header) || !canonical.test(header)
}

/** Ours: a name nothing in a regular expression reads as its own. */
type CookieName = ReturnType<typeof themeStorageKey> | typeof consentCookieName

/** Where a cookie's value is, as nginx finds it (`$kia_theme`, `$kia_consent`). */
export const cookieValueExpression = (name: CookieName) => new RegExp(`(?:^|; )${name}=([^;]*)`)

/** The cookie's value, URI-decoded when it decodes. */
export function cookieValue(header: string, name: CookieName): string | undefined {
	const raw = cookieValueExpression(name).exec(header)?.[1]
	if (raw === undefined) return undefined
	try {
		return decodeURIComponent(raw)
	} catch {
		return raw
	}
}
