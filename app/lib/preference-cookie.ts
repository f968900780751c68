/**
 * The theme and the consent choice are kept in localStorage
 * and mirrored in a cookie so the server renders the first paint right. The
 * browser writes that cookie as well (restoring it when it was lost), so both
 * sides write it from here: the same lifetime and flags whoever sets it. Not
 * HttpOnly, since the pages' own scripts write and read it; nothing in it is
 * secret (three theme names, two booleans), and the server validates it on
 * every read. Host-only: each host keeps its own.
 */
const maxAgeSeconds = 365 * 24 * 60 * 60

/** The attributes after `name=value`; `; Secure` is added where the page is https. */
export const preferenceCookieAttributes = `; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`

export function preferenceCookie(name: string, value: string, secure: boolean) {
	return `${name}=${encodeURIComponent(value)}${preferenceCookieAttributes}${secure ? '; Secure' : ''}`
}
