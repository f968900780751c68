export const businessTimeZone = 'Europe/Madrid'

/** `fecha` (YYYY-MM-DD) moved by `days` calendar days, across months and years. */
export function addDays(fecha: string, days: number) {
	const date = new Date(`${fecha}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + days)
	return date.toISOString().slice(0, 10)
}

/**
 * The `days` days from `today` on, today included: a window that means the same on any day, where
 * "this week" seen on a Sunday holds only that Sunday, and "this month" on the 1st only the 1st.
 */
export function nextDays(today: string, days: number) {
	return { desde: today, hasta: addDays(today, days - 1) }
}

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

let longDateTime: Intl.DateTimeFormat | undefined

/** "25 de julio de 2025, 10:32", Madrid's time: when something arrived or was written. */
export function formatLongDateTime(value: string | Date) {
	longDateTime ??= new Intl.DateTimeFormat('es-ES', {
		dateStyle: 'long',
		timeStyle: 'short',
		timeZone: businessTimeZone,
	})
	return longDateTime.format(typeof value === 'string' ? new Date(value) : value)
}

/** "el 24 de diciembre de 2026", or "del 24 de diciembre de 2026 al 6 de enero de 2027": a span of whole days. */
export function formatDateRange(desde: string, hasta: string) {
	return desde === hasta ? `el ${formatLongDate(desde)}` : `del ${formatLongDate(desde)} al ${formatLongDate(hasta)}`
}

let weekdayDate: Intl.DateTimeFormat | undefined

/** "lunes, 30 de noviembre": a day the booking form offers, in Madrid's calendar. */
export function formatWeekdayDate(fecha: string) {
	weekdayDate ??= new Intl.DateTimeFormat('es-ES', {
		weekday: 'long',
		day: 'numeric',
		month: 'long',
		timeZone: businessTimeZone,
	})
	return weekdayDate.format(new Date(`${fecha}T12:00:00Z`))
}

let monthYear: Intl.DateTimeFormat | undefined

/** "noviembre de 2026": the heading over a month's days in the booking form. */
export function formatMonthYear(fecha: string) {
	monthYear ??= new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: businessTimeZone })
	return monthYear.format(new Date(`${fecha}T12:00:00Z`))
}
