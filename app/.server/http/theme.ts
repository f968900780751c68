import { cookieValue } from '~/lib/cookie-header'
import type { HostKind } from '~/lib/host'
import { preferenceCookie } from '~/lib/preference-cookie'
import { defaultTheme, parseTheme, themeStorageKey, type Theme } from '~/lib/theme'
import { isHttps } from '../env'

/**
 * A plain cookie (the inline theme script reads and restores it from
 * localStorage) and host-only, so site and portal keep separate choices.
 */
export function readTheme(request: Request, host: HostKind): Theme {
	return parseTheme(cookieValue(request.headers.get('Cookie') ?? '', themeStorageKey(host))) ?? defaultTheme
}

export function themeCookieHeader(host: HostKind, theme: Theme) {
	return preferenceCookie(themeStorageKey(host), theme, isHttps)
}
