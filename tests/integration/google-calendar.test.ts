import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createGoogleCalendar } from '~/.server/booking/google-calendar'

// Google's API at the HTTP level: requests are intercepted and checked, nothing leaves the machine.
const calls: { method: string; url: string; auth: string | null; body: unknown }[] = []
const server = setupServer(
	http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
		const form = new URLSearchParams(await request.text())
		calls.push({ method: 'POST', url: request.url, auth: null, body: Object.fromEntries(form) })
		return HttpResponse.json({ access_token: 'token-de-prueba', expires_in: 3600, token_type: 'Bearer' })
	}),
	http.post('https://www.googleapis.com/calendar/v3/calendars/:calendar/events', async ({ request }) => {
		calls.push({
			method: 'POST',
			url: request.url,
			auth: request.headers.get('authorization'),
			body: await request.json(),
		})
		return HttpResponse.json({ id: 'evento123', hangoutLink: 'https://meet.google.com/abc-defg-hij' })
	}),
	http.patch('https://www.googleapis.com/calendar/v3/calendars/:calendar/events/:event', async ({ request }) => {
		calls.push({
			method: 'PATCH',
			url: request.url,
			auth: request.headers.get('authorization'),
			body: await request.json(),
		})
		return HttpResponse.json({ id: 'evento123' })
	}),
	http.delete('https://www.googleapis.com/calendar/v3/calendars/:calendar/events/:event', ({ request }) => {
		calls.push({ method: 'DELETE', url: request.url, auth: request.headers.get('authorization'), body: null })
		return new HttpResponse(null, { status: 204 })
	}),
)

let publicKey: CryptoKey
let privateKey: string

beforeAll(async () => {
	server.listen({ onUnhandledFrame: 'error' })
	const pair = await generateKeyPair('RS256', { extractable: true })
	publicKey = pair.publicKey
	privateKey = await exportPKCS8(pair.privateKey)
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const meeting = {
	id: '6f1c2b9e-8d4a-4e2b-9c1f-3a5b7d9e0f12',
	fecha: '2026-11-24',
	hora: '13:30',
	motivo: 'Demostración del asistente KIA',
	nombre: 'Ana Ruiz',
	email: 'ana@empresa.es',
}

describe('Google Calendar provider', () => {
	test('create, move and cancel a Meet event, signed in as the service account', async () => {
		const calendar = createGoogleCalendar({
			calendarId: 'demos@kia.es',
			serviceAccountEmail: 'reservas@kia-project.iam.gserviceaccount.com',
			privateKey,
			impersonate: 'agenda@kia.es',
		})
		const event = await calendar.create(meeting)
		expect(event).toEqual({ eventId: 'google:evento123', meetUrl: 'https://meet.google.com/abc-defg-hij' })

		const [token, create] = calls
		const assertion = String((token?.body as Record<string, string>).assertion)
		const { payload } = await jwtVerify(assertion, publicKey, { audience: 'https://oauth2.googleapis.com/token' })
		expect(payload).toMatchObject({
			iss: 'reservas@kia-project.iam.gserviceaccount.com',
			sub: 'agenda@kia.es',
			scope: 'https://www.googleapis.com/auth/calendar',
		})
		expect(create?.url).toContain('/calendars/demos%40kia.es/events?conferenceDataVersion=1&sendUpdates=all')
		expect(create?.auth).toBe('Bearer token-de-prueba')
		expect(create?.body).toMatchObject({
			start: { dateTime: '2026-11-24T13:30:00', timeZone: 'Europe/Madrid' },
			end: { dateTime: '2026-11-24T13:45:00', timeZone: 'Europe/Madrid' },
			attendees: [{ email: 'ana@empresa.es', displayName: 'Ana Ruiz' }],
			id: '6f1c2b9e8d4a4e2b9c1f3a5b7d9e0f12',
			conferenceData: { createRequest: { requestId: meeting.id, conferenceSolutionKey: { type: 'hangoutsMeet' } } },
		})

		await calendar.move(event.eventId, { ...meeting, fecha: '2026-11-25', hora: '10:00' })
		const move = calls.at(-1)
		expect(move?.method).toBe('PATCH')
		expect(move?.url).toContain('/events/evento123?sendUpdates=all')
		expect(move?.body).toEqual({
			start: { dateTime: '2026-11-25T10:00:00', timeZone: 'Europe/Madrid' },
			end: { dateTime: '2026-11-25T10:15:00', timeZone: 'Europe/Madrid' },
		})

		await calendar.cancel(event.eventId)
		expect(calls.at(-1)).toMatchObject({ method: 'DELETE', auth: 'Bearer token-de-prueba' })
		// One token serves every call until it expires.
		expect(calls.filter((call) => call.url.startsWith('https://oauth2.googleapis.com'))).toHaveLength(1)
	})
})

describe('Google Calendar asked twice for one booking', () => {
	test('a creation whose event exists already (an earlier attempt) reads that event', async () => {
		const read: string[] = []
		server.use(
			http.post('https://www.googleapis.com/calendar/v3/calendars/:calendar/events', () =>
				HttpResponse.json(
					{ error: { code: 409, message: 'The requested identifier already exists.' } },
					{ status: 409 },
				),
			),
			http.get('https://www.googleapis.com/calendar/v3/calendars/:calendar/events/:event', ({ params }) => {
				read.push(String(params.event))
				return HttpResponse.json({ id: params.event, hangoutLink: 'https://meet.google.com/ya-existe' })
			}),
		)
		const calendar = createGoogleCalendar({
			calendarId: 'demos@kia.es',
			serviceAccountEmail: 'reservas@kia-project.iam.gserviceaccount.com',
			privateKey,
		})
		await expect(calendar.create(meeting)).resolves.toEqual({
			eventId: 'google:6f1c2b9e8d4a4e2b9c1f3a5b7d9e0f12',
			meetUrl: 'https://meet.google.com/ya-existe',
		})
		expect(read).toEqual(['6f1c2b9e8d4a4e2b9c1f3a5b7d9e0f12'])
	})
})

describe('Google Calendar that does not answer', () => {
	const hanging = () => delay('infinite')
	const calendarTimingOutAfter = (timeoutMs: number) =>
		createGoogleCalendar({
			calendarId: 'demos@kia.es',
			serviceAccountEmail: 'reservas@kia-project.iam.gserviceaccount.com',
			privateKey,
			timeoutMs,
		})

	test('a token request that hangs fails once the timeout has passed', async () => {
		server.use(http.post('https://oauth2.googleapis.com/token', hanging))
		const started = Date.now()
		await expect(calendarTimingOutAfter(300).create(meeting)).rejects.toMatchObject({ name: 'TimeoutError' })
		expect(Date.now() - started).toBeLessThan(3_000)
	})

	test('an API call that hangs fails once the timeout has passed', async () => {
		server.use(
			http.post('https://www.googleapis.com/calendar/v3/calendars/:calendar/events', hanging),
			http.delete('https://www.googleapis.com/calendar/v3/calendars/:calendar/events/:event', hanging),
		)
		const calendar = calendarTimingOutAfter(300)
		await expect(calendar.create(meeting)).rejects.toMatchObject({ name: 'TimeoutError' })
		await expect(calendar.cancel('google:evento123')).rejects.toMatchObject({ name: 'TimeoutError' })
	})
})

describe('Jitsi provider', () => {
	test('gives a joinable room without any account, the same one each time for one booking', async () => {
		const { jitsiCalendar } = await import('~/.server/booking/calendar')
		const first = await jitsiCalendar.create(meeting)
		const again = await jitsiCalendar.create(meeting)
		const other = await jitsiCalendar.create({ ...meeting, id: '0b7e3c1a-2f4d-4a6b-8c9e-1d3f5a7b9c0e' })
		expect(first.meetUrl).toMatch(/^https:\/\/meet\.jit\.si\/kia-demo-[\w-]{12}$/)
		expect(again).toEqual(first)
		expect(other.meetUrl).not.toBe(first.meetUrl)
		expect(first.eventId).toBe(`jitsi:${first.meetUrl.split('/').pop()}`)
	})
})
