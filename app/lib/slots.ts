import { isValidDate, timeInMadrid, todayInMadrid, addDays, formatMonthYear, formatWeekdayDate } from './dates'

// The booking rules' logic, apart from booking.ts's Madrid dates and meeting helpers: only the pages that
// offer slots (the booking form) and the server need it, not every page that shows a meeting.

/** The hours an admin can open for demos: every half hour of the working day. */
export const slotChoices = Array.from({ length: 24 }, (_, index) => {
	const minutes = 8 * 60 + index * 30
	return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`
})

/** A blocked date range, inclusive; its reason stays with the admins. */
export type BookingBlock = { desde: string; hasta: string }

/**
 * The booking rules in force (table reglas_reservas, changed in /admin/ajustes). `dias` are ISO weekdays
 * (1 = lunes), `horas` HH:MM in Madrid time, sorted.
 */
export type BookingRules = {
	dias: number[]
	horas: string[]
	horizonteDias: number
	antelacionHoras: number
	maximoPendientes: number
	bloqueos: BookingBlock[]
}

/**
 * Issue 18: weekdays, every 30 minutes from 10:00 to 13:30, up to 90 days ahead, from now on,
 * at most three upcoming demos per client. The migration's defaults; a test pins the two together.
 */
export const defaultBookingRules: BookingRules = {
	dias: [1, 2, 3, 4, 5],
	horas: ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'],
	horizonteDias: 90,
	antelacionHoras: 0,
	maximoPendientes: 3,
	bloqueos: [],
}

/** ISO weekdays in calendar order (a plain sort() compares them as text). */
export const byWeekday = (dias: readonly number[]) => [...dias].sort((a, b) => a - b)

/**
 * The free slots a portal form offers (reschedule, the admin's new meeting): the booking page's, so a meeting
 * can only move to where a new one could be booked (the server checks again).
 */
export type RescheduleOptions = { months: SlotMonth[]; availability: string }

/** ISO weekday of a date: 1 = lunes … 7 = domingo. */
export function isoWeekday(value: string) {
	return new Date(`${value}T12:00:00Z`).getUTCDay() || 7
}

export const isWeekend = (value: string) => isoWeekday(value) > 5

export const isBlocked = (rules: Pick<BookingRules, 'bloqueos'>, fecha: string) =>
	rules.bloqueos.some((block) => block.desde <= fecha && fecha <= block.hasta)

/** Whether demos are held that day at all: one of the rules' weekdays, not blocked. */
export const isBookableDay = (rules: BookingRules, fecha: string) =>
	isValidDate(fecha) && rules.dias.includes(isoWeekday(fecha)) && !isBlocked(rules, fecha)

/** The last date a demo can be booked for when it is `today` (a Madrid date). */
export const lastBookableFrom = (rules: Pick<BookingRules, 'horizonteDias'>, today: string) =>
	addDays(today, rules.horizonteDias)

/**
 * When demos can be booked, fixed at one moment so that the server and the browser offer the same hours:
 * strictly after `earliest` (now plus the minimum notice, in Madrid) and up to `last` (the horizon).
 */
export type BookingWindow = { earliest: { fecha: string; hora: string }; last: string }

export function bookingWindow(rules: BookingRules, now = new Date()): BookingWindow {
	const from = new Date(now.getTime() + rules.antelacionHoras * 3_600_000)
	return {
		earliest: { fecha: todayInMadrid(from), hora: timeInMadrid(from) },
		last: lastBookableFrom(rules, todayInMadrid(now)),
	}
}

/** Whether the date is further ahead than a demo can be booked. */
export const isPastHorizon = (rules: BookingRules, fecha: string, now = new Date()) =>
	fecha > bookingWindow(rules, now).last

function isInWindow(window: BookingWindow, fecha: string, hora: string) {
	const { earliest, last } = window
	return fecha <= last && (fecha > earliest.fecha || (fecha === earliest.fecha && hora > earliest.hora))
}

/** The hours still offered on a date: the rules' hours on a bookable day, inside the window, not taken. */
export function freeHours(rules: BookingRules, window: BookingWindow, fecha: string, taken: readonly string[] = []) {
	if (!isBookableDay(rules, fecha)) return []
	return rules.horas.filter((hora) => !taken.includes(hora) && isInWindow(window, fecha, hora))
}

/** A slot can be booked on a bookable day, at one of its hours, after the notice and within the horizon. */
export const isBookable = (rules: BookingRules, fecha: string, hora: string, now = new Date()) =>
	freeHours(rules, bookingWindow(rules, now), fecha).includes(hora)

/** A day the booking form offers and its free hours. */
export type BookableDay = { fecha: string; horas: string[] }

/** Every day from the window's start to its horizon that still has a free hour, in order. */
export function bookableDays(
	rules: BookingRules,
	window: BookingWindow,
	taken: Readonly<Record<string, readonly string[]>>,
): BookableDay[] {
	const days: BookableDay[] = []
	for (let fecha = window.earliest.fecha; fecha <= window.last; fecha = addDays(fecha, 1)) {
		const horas = freeHours(rules, window, fecha, taken[fecha])
		if (horas.length > 0) days.push({ fecha, horas })
	}
	return days
}

/** A day the slot picker offers, named in Spanish by the server ('lunes, 30 de noviembre'), with its free hours. */
export type SlotDay = { fecha: string; label: string; horas: string[] }
export type SlotMonth = { label: string; days: SlotDay[] }

/** The free days grouped by month and named in Spanish on the server, so a page ships no date formatting. */
export function slotMonths(days: BookableDay[]): SlotMonth[] {
	const months: SlotMonth[] = []
	for (const day of days) {
		const label = formatMonthYear(day.fecha)
		const slotDay = { ...day, label: formatWeekdayDate(day.fecha) }
		const last = months.at(-1)
		if (last?.label === label) last.days.push(slotDay)
		else months.push({ label, days: [slotDay] })
	}
	return months
}

/** One radio button of the booking form is one slot: `2026-11-30T10:00`. */
export const slotValue = (fecha: string, hora: string) => `${fecha}T${hora}`

const slotPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

/**
 * The form's `slot` read as the `fecha` and `hora` the booking schema checks; a post that names them itself
 * (a client of the form's old shape) is read as it is.
 */
export function withSlotFields(formData: FormData) {
	const match = slotPattern.exec(String(formData.get('slot') ?? ''))
	if (!match) return formData
	const read = new FormData()
	for (const [name, value] of formData) if (name !== 'fecha' && name !== 'hora') read.append(name, value)
	read.set('fecha', match[1] ?? '')
	read.set('hora', match[2] ?? '')
	return read
}
