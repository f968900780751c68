import type { Tables } from './database.types'
import { todayInMadrid } from './dates'

/** 15-minute demos. */
export const demoMinutes = 15
export const bookingStatuses = ['confirmada', 'cancelada'] as const

/** A client's booking as their pages read it. */
export type Booking = Pick<Tables<'reservas'>, 'id' | 'fecha' | 'hora' | 'motivo' | 'status' | 'meet_url' | 'event_id'>

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
