export const businessTimeZone = 'Europe/Madrid'

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: businessTimeZone })

/** "25 de julio de 2025", in Madrid's calendar whatever the server's time zone. */
export function formatLongDate(value: string | Date) {
	return longDate.format(typeof value === 'string' ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value)
}
