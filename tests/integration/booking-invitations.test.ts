import ICAL from 'ical.js'
import { exportPKCS8, generateKeyPair } from 'jose'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LocalSupabase } from '../../local/supabase/server'
import { formatBookingTime } from '~/lib/dates'
import { defaultBookingRules } from '~/lib/slots'
import type { TablesUpdate } from '~/lib/database.types'
import { inbox, invitationIn, type CaughtMail } from '../support/mail'
import { createUser, serviceClient, startTestSupabase, type TestUser } from '../support/supabase'
import { uniqueEmail, uniqueSlot, type Slot } from '../support/unique'
import { smtpPort } from '../support/urls'
import { restartWorker, stopWorker } from '../support/worker'

// A booking, its reschedules and its cancellation, run by the app's own booking module against this file's
// Supabase stand-in and the run's mail catcher: what reaches the client and the company inbox.

let supabase: LocalSupabase
beforeAll(async () => {
	supabase = await startTestSupabase()
})
afterAll(async () => {
	await stopWorker()
	await supabase.stop()
})

const googleVariables = [
	'GOOGLE_CALENDAR_ID',
	'GOOGLE_SERVICE_ACCOUNT_EMAIL',
	'GOOGLE_SERVICE_ACCOUNT_KEY',
	'GOOGLE_CALENDAR_IMPERSONATE',
]

/**
 * The app's booking module, configured afresh: this file's services, its own company inbox, and `extra`; and the
 * work queue's worker on the same settings, which sends the e-mails and changes the calendar.
 */
async function bookingsWith(company: string, extra: Record<string, string> = {}) {
	for (const name of googleVariables) delete process.env[name]
	Object.assign(process.env, {
		SUPABASE_URL: supabase.url,
		SMTP_URL: `smtp://127.0.0.1:${smtpPort()}`,
		CONTACT_EMAIL: company,
		...extra,
	})
	vi.resetModules()
	await restartWorker()
	return import('~/.server/booking/bookings')
}

/** The newest mail to `recipient` with that subject whose text mentions `mentioning`. */
async function mailTo(recipient: string, subject: RegExp, mentioning: string): Promise<CaughtMail> {
	const deadline = Date.now() + 10_000
	while (Date.now() < deadline) {
		const mail = (await inbox(recipient))
			.filter((candidate) => subject.test(candidate.subject) && candidate.text.includes(mentioning))
			.at(-1)
		if (mail) return mail
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`No mail to ${recipient} matching ${subject} that mentions ${mentioning}`)
}

/** What a calendar app reads in the invitation a mail carries. */
async function invitationOf(mail: CaughtMail) {
	const invitation = await invitationIn(mail)
	if (!invitation) throw new Error(`"${mail.subject}" carries no invitation`)
	const calendar = new ICAL.Component(ICAL.parse(invitation.ics))
	const vevent = calendar.getFirstSubcomponent('vevent')
	if (!vevent) throw new Error('no VEVENT')
	const event = new ICAL.Event(vevent)
	return {
		partMethod: invitation.method,
		method: calendar.getFirstPropertyValue('method'),
		uid: event.uid,
		sequence: event.sequence,
		status: vevent.getFirstPropertyValue('status'),
		start: event.startDate.toString(),
		attendees: event.attendees.map((attendee) => attendee.getFirstValue()),
		ics: invitation.ics,
	}
}

async function signedInClient(label: string, fullName: string) {
	const user = await createUser(supabase.url, uniqueEmail(label), { fullName })
	const { data } = await user.client.auth.getUser()
	if (!data.user) throw new Error('not signed in')
	return { ...user, authUser: data.user }
}

const bookingOf = (user: TestUser, slot: Slot) => ({
	userId: user.id,
	nombre: 'Zoë "Zoe" Núñez',
	email: user.email,
	...slot,
	motivo: 'Ver VERIFACTU; facturas, recibos y \\ rutas',
})

async function bookingRow(userId: string) {
	const { data, error } = await serviceClient(supabase.url)
		.from('reservas')
		.select('id, secuencia, status, event_id')
		.eq('user_id', userId)
		.single()
	if (error) throw error
	return data
}

describe('without Google Calendar: our invitation', () => {
	test('a booking, two reschedules and a cancellation each send the client and the company the same meeting, one version newer each time', async () => {
		const company = uniqueEmail('empresa')
		const { createBooking, rescheduleOwnBooking, cancelOwnBooking } = await bookingsWith(company)
		const client = await signedInClient('invitada', 'Zoë Núñez')
		const [first, second, third] = [uniqueSlot(), uniqueSlot(), uniqueSlot()] as const
		const ical = (slot: Slot) => `${slot.fecha}T${slot.hora}:00`

		expect(await createBooking(bookingOf(client, first), defaultBookingRules)).toMatchObject({ ok: true })
		const { id } = await bookingRow(client.id)
		const booked = formatBookingTime(first.fecha, first.hora)
		const steps = [
			{
				client: await mailTo(client.email, /^Tu demostración de KIA: /, booked),
				company: await mailTo(company, /^Nueva demostración reservada: /, booked),
				expected: { partMethod: 'REQUEST', method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: ical(first) },
			},
		]

		for (const [slot, sequence] of [
			[second, 1],
			[third, 2],
		] as const) {
			expect(
				await rescheduleOwnBooking(client.client, client.authUser, { id, fecha: slot.fecha, hora: slot.hora }),
			).toEqual({
				ok: true,
			})
			const when = formatBookingTime(slot.fecha, slot.hora)
			steps.push({
				client: await mailTo(client.email, /^Tu reunión con KIA ha cambiado de fecha$/, when),
				company: await mailTo(company, /^Demostración reprogramada: /, when),
				expected: { partMethod: 'REQUEST', method: 'REQUEST', sequence, status: 'CONFIRMED', start: ical(slot) },
			})
		}

		expect(await cancelOwnBooking(client.client, client.authUser, id)).toEqual({ ok: true })
		const cancelled = formatBookingTime(third.fecha, third.hora)
		steps.push({
			client: await mailTo(client.email, /^Tu reunión con KIA ha sido cancelada$/, cancelled),
			company: await mailTo(company, /^Demostración cancelada: /, cancelled),
			expected: { partMethod: 'CANCEL', method: 'CANCEL', sequence: 3, status: 'CANCELLED', start: ical(third) },
		})

		for (const step of steps) {
			const forClient = await invitationOf(step.client)
			const forCompany = await invitationOf(step.company)
			expect(forClient, step.client.subject).toMatchObject({ ...step.expected, uid: id })
			expect(forClient.attendees).toEqual([`mailto:${client.email}`, `mailto:${company}`])
			// One iTIP message for both attendees.
			expect(forCompany.ics).toBe(forClient.ics)
		}
		// Nothing else reached either inbox: one invitation per step.
		expect(await inbox(client.email)).toHaveLength(4)
		expect(await inbox(company)).toHaveLength(4)
		expect(await bookingRow(client.id)).toMatchObject({ secuencia: 3, status: 'cancelada' })
	})

	test('the sequence is the database’s: every change of date, time or status raises it, nothing sets it', async () => {
		const client = await signedInClient('secuencia', 'Secuencia')
		const service = serviceClient(supabase.url)
		const slot = uniqueSlot()
		const { data, error } = await service
			.from('reservas')
			.insert({ ...slot, user_id: client.id, nombre: 'Secuencia', email: client.email, secuencia: 7 })
			.select('id, secuencia')
			.single()
		if (error) throw error
		expect(data.secuencia).toBe(0)
		const update = async (change: TablesUpdate<'reservas'>) => {
			const result = await service.from('reservas').update(change).eq('id', data.id).select('secuencia').single()
			if (result.error) throw result.error
			return result.data.secuencia
		}
		expect(await update({ motivo: 'Otro motivo' })).toBe(0)
		expect(await update({ secuencia: 42 })).toBe(0)
		const elsewhere = uniqueSlot()
		expect(await update({ fecha: elsewhere.fecha, hora: elsewhere.hora })).toBe(1)
		expect(await update({ status: 'cancelada' })).toBe(2)
	})
})

describe('with Google Calendar: Google’s invitation only', () => {
	// Google's API at the HTTP level (as in google-calendar.test.ts); the database and the mail are real.
	const calls: { method: string; url: string; body: unknown }[] = []
	const google = setupServer(
		http.post('https://oauth2.googleapis.com/token', () =>
			HttpResponse.json({ access_token: 'token-de-prueba', expires_in: 3600, token_type: 'Bearer' }),
		),
		http.post('https://www.googleapis.com/calendar/v3/calendars/:calendar/events', async ({ request }) => {
			calls.push({ method: 'POST', url: request.url, body: await request.json() })
			return HttpResponse.json({ id: `evento${calls.length}`, hangoutLink: 'https://meet.google.com/abc-defg-hij' })
		}),
		http.patch('https://www.googleapis.com/calendar/v3/calendars/:calendar/events/:event', async ({ request }) => {
			calls.push({ method: 'PATCH', url: request.url, body: await request.json() })
			return HttpResponse.json({})
		}),
		http.delete('https://www.googleapis.com/calendar/v3/calendars/:calendar/events/:event', ({ request }) => {
			calls.push({ method: 'DELETE', url: request.url, body: null })
			return new HttpResponse(null, { status: 204 })
		}),
	)
	let googleVariablesSet: Record<string, string>

	beforeAll(async () => {
		// Everything else (the local Supabase) goes through untouched.
		google.listen({ onUnhandledFrame: 'bypass' })
		const { privateKey } = await generateKeyPair('RS256', { extractable: true })
		googleVariablesSet = {
			GOOGLE_CALENDAR_ID: 'demos@kia.es',
			GOOGLE_SERVICE_ACCOUNT_EMAIL: 'reservas@kia-project.iam.gserviceaccount.com',
			GOOGLE_SERVICE_ACCOUNT_KEY: await exportPKCS8(privateKey),
			GOOGLE_CALENDAR_IMPERSONATE: 'agenda@kia.es',
		}
	})
	afterEach(() => {
		google.resetHandlers()
		calls.length = 0
	})
	afterAll(() => google.close())

	test('Google invites the client and tells them of each change; our e-mails still go, without an .ics', async () => {
		const company = uniqueEmail('empresa-google')
		const { createBooking, rescheduleOwnBooking, cancelOwnBooking } = await bookingsWith(company, googleVariablesSet)
		const client = await signedInClient('google', 'Zoë Núñez')
		const [slot, moveTo] = [uniqueSlot(), uniqueSlot()] as const

		expect(await createBooking(bookingOf(client, slot), defaultBookingRules)).toEqual({
			ok: true,
			meetUrl: 'https://meet.google.com/abc-defg-hij',
		})
		const { id, event_id } = await bookingRow(client.id)
		expect(event_id).toBe('google:evento1')
		const mails = [
			await mailTo(client.email, /^Tu demostración de KIA: /, formatBookingTime(slot.fecha, slot.hora)),
			await mailTo(company, /^Nueva demostración reservada: /, formatBookingTime(slot.fecha, slot.hora)),
		]
		expect(
			await rescheduleOwnBooking(client.client, client.authUser, { id, fecha: moveTo.fecha, hora: moveTo.hora }),
		).toEqual({
			ok: true,
		})
		mails.push(
			await mailTo(
				client.email,
				/^Tu reunión con KIA ha cambiado de fecha$/,
				formatBookingTime(moveTo.fecha, moveTo.hora),
			),
			await mailTo(company, /^Demostración reprogramada: /, formatBookingTime(moveTo.fecha, moveTo.hora)),
		)
		await expect.poll(() => calls.map((call) => call.method)).toEqual(['POST', 'PATCH'])
		expect(await cancelOwnBooking(client.client, client.authUser, id)).toEqual({ ok: true })
		mails.push(
			await mailTo(
				client.email,
				/^Tu reunión con KIA ha sido cancelada$/,
				formatBookingTime(moveTo.fecha, moveTo.hora),
			),
			await mailTo(company, /^Demostración cancelada: /, formatBookingTime(moveTo.fecha, moveTo.hora)),
		)

		// Google's side: the client is a guest, and every change is sent to the guests.
		await expect.poll(() => calls.map((call) => call.method)).toEqual(['POST', 'PATCH', 'DELETE'])
		for (const call of calls) expect(new URL(call.url).searchParams.get('sendUpdates'), call.method).toBe('all')
		expect(calls[0]?.body).toMatchObject({ id: id.replaceAll('-', ''), attendees: [{ email: client.email }] })

		// Ours: the confirmation and the notices, none carrying a second invitation.
		for (const mail of mails) expect(await invitationIn(mail), mail.subject).toBeNull()
		expect(mails[0]?.text).toContain('https://meet.google.com/abc-defg-hij')
	})

	test('when Google fails, the booking falls back to a Jitsi room, and our invitation is the one', async () => {
		google.use(
			http.post('https://www.googleapis.com/calendar/v3/calendars/:calendar/events', () =>
				HttpResponse.json({ error: { code: 500 } }, { status: 500 }),
			),
		)
		const company = uniqueEmail('empresa-respaldo')
		const { createBooking } = await bookingsWith(company, googleVariablesSet)
		// The log of the modules just loaded, which the booking writes to.
		const { log } = await import('~/.server/log')
		const failures = vi.spyOn(log, 'error').mockImplementation(() => {})
		const client = await signedInClient('respaldo', 'Zoë Núñez')
		const slot = uniqueSlot()

		const result = await createBooking(bookingOf(client, slot), defaultBookingRules)
		expect(result).toMatchObject({ ok: true, meetUrl: expect.stringMatching(/^https:\/\/meet\.jit\.si\//) })
		expect(failures).toHaveBeenCalledWith(
			{ err: expect.any(Error) },
			'[calendar] create failed; falling back to a Jitsi room',
		)
		const { id } = await bookingRow(client.id)
		const confirmation = await mailTo(
			client.email,
			/^Tu demostración de KIA: /,
			formatBookingTime(slot.fecha, slot.hora),
		)
		expect(await invitationOf(confirmation)).toMatchObject({ method: 'REQUEST', uid: id, sequence: 0 })
	})
})
