import { importPKCS8, SignJWT } from 'jose'
import { demoMinutes } from '~/lib/booking'
import { callSignal } from '../budget'
import type { CalendarProvider, MeetingDetails } from './calendar'
import { z } from 'zod'

export type GoogleCalendarConfig = {
	calendarId: string
	serviceAccountEmail: string
	/** PEM (PKCS#8) private key of the service account. */
	privateKey: string
	/** Workspace user the service account acts for (domain-wide delegation), needed to create Meet links. */
	impersonate?: string
	/** How long one call to Google may take; 10 s unless a test needs a shorter wait. */
	timeoutMs?: number
}

const tokenUrl = 'https://oauth2.googleapis.com/token'
const apiBase = 'https://www.googleapis.com/calendar/v3'

function eventTimes({ fecha, hora }: Pick<MeetingDetails, 'fecha' | 'hora'>) {
	const [hours = 0, minutes = 0] = hora.split(':').map(Number)
	const end = hours * 60 + minutes + demoMinutes
	const time = (total: number) =>
		`${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`
	return {
		start: { dateTime: `${fecha}T${time(hours * 60 + minutes)}`, timeZone: 'Europe/Madrid' },
		end: { dateTime: `${fecha}T${time(end)}`, timeZone: 'Europe/Madrid' },
	}
}

/** Google Calendar with a Meet link per demo, through the REST API and a service account. */
/** What Google's token endpoint and Calendar API answer, as far as the app reads them. */
const tokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() })
const eventAnswer = z.looseObject({ id: z.string().optional(), hangoutLink: z.string().optional() })

export function createGoogleCalendar(config: GoogleCalendarConfig): CalendarProvider {
	let cached: { token: string; expiresAt: number } | undefined
	// Google answers in well under a second; one that hangs must not hold a booking (and its request) for minutes:
	// each call ends at its own timeout or with the request's budget, whichever comes first.
	const timeoutMs = config.timeoutMs ?? 10_000

	async function accessToken() {
		if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token
		const now = Math.floor(Date.now() / 1000)
		const assertion = await new SignJWT({
			scope: 'https://www.googleapis.com/auth/calendar',
			...(config.impersonate ? { sub: config.impersonate } : {}),
		})
			.setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
			.setIssuer(config.serviceAccountEmail)
			.setAudience(tokenUrl)
			.setIssuedAt(now)
			.setExpirationTime(now + 3600)
			.sign(await importPKCS8(config.privateKey, 'RS256'))
		const response = await fetch(tokenUrl, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
			signal: callSignal(timeoutMs),
		})
		if (!response.ok) throw new Error(`Google token request failed: ${response.status}`)
		const body = tokenAnswer.parse(await response.json())
		cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 }
		return cached.token
	}

	async function call(method: string, path: string, body?: unknown) {
		const token = await accessToken()
		const response = await fetch(`${apiBase}/calendars/${encodeURIComponent(config.calendarId)}${path}`, {
			method,
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: callSignal(timeoutMs),
		})
		// A cancelled event that is already gone is what we wanted.
		if (method === 'DELETE' && (response.status === 404 || response.status === 410)) return null
		// An event of this id exists: made by an earlier attempt whose answer was lost.
		if (method === 'POST' && response.status === 409) return 'exists' as const
		if (!response.ok) throw new Error(`Google Calendar ${method} ${path} failed: ${response.status}`)
		return response.status === 204 ? null : eventAnswer.parse(await response.json())
	}

	async function readEvent(id: string) {
		const event = await call('GET', `/events/${id}`)
		if (!event || event === 'exists') throw new Error(`Google Calendar GET /events/${id} returned no event`)
		return event
	}

	return {
		// `attendees` and `sendUpdates=all` below: Google invites the client and tells them of each change.
		sendsInvitations: true,
		// The event's id is the booking's (hex is base32hex, which Google's ids are made of) and so is the Meet's
		// request id: a retried creation finds the first one instead of inviting the client twice.
		async create(meeting) {
			const id = meeting.id.replaceAll('-', '')
			const created = await call('POST', '/events?conferenceDataVersion=1&sendUpdates=all', {
				id,
				summary: 'Demostración de KIA',
				description: `${meeting.motivo}\n\n${meeting.nombre} <${meeting.email}>`,
				...eventTimes(meeting),
				attendees: [{ email: meeting.email, displayName: meeting.nombre }],
				conferenceData: { createRequest: { requestId: meeting.id, conferenceSolutionKey: { type: 'hangoutsMeet' } } },
			})
			const event = created === 'exists' ? await readEvent(id) : created
			const meetUrl = event?.hangoutLink
			if (!event?.id || !meetUrl) throw new Error('Google Calendar returned no Meet link')
			return { eventId: `google:${event.id}`, meetUrl }
		},
		async move(eventId, meeting) {
			await call(
				'PATCH',
				`/events/${encodeURIComponent(eventId.replace(/^google:/, ''))}?sendUpdates=all`,
				eventTimes(meeting),
			)
		},
		async cancel(eventId) {
			await call('DELETE', `/events/${encodeURIComponent(eventId.replace(/^google:/, ''))}?sendUpdates=all`)
		},
	}
}
