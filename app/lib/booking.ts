import { businessTimeZone } from './dates'

/** 15-minute demos. */
export const demoMinutes = 15
export const bookingStatuses = ['confirmada', 'cancelada'] as const

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

export type Booking = {
	id: string
	fecha: string
	hora: string
	motivo: string | null
	status: string
	meet_url: string | null
	event_id: string | null
}

/**
 * Upcoming = not before the start of today (Madrid), soonest first; past = before it, latest first. A
 * cancelled meeting of next week is still next week's, shown there as cancelled (the spec put it with the past,
 * where nobody looks for it: issue 55); only a confirmed one offers join, reschedule and cancel.
 */
export function splitBookings<T extends Pick<Booking, 'fecha' | 'hora'>>(bookings: T[], now = new Date()) {
	const today = todayInMadrid(now)
	const key = (booking: T) => `${booking.fecha} ${booking.hora}`
	const upcoming = bookings.filter((booking) => booking.fecha >= today)
	const past = bookings.filter((booking) => !upcoming.includes(booking))
	return {
		upcoming: [...upcoming].sort((a, b) => key(a).localeCompare(key(b))),
		past: [...past].sort((a, b) => key(b).localeCompare(key(a))),
	}
}

// Built on first use, like the one in dates.ts: pages that never show a meeting do not pay for it.
let bookingDate: Intl.DateTimeFormat | undefined

/** "24 de noviembre de 2026, 10:30" — the stored date and time are already Madrid's. */
export function formatBookingTime(fecha: string, hora: string) {
	if (!isValidDate(fecha)) return 'Fecha inválida'
	bookingDate ??= new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' })
	return `${bookingDate.format(new Date(`${fecha}T12:00:00Z`))}, ${hora.slice(0, 5)}`
}
