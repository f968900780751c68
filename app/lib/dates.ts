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

let fullDate: Intl.DateTimeFormat | undefined

/** "lunes, 14 de diciembre de 2026": a day named whole, as a booking's confirmation recaps it, in Madrid's calendar. */
export function formatFullDate(fecha: string) {
	fullDate ??= new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: businessTimeZone })
	return fullDate.format(new Date(`${fecha}T12:00:00Z`))
}

let monthYear: Intl.DateTimeFormat | undefined

/** "noviembre de 2026": the heading over a month's days in the booking form. */
export function formatMonthYear(fecha: string) {
	monthYear ??= new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: businessTimeZone })
	return monthYear.format(new Date(`${fecha}T12:00:00Z`))
}

// The formatters of the clock's date and time in Madrid, made once like the others.
let isoDay: Intl.DateTimeFormat | undefined
let clockTime: Intl.DateTimeFormat | undefined

/** Today's date in Madrid (YYYY-MM-DD), whatever the server's clock zone: the business lives there. */
export function todayInMadrid(now = new Date()) {
	isoDay ??= new Intl.DateTimeFormat('en-CA', {
		timeZone: businessTimeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	})
	return isoDay.format(now)
}

/** The time of day in Madrid as HH:MM. */
export function timeInMadrid(now = new Date()) {
	clockTime ??= new Intl.DateTimeFormat('en-GB', {
		timeZone: businessTimeZone,
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	})
	return clockTime.format(now)
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isValidDate(value: string) {
	if (!isoDate.test(value)) return false
	const date = new Date(`${value}T12:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** "24 de noviembre de 2026, 10:30": a booking's date and time, which are stored as Madrid's already. */
export function formatBookingTime(fecha: string, hora: string) {
	if (!isValidDate(fecha)) return 'Fecha inválida'
	return `${formatLongDate(fecha)}, ${hora.slice(0, 5)}`
}

// 'sv-SE' writes a date as 2026-11-24 15:30: a spreadsheet reads it as a date and sorts it as one.
// Madrid time, as every date the company reads.
let spreadsheetDateTime: Intl.DateTimeFormat | undefined
/** As a spreadsheet reads a date and time. */
export const formatSpreadsheetDateTime = (value: string) =>
	(spreadsheetDateTime ??= new Intl.DateTimeFormat('sv-SE', {
		timeZone: businessTimeZone,
		dateStyle: 'short',
		timeStyle: 'short',
	})).format(new Date(value))
