export const businessTimeZone = 'Europe/Madrid'

// Built on first use, not when the module loads: an ICU formatter with a time zone costs a browser
// some 20 ms, which would otherwise weigh on the start-up of every page that ships this module.
let longDate: Intl.DateTimeFormat | undefined

/** "25 de julio de 2025", in Madrid's calendar whatever the server's time zone. */
export function formatLongDate(value: string | Date) {
	longDate ??= new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: businessTimeZone })
	return longDate.format(
		typeof value === 'string' ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value,
	)
}
