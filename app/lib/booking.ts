import { businessTimeZone } from './dates'

/** SPEC §9: 15-minute demos, weekdays, every 30 minutes from 10:00 to 13:30. */
export const demoMinutes = 15
export const meetingStatuses = ['confirmada', 'cancelada'] as const

export const bookingSlots = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'] as const
export type BookingSlot = (typeof bookingSlots)[number]

export const isBookingSlot = (value: string): value is BookingSlot => bookingSlots.some((slot) => slot === value)

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** Today's date in Madrid, whatever the server's clock zone: the business lives there. */
export function todayInMadrid(now = new Date()) {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: businessTimeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(now)
}

/** The time of day in Madrid as HH:MM. */
export function timeInMadrid(now = new Date()) {
	return new Intl.DateTimeFormat('en-GB', {
		timeZone: businessTimeZone,
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).format(now)
}

export function isValidDate(value: string) {
	if (!isoDate.test(value)) return false
	const date = new Date(`${value}T12:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export function isWeekday(value: string) {
	const day = new Date(`${value}T12:00:00Z`).getUTCDay()
	return day >= 1 && day <= 5
}

/**
 * Issue 18: without these one account could hold every demo slot (it booked 9999-12-31 and kept several at
 * once). How far ahead a demo can be booked, and how many upcoming demos one client may hold. The database
 * refuses the same (migration 20250730120000_booking_limits.sql); a test pins the two together.
 */
export const bookingLimits = { horizonDays: 90, maxUpcomingPerClient: 3 } as const

/** The last date a demo can be booked for when it is `today` (a Madrid date): `horizonDays` later. */
export function lastBookableFrom(today: string) {
	const date = new Date(`${today}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + bookingLimits.horizonDays)
	return date.toISOString().slice(0, 10)
}

export const lastBookableDate = (now = new Date()) => lastBookableFrom(todayInMadrid(now))

/** Whether the date is further ahead than a demo can be booked. */
export const isPastHorizon = (fecha: string, now = new Date()) => fecha > lastBookableDate(now)

/** A slot can be booked if it is a weekday, from now on (Madrid), and within the booking horizon. */
export function isBookable(fecha: string, hora: string, now = new Date()) {
	if (!isValidDate(fecha) || !isWeekday(fecha) || !isBookingSlot(hora) || isPastHorizon(fecha, now)) return false
	const today = todayInMadrid(now)
	if (fecha < today) return false
	return fecha > today || hora > timeInMadrid(now)
}

export type Meeting = {
	id: string
	fecha: string
	hora: string
	motivo: string | null
	status: string
	meet_url: string | null
	event_id: string | null
}

/**
 * SPEC §4: upcoming = confirmed and not before the start of today (Madrid),
 * soonest first; past = everything else, latest first.
 */
export function splitMeetings<T extends Pick<Meeting, 'fecha' | 'hora' | 'status'>>(meetings: T[], now = new Date()) {
	const today = todayInMadrid(now)
	const key = (meeting: T) => `${meeting.fecha} ${meeting.hora}`
	const upcoming = meetings.filter((meeting) => meeting.status === 'confirmada' && meeting.fecha >= today)
	const past = meetings.filter((meeting) => !upcoming.includes(meeting))
	return {
		upcoming: [...upcoming].sort((a, b) => key(a).localeCompare(key(b))),
		past: [...past].sort((a, b) => key(b).localeCompare(key(a))),
	}
}

// Built on first use, like the one in dates.ts: pages that never show a meeting do not pay for it.
let meetingDate: Intl.DateTimeFormat | undefined

/** "24 de noviembre de 2026, 10:30" — the stored date and time are already Madrid's. */
export function formatMeeting(fecha: string, hora: string) {
	if (!isValidDate(fecha)) return 'Fecha inválida'
	meetingDate ??= new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' })
	return `${meetingDate.format(new Date(`${fecha}T12:00:00Z`))}, ${hora.slice(0, 5)}`
}
