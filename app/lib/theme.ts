import * as z from 'zod/mini'
import type { HostKind } from './host'

export const themeSchema = z.enum(['light', 'dark', 'system'])
export type Theme = z.infer<typeof themeSchema>

export const defaultTheme: Theme = 'dark'

export const themeLabels: Record<Theme, string> = {
	light: 'Claro',
	dark: 'Oscuro',
	system: 'Sistema',
}

/**
 * The site and the portal keep separate choices (SPEC §2). The same name is
 * used for the localStorage key and for the cookie that lets the server
 * render the first paint in the chosen theme.
 */
export function themeStorageKey(host: HostKind) {
	return host === 'portal' ? 'kia-portal-theme' : 'kia-theme'
}

export function parseTheme(value: unknown): Theme | undefined {
	const parsed = themeSchema.safeParse(value)
	return parsed.success ? parsed.data : undefined
}
