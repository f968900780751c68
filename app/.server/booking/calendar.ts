import { randomBytes } from 'node:crypto'
import { env } from '../env'
import { createGoogleCalendar } from './google-calendar'

export type CalendarEvent = { eventId: string; meetUrl: string }

export type MeetingDetails = { fecha: string; hora: string; motivo: string; nombre: string; email: string }

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
 * meeting. There is no calendar behind it, so moving or cancelling only
 * changes our row and the e-mails.
 */
export const jitsiCalendar: CalendarProvider = {
	sendsInvitations: false,
	async create() {
		const room = `kia-demo-${randomBytes(9).toString('base64url')}`
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
