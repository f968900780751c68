import { consentChoices } from '~/lib/consent'

/** The accepted consent choice as browsers send it: the value URI-encoded, as the app and the banner write it. */
export const acceptedConsentValue = encodeURIComponent(JSON.stringify(consentChoices.accept))

/**
 * Cookie headers a client may send, and how both halves of the shared cache (nginx's maps in
 * deploy/nginx/kia-http.conf, app/lib/cookie-header.ts) must read each: one visitor's (nginx neither reads nor fills
 * the cache, the app renders the page private), or shared with the theme and consent values the key names.
 * Spellings only a raw string can have (a leading space, which HTTP itself strips) are in the unit test.
 */
export const cookieSpellings: readonly CookieSpelling[] = [
	{ header: 'kia-theme=light', theme: 'light', consent: '' },
	{ header: 'kia-theme=light; _ga=GA1.1.123.456', theme: 'light', consent: '' },
	{ header: `_ga=GA1.1.1; kia-consent=${acceptedConsentValue}`, theme: '', consent: acceptedConsentValue },
	{ header: 'kia-theme=', theme: '', consent: '' },
	{ header: 'a=kia-theme=light', theme: '', consent: '' },
	{ header: 'x-kia-theme=light', theme: '', consent: '' },
	// A space around '=' is trimmed by some parsers and not by others: the one that keyed "no choice made" must not
	// store the page another rendered as "accepted".
	{ header: `kia-consent =${acceptedConsentValue}`, oneVisitors: true },
	{ header: 'kia-theme =light', oneVisitors: true },
	{ header: 'kia-theme= light', oneVisitors: true },
	{ header: 'kia-theme=li ght', oneVisitors: true },
	{ header: 'kia-theme=light;_ga=1', oneVisitors: true },
	{ header: '_ga=1;  kia-theme=light', oneVisitors: true },
	{ header: '_ga=1;\tkia-theme=light', oneVisitors: true },
	{ header: 'kia-theme=light; kia-theme=dark', oneVisitors: true },
	{ header: `kia-consent=${acceptedConsentValue}; _ga=1; kia-consent=x`, oneVisitors: true },
	{ header: 'kia-theme="light"', oneVisitors: true },
	{ header: 'kia-theme=light, _ga=1', oneVisitors: true },
	{ header: '=light', oneVisitors: true },
	{ header: 'kia-theme', oneVisitors: true },
	{ header: 'kia-theme=light;', oneVisitors: true },
	// Ours but the theme: a visitor's own (the session, the toast, the booking draft).
	{ header: 'sb-127-auth-token=abc', oneVisitors: true },
	{ header: 'kia-booking-draft=x', oneVisitors: true },
	{ header: 'a=1; sb-x-auth-token.0=y', oneVisitors: true },
	{ header: 'kia-themes=1', oneVisitors: true },
]

export type CookieSpelling = { header: string } & (
	{ oneVisitors: true } | { oneVisitors?: undefined; theme: string; consent: string }
)
