import { randomBytes } from 'node:crypto'

export type CalendarEvent = { eventId: string; meetUrl: string }

export type MeetingDetails = { fecha: string; hora: string; motivo: string; nombre: string; email: string }

/** Where meetings live: Google Calendar with Meet when configured (#5), a Jitsi room otherwise. */
export type CalendarProvider = {
	create: (meeting: MeetingDetails) => Promise<CalendarEvent>
	move: (eventId: string, meeting: MeetingDetails) => Promise<void>
	cancel: (eventId: string) => Promise<void>
}

/**
 * Needs no account: a Jitsi room whose name nobody can guess is a joinable
 * meeting. There is no calendar behind it, so moving or cancelling only
 * changes our row and the e-mails.
 */
export const jitsiCalendar: CalendarProvider = {
	async create() {
		const room = `kia-demo-${randomBytes(9).toString('base64url')}`
		return { eventId: `jitsi:${room}`, meetUrl: `https://meet.jit.si/${room}` }
	},
	async move() {},
	async cancel() {},
}

export function getCalendar(): CalendarProvider {
	return jitsiCalendar
}
