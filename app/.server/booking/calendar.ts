import { createHmac } from 'node:crypto'
import { env } from '../env'
import { createGoogleCalendar } from './google-calendar'

export type CalendarEvent = { eventId: string; meetUrl: string }

/** `id`: the booking's, from which its event is named, so making it twice (a retried job) makes one. */
export type MeetingDetails = { id: string; fecha: string; hora: string; motivo: string; nombre: string; email: string }

/**
 * Where meetings live: Google Calendar with Meet when configured (#5), a Jitsi room otherwise.
 *
 * `sendsInvitations`: whether the provider itself invites the client (and tells them of every change), so
 * that our e-mails carry no `.ics` of their own and the client gets one invitation per booking, not two.
 * Google does: its event is the meeting (its guest list lets the client into the Meet without knocking,
 * their answer shows on it, and a change made by hand in Google Calendar reaches them too), and a second
 * invitation of ours, with another UID, would be a second copy of the meeting in their calendar that
 * Google's updates never touch. A Jitsi room has no calendar behind it, so our `.ics` is the invitation.
 */
export type CalendarProvider = {
	sendsInvitations: boolean
	create: (meeting: MeetingDetails) => Promise<CalendarEvent>
	move: (eventId: string, meeting: MeetingDetails) => Promise<void>
	cancel: (eventId: string) => Promise<void>
}

/**
 * Needs no account: a Jitsi room whose name nobody can guess is a joinable
 * meeting. Its name is the server's secret over the booking's id: the same
 * booking always gets the same room. There is no calendar behind it, so
 * moving or cancelling only changes our row and the e-mails.
 */
export const jitsiCalendar: CalendarProvider = {
	sendsInvitations: false,
	async create({ id }) {
		const secret = createHmac('sha256', env.SESSION_SECRET).update(`jitsi:${id}`).digest('base64url')
		const room = `kia-demo-${secret.slice(0, 12)}`
		return { eventId: `jitsi:${room}`, meetUrl: `https://meet.jit.si/${room}` }
	},
	async move() {},
	async cancel() {},
}

let google: CalendarProvider | undefined

/** Google when its credentials are configured; otherwise meetings still get a working Jitsi room. */
export function getCalendar(): CalendarProvider {
	if (!env.GOOGLE_CALENDAR_ID || !env.GOOGLE_SERVICE_ACCOUNT_EMAIL || !env.GOOGLE_SERVICE_ACCOUNT_KEY)
		return jitsiCalendar
	google ??= createGoogleCalendar({
		calendarId: env.GOOGLE_CALENDAR_ID,
		serviceAccountEmail: env.GOOGLE_SERVICE_ACCOUNT_EMAIL,
		privateKey: env.GOOGLE_SERVICE_ACCOUNT_KEY.replace(/\\n/g, '\n'),
		impersonate: env.GOOGLE_CALENDAR_IMPERSONATE,
	})
	return google
}

/** Event ids say which provider made them, so a Jitsi booking is never sent to Google. */
export function calendarFor(eventId: string): CalendarProvider {
	return eventId.startsWith('google:') ? getCalendar() : jitsiCalendar
}

/** The calendar behind a booking; one without an event (made before links existed) has none, like Jitsi. */
export const calendarOf = (booking: { event_id: string | null }) =>
	booking.event_id ? calendarFor(booking.event_id) : jitsiCalendar
