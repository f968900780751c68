import type { HostKind } from './host'

export const themes = ['light', 'dark', 'system'] as const
export type Theme = (typeof themes)[number]

export const defaultTheme: Theme = 'dark'

export const themeLabels: Record<Theme, string> = {
	light: 'Claro',
	dark: 'Oscuro',
	system: 'Sistema',
}

/**
 * The site and the portal keep separate choices. The same name is
 * used for the localStorage key and for the cookie that lets the server
 * render the first paint in the chosen theme.
 */
export function themeStorageKey(host: HostKind) {
	return host === 'portal' ? 'kia-portal-theme' : 'kia-theme'
}

// Shipped to every page: a three-value check is not worth a schema library in the browser.
export function parseTheme(value: unknown): Theme | undefined {
	return themes.find((theme) => theme === value)
}
