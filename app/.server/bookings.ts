import type { SupabaseClient, User } from '@supabase/supabase-js'
import { bookingLimits, formatMeeting, isBookable, isPastHorizon, todayInMadrid, type Meeting } from '~/lib/booking'
import type { Database } from '~/lib/database.types'
import { randomUUID } from 'node:crypto'
import { calendarFor, getCalendar, jitsiCalendar } from './calendar'
import { contactDestination } from './forms'
import { sendMail } from './mail'
import { createServiceClient } from './supabase'

const meetingColumns = 'id, fecha, hora, motivo, status, meet_url, event_id, nombre, email'
type MeetingRow = Meeting & { nombre: string; email: string }

/** The user's own meetings, read under RLS. */
export async function listOwnMeetings(supabase: SupabaseClient<Database>, user: User) {
	const { data, error } = await supabase
		.from('reservas')
		.select(meetingColumns)
		.eq('user_id', user.id)
		.order('fecha', { ascending: false })
		.order('hora', { ascending: false })
	if (error) console.error('[bookings] list failed', error)
	return error ? null : data
}

export type ChangeResult = { ok: true } | { ok: false; message: string }

/**
 * Ownership is proved by reading the row with the user's own client (RLS
 * only shows their bookings); the write then goes through the service role,
 * which alone may write bookings (docs/decisions/003).
 */
async function ownUpcomingMeeting(
	supabase: SupabaseClient<Database>,
	user: User,
	id: string,
): Promise<MeetingRow | string> {
	if (!/^[0-9a-f-]{36}$/i.test(id)) return 'La reunión no existe.'
	const { data } = await supabase
		.from('reservas')
		.select(meetingColumns)
		.eq('id', id)
		.eq('user_id', user.id)
		.maybeSingle()
	if (!data) return 'La reunión no existe.'
	if (data.status !== 'confirmada' || data.fecha < todayInMadrid())
		return 'Solo puedes cambiar reuniones confirmadas y futuras.'
	return data
}

export async function cancelOwnMeeting(
	supabase: SupabaseClient<Database>,
	user: User,
	id: string,
): Promise<ChangeResult> {
	const meeting = await ownUpcomingMeeting(supabase, user, id)
	if (typeof meeting === 'string') return { ok: false, message: meeting }
	return cancelMeeting(meeting)
}

/** Frees the slot, removes the calendar event and tells the client. */
async function cancelMeeting(meeting: MeetingRow): Promise<ChangeResult> {
	// Service role: clients may not write bookings; the callers checked who may cancel this one.
	const { error } = await createServiceClient()
		.from('reservas')
		.update({ status: 'cancelada' })
		.eq('id', meeting.id)
		.eq('status', 'confirmada')
	if (error) {
		console.error('[bookings] cancel failed', error)
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	if (meeting.event_id)
		await calendarFor(meeting.event_id)
			.cancel(meeting.event_id)
			.catch((cause: unknown) => console.error('[calendar] cancel failed', cause))
	await sendMail({
		to: meeting.email,
		subject: 'Tu reunión con KIA ha sido cancelada',
		text: `Hola ${meeting.nombre}:\n\nTu reunión del ${formatMeeting(meeting.fecha, meeting.hora)} ha sido cancelada.\n\nSi quieres, puedes reservar otra desde tu panel de cliente.\n\nEl equipo de KIA`,
	})
	return { ok: true }
}

/**
 * Before an account goes, its confirmed meetings from today on are cancelled
 * as the client would cancel them: the slots are freed for others, calendar
 * events removed and the client told. (The database does the same for a
 * deletion made elsewhere, without the e-mails.) False when one could not be.
 */
export async function cancelUpcomingMeetingsOf(userId: string) {
	// Service role: an admin is acting on another user's bookings, which only the server writes.
	const { data, error } = await createServiceClient()
		.from('reservas')
		.select(meetingColumns)
		.eq('user_id', userId)
		.eq('status', 'confirmada')
		.gte('fecha', todayInMadrid())
	if (error) {
		console.error('[bookings] upcoming meetings of a user could not be read', error)
		return false
	}
	const results = await Promise.all(data.map((meeting) => cancelMeeting(meeting)))
	return results.every((result) => result.ok)
}

export async function rescheduleOwnMeeting(
	supabase: SupabaseClient<Database>,
	user: User,
	id: string,
	fecha: string,
	hora: string,
): Promise<ChangeResult> {
	if (isPastHorizon(fecha)) return { ok: false, message: horizonMessage }
	if (!isBookable(fecha, hora))
		return { ok: false, message: 'elige un día laborable y una hora disponible a partir de ahora.' }
	const meeting = await ownUpcomingMeeting(supabase, user, id)
	if (typeof meeting === 'string') return { ok: false, message: meeting }
	// Service role: clients may not write bookings; ownership was checked above.
	const { error } = await createServiceClient()
		.from('reservas')
		.update({ fecha, hora })
		.eq('id', meeting.id)
		.eq('status', 'confirmada')
	if (error) {
		// The unique index on confirmed (fecha, hora) is what keeps two people out of one slot.
		if (error.code === '23505') return { ok: false, message: 'ese hueco ya está reservado. Elige otro.' }
		if (limitBroken(error) === 'horizon') return { ok: false, message: horizonMessage }
		console.error('[bookings] reschedule failed', error)
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	const details = { fecha, hora, motivo: meeting.motivo ?? '', nombre: meeting.nombre, email: meeting.email }
	if (meeting.event_id)
		await calendarFor(meeting.event_id)
			.move(meeting.event_id, details)
			.catch((cause: unknown) => console.error('[calendar] move failed', cause))
	await sendMail({
		to: meeting.email,
		subject: 'Tu reunión con KIA ha cambiado de fecha',
		text: `Hola ${meeting.nombre}:\n\nTu reunión se ha reprogramado para el ${formatMeeting(fecha, hora)}.${meeting.meet_url ? `\n\nEnlace: ${meeting.meet_url}` : ''}\n\nEl equipo de KIA`,
	})
	return { ok: true }
}

/** Confirmed slots from today on (date and time only, nobody's details), to offer only free ones. */
export async function takenSlots(): Promise<Record<string, string[]>> {
	// Service role: the visitor may not read other people's bookings, only whether a slot is free.
	const { data, error } = await createServiceClient()
		.from('reservas')
		.select('fecha, hora')
		.eq('status', 'confirmada')
		.gte('fecha', todayInMadrid())
		.order('fecha')
		.limit(1000)
	if (error) console.error('[bookings] taken slots failed', error)
	const taken: Record<string, string[]> = {}
	for (const row of data ?? []) (taken[row.fecha] ??= []).push(row.hora.slice(0, 5))
	return taken
}

export type NewBooking = { userId: string; nombre: string; email: string; fecha: string; hora: string; motivo: string }

/** `mailed`: whether the confirmation reached the mail server, so the page does not promise an e-mail that will not come. */
export type BookingResult =
	| { ok: true; meetUrl: string; mailed: boolean }
	| { ok: false; reason: 'taken' | 'invalid' | 'horizon' | 'limit' | 'failed' }

const horizonMessage = `solo se pueden reservar demostraciones en los próximos ${bookingLimits.horizonDays} días.`

/** Which of the database's booking limits (migration 20250730120000) refused a write, if one did. */
function limitBroken(error: { code: string; message: string }) {
	if (error.code !== '23514') return null
	if (error.message.startsWith('reservas_horizonte')) return 'horizon'
	if (error.message.startsWith('reservas_maximo_pendientes')) return 'limit'
	return null
}

/** Confirmed demos of this client from today on, counted with the service role (any writer's). */
async function upcomingCount(userId: string) {
	// Service role: the count must include every booking of the client, whoever wrote it.
	const { count, error } = await createServiceClient()
		.from('reservas')
		.select('id', { count: 'exact', head: true })
		.eq('user_id', userId)
		.eq('status', 'confirmada')
		.gte('fecha', todayInMadrid())
	if (error) console.error('[bookings] upcoming count failed; the database still enforces the limit', error)
	return count ?? 0
}

/**
 * The behaviour of `crear-evento-reunion`: the row first (the unique index
 * decides who gets a contested slot), then the meeting link, then the
 * e-mails. A failing calendar or mail never undoes a booking: it is logged
 * and the booking keeps a joinable link.
 */
export async function createBooking(booking: NewBooking): Promise<BookingResult> {
	if (isPastHorizon(booking.fecha)) return { ok: false, reason: 'horizon' }
	if (!isBookable(booking.fecha, booking.hora)) return { ok: false, reason: 'invalid' }
	if ((await upcomingCount(booking.userId)) >= bookingLimits.maxUpcomingPerClient) return { ok: false, reason: 'limit' }
	// Service role: bookings are written by the server only (docs/decisions/003).
	const service = createServiceClient()
	const { data, error } = await service
		.from('reservas')
		.insert({
			user_id: booking.userId,
			nombre: booking.nombre,
			email: booking.email,
			fecha: booking.fecha,
			hora: booking.hora,
			motivo: booking.motivo,
		})
		.select('id')
		.single()
	if (error || !data) {
		if (error?.code === '23505') return { ok: false, reason: 'taken' }
		const broken = error ? limitBroken(error) : null
		if (broken) return { ok: false, reason: broken }
		console.error('[bookings] create failed', error)
		return { ok: false, reason: 'failed' }
	}
	const event = await createMeetingLink(booking)
	const { error: linkError } = await service
		.from('reservas')
		.update({ meet_url: event.meetUrl, event_id: event.eventId })
		.eq('id', data.id)
	if (linkError) console.error('[bookings] could not store the meeting link', linkError)
	const mailed = await sendBookingMails(booking, event.meetUrl)
	return { ok: true, meetUrl: event.meetUrl, mailed }
}

async function createMeetingLink(booking: NewBooking) {
	try {
		return await getCalendar().create(booking)
	} catch (error) {
		console.error('[calendar] create failed; falling back to a Jitsi room', error)
		return jitsiCalendar.create(booking)
	}
}

/** An iCalendar invitation (RFC 5545), in Madrid time like everything the business does. */
export function icsInvitation(booking: NewBooking, meetUrl: string, now = new Date()) {
	const start = `${booking.fecha.replace(/-/g, '')}T${booking.hora.replace(':', '')}00`
	const [hours = 0, minutes = 0] = booking.hora.split(':').map(Number)
	const endMinutes = hours * 60 + minutes + 15
	const end = `${booking.fecha.replace(/-/g, '')}T${String(Math.floor(endMinutes / 60)).padStart(2, '0')}${String(endMinutes % 60).padStart(2, '0')}00`
	const stamp = now
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '')
	// RFC 5545 §3.3.11: a line break of any kind (a bare CR included) is written as \n, never raw.
	const escape = (text: string) => text.replace(/([,;\\])/g, '\\$1').replace(/\r\n|\r|\n/g, '\\n')
	return [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//KIA//Demostraciones//ES',
		'METHOD:REQUEST',
		'BEGIN:VEVENT',
		`UID:${start}-${randomUUID()}@kia.es`,
		`DTSTAMP:${stamp}`,
		`DTSTART;TZID=Europe/Madrid:${start}`,
		`DTEND;TZID=Europe/Madrid:${end}`,
		`SUMMARY:${escape('Demostración de KIA')}`,
		`DESCRIPTION:${escape(`${booking.motivo}\nEnlace: ${meetUrl}`)}`,
		`LOCATION:${escape(meetUrl)}`,
		`URL:${meetUrl}`,
		'END:VEVENT',
		'END:VCALENDAR',
	].join('\r\n')
}

/** The visitor's confirmation, then the company's notice; true when the visitor's was sent. */
async function sendBookingMails(booking: NewBooking, meetUrl: string) {
	const when = formatMeeting(booking.fecha, booking.hora)
	const mailed = await sendMail({
		to: booking.email,
		subject: `Tu demostración de KIA: ${when}`,
		text: `Hola ${booking.nombre}:\n\nTu demostración gratuita de 15 minutos está confirmada para el ${when} (hora de Madrid).\n\nEnlace a la reunión: ${meetUrl}\n\nPuedes reprogramarla o cancelarla desde tu panel de cliente.\n\nEl equipo de KIA`,
		html: `<p>Hola ${escapeHtml(booking.nombre)}:</p><p>Tu demostración gratuita de 15 minutos está confirmada para el <strong>${when}</strong> (hora de Madrid).</p><p><a href="${escapeHtml(meetUrl)}">Ir a la reunión</a></p><p>Puedes reprogramarla o cancelarla desde tu panel de cliente.</p><p>El equipo de KIA</p>`,
		attachments: [
			{
				filename: 'demostracion-kia.ics',
				content: icsInvitation(booking, meetUrl),
				contentType: 'text/calendar; charset=utf-8; method=REQUEST',
			},
		],
	})
	await sendMail({
		to: contactDestination(),
		subject: `Nueva demostración reservada: ${when}`,
		text: `${booking.nombre} <${booking.email}> ha reservado una demostración para el ${when}.\nMotivo: ${booking.motivo}\nEnlace: ${meetUrl}`,
	})
	return mailed
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
