import type { SupabaseClient } from '@supabase/supabase-js'
import { demoMinutes, type Booking } from '~/lib/booking'
import { formatBookingTime, todayInMadrid } from '~/lib/dates'
import {
	bookableDays,
	bookingWindow,
	isBookable,
	isPastHorizon,
	slotMonths,
	type BookingRules,
	type RescheduleOptions,
} from '~/lib/slots'
import { describeAvailability } from '~/content/availability'
import type { Database } from '~/lib/database.types'
import { icsInvitation, type InvitationMethod } from '~/lib/ics'
import { loadBookingRules } from './rules'
import { calendarFor, getCalendar, jitsiCalendar, type CalendarProvider } from './calendar'
import { contactDestination } from '../inbox/forms'
import { mailSender, sendMail, type Mail } from '../mail'
import { createServiceClient } from '../supabase/client'
import type { SessionUser } from '../auth/session'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'

const bookingColumns = 'id, fecha, hora, motivo, status, meet_url, event_id, nombre, email'
/** A change also needs the version of the invitation the client holds. */
const changeColumns = `${bookingColumns}, secuencia`
type BookingRow = Booking & { nombre: string; email: string; secuencia: number }

/** The user's own meetings, read under RLS. */
export async function listOwnBookings(supabase: SupabaseClient<Database>, user: SessionUser) {
	const { data, error } = await supabase
		.from('reservas')
		.select(bookingColumns)
		.eq('user_id', user.id)
		.order('fecha', { ascending: false })
		.order('hora', { ascending: false })
	if (error) log.error({ err: error }, '[bookings] list failed')
	return error ? null : data
}

export type ChangeResult = ActionResult

/**
 * The booking to change, read with the caller's own client: RLS shows a cliente only their bookings
 * and an admin every booking, so who may change which is the policies' rule. A client's change also
 * names the owner, so an admin acting as a client touches only their own. The write then goes
 * through the service role, which alone may write bookings (docs/decisions/003).
 */
async function upcomingBooking(
	supabase: SupabaseClient<Database>,
	id: string,
	ownerId?: string,
): Promise<BookingRow | string> {
	if (!/^[0-9a-f-]{36}$/i.test(id)) return 'La reunión no existe.'
	const query = supabase.from('reservas').select(changeColumns).eq('id', id)
	const { data } = await (ownerId ? query.eq('user_id', ownerId) : query).maybeSingle()
	if (!data) return 'La reunión no existe.'
	if (data.status !== 'confirmada' || data.fecha < todayInMadrid())
		return 'Solo se pueden cambiar reuniones confirmadas y futuras.'
	return data
}

export async function cancelOwnBooking(
	supabase: SupabaseClient<Database>,
	user: SessionUser,
	id: string,
): Promise<ChangeResult> {
	const booking = await upcomingBooking(supabase, id, user.id)
	if (typeof booking === 'string') return { ok: false, message: booking }
	return cancelBooking(booking)
}

/** An admin cancels any client's booking; the client gets the same cancellation as when they cancel. */
export async function cancelBookingAsAdmin(supabase: SupabaseClient<Database>, id: string): Promise<ChangeResult> {
	const booking = await upcomingBooking(supabase, id)
	if (typeof booking === 'string') return { ok: false, message: booking }
	return cancelBooking(booking)
}

/** Frees the slot, removes the calendar event and tells the client and the company. */
async function cancelBooking(booking: BookingRow): Promise<ChangeResult> {
	// Service role: clients may not write bookings; the callers checked who may cancel this one.
	const { data: cancelled, error } = await createServiceClient()
		.from('reservas')
		.update({ status: 'cancelada' })
		.eq('id', booking.id)
		.eq('status', 'confirmada')
		.select('secuencia')
		.maybeSingle()
	if (error) {
		log.error({ err: error }, '[bookings] cancel failed')
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	// Another request cancelled it first, and told everyone.
	if (!cancelled) return { ok: true }
	const calendar = calendarOf(booking)
	if (booking.event_id)
		await calendar
			.cancel(booking.event_id)
			.catch((cause: unknown) => log.error({ err: cause }, '[calendar] cancel failed'))
	const when = formatBookingTime(booking.fecha, booking.hora)
	const invitation = invitationFor({ ...booking, secuencia: cancelled.secuencia }, calendar, 'CANCEL')
	await sendMail({
		to: booking.email,
		subject: 'Tu reunión con KIA ha sido cancelada',
		text: `Hola ${booking.nombre}:\n\nTu reunión del ${when} ha sido cancelada.\n\nSi quieres, puedes reservar otra desde tu panel de cliente.\n\nEl equipo de KIA`,
		invitation,
	})
	await sendMail({
		to: contactDestination(),
		subject: `Demostración cancelada: ${when}`,
		text: `Se ha cancelado la demostración de ${booking.nombre} <${booking.email}> del ${when}.\nMotivo: ${reasonOf(booking)}`,
		invitation,
	})
	return { ok: true }
}

/**
 * Before an account goes, its confirmed meetings from today on are cancelled
 * as the client would cancel them: the slots are freed for others, calendar
 * events removed and the client told. (The database does the same for a
 * deletion made elsewhere, without the e-mails.) False when one could not be.
 */
export async function cancelUpcomingBookingsOf(userId: string) {
	// Service role: an admin is acting on another user's bookings, which only the server writes.
	const { data, error } = await createServiceClient()
		.from('reservas')
		.select(changeColumns)
		.eq('user_id', userId)
		.eq('status', 'confirmada')
		.gte('fecha', todayInMadrid())
	if (error) {
		log.error({ err: error }, '[bookings] upcoming meetings of a user could not be read')
		return false
	}
	const results = await Promise.all(data.map((booking) => cancelBooking(booking)))
	return results.every((result) => result.ok)
}

type Reschedule = { id: string; fecha: string; hora: string }

export function rescheduleOwnBooking(
	supabase: SupabaseClient<Database>,
	user: SessionUser,
	change: Reschedule,
): Promise<ChangeResult> {
	return rescheduleBooking(supabase, change, user.id)
}

/** An admin moves any client's booking, under the same rules; the client gets the updated invitation. */
export function rescheduleBookingAsAdmin(supabase: SupabaseClient<Database>, change: Reschedule) {
	return rescheduleBooking(supabase, change)
}

async function rescheduleBooking(
	supabase: SupabaseClient<Database>,
	{ id, fecha, hora }: Reschedule,
	ownerId?: string,
): Promise<ChangeResult> {
	const rules = await loadBookingRules()
	if (isPastHorizon(rules, fecha)) return { ok: false, message: horizonMessage(rules) }
	if (!isBookable(rules, fecha, hora)) return { ok: false, message: outsideTheRules }
	const booking = await upcomingBooking(supabase, id, ownerId)
	if (typeof booking === 'string') return { ok: false, message: booking }
	// Service role: clients may not write bookings; ownership was checked above.
	const { data: moved, error } = await createServiceClient()
		.from('reservas')
		.update({ fecha, hora })
		.eq('id', booking.id)
		.eq('status', 'confirmada')
		.select('secuencia')
		.maybeSingle()
	if (error) {
		// The unique index on confirmed (fecha, hora) is what keeps two people out of one slot.
		if (error.code === '23505') return { ok: false, message: 'ese hueco ya está reservado. Elige otro.' }
		const broken = limitBroken(error)
		if (broken === 'horizon') return { ok: false, message: horizonMessage(rules) }
		if (broken === 'invalid') return { ok: false, message: outsideTheRules }
		log.error({ err: error }, '[bookings] reschedule failed')
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	// Cancelled by another request since it was read.
	if (!moved) return { ok: false, message: 'Solo se pueden cambiar reuniones confirmadas y futuras.' }
	const calendar = calendarOf(booking)
	const details = { fecha, hora, motivo: booking.motivo ?? '', nombre: booking.nombre, email: booking.email }
	if (booking.event_id)
		await calendar
			.move(booking.event_id, details)
			.catch((cause: unknown) => log.error({ err: cause }, '[calendar] move failed'))
	const was = formatBookingTime(booking.fecha, booking.hora)
	const when = formatBookingTime(fecha, hora)
	const invitation = invitationFor({ ...booking, fecha, hora, secuencia: moved.secuencia }, calendar, 'REQUEST')
	await sendMail({
		to: booking.email,
		subject: 'Tu reunión con KIA ha cambiado de fecha',
		text: `Hola ${booking.nombre}:\n\nTu reunión se ha reprogramado para el ${when}.${booking.meet_url ? `\n\nEnlace: ${booking.meet_url}` : ''}\n\nEl equipo de KIA`,
		invitation,
	})
	await sendMail({
		to: contactDestination(),
		subject: `Demostración reprogramada: ${when}`,
		text: `${booking.nombre} <${booking.email}> ha cambiado su demostración del ${was} al ${when}.\nMotivo: ${reasonOf(booking)}${booking.meet_url ? `\nEnlace: ${booking.meet_url}` : ''}`,
		invitation,
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
	if (error) log.error({ err: error }, '[bookings] taken slots failed')
	const taken: Record<string, string[]> = {}
	for (const row of data ?? []) (taken[row.fecha] ??= []).push(row.hora.slice(0, 5))
	return taken
}

/** What the portal's meeting forms offer (the client's and the admin's): the booking page's free slots. */
export async function loadRescheduleOptions(): Promise<RescheduleOptions> {
	const [rules, taken] = await Promise.all([loadBookingRules(), takenSlots()])
	return {
		months: slotMonths(bookableDays(rules, bookingWindow(rules), taken)),
		availability: describeAvailability(rules),
	}
}

/** Whether a confirmed booking holds this slot now (the unique index still decides a race). */
export async function isSlotTaken(fecha: string, hora: string) {
	// Service role: whether a slot is free, not whose it is.
	const { count, error } = await createServiceClient()
		.from('reservas')
		.select('id', { count: 'exact', head: true })
		.eq('status', 'confirmada')
		.eq('fecha', fecha)
		.eq('hora', hora)
	if (error) log.error({ err: error }, '[bookings] slot check failed; the unique index still refuses a taken slot')
	return (count ?? 0) > 0
}

export type NewBooking = { userId: string; nombre: string; email: string; fecha: string; hora: string; motivo: string }

/** `mailed`: whether the confirmation reached the mail server, so the page does not promise an e-mail that will not come. */
export type BookingResult =
	| { ok: true; meetUrl: string; mailed: boolean }
	| { ok: false; reason: 'taken' | 'invalid' | 'horizon' | 'limit' | 'failed' }

const outsideTheRules = 'elige un día y una hora de los disponibles a partir de ahora.'

const horizonMessage = (rules: BookingRules) =>
	`solo se pueden reservar demostraciones en los próximos ${rules.horizonteDias} días.`

/**
 * Which of the database's booking rules (migration 20250804090000) refused a write, if one did: it holds
 * them too, so a change of the rules between the server's check and the write still refuses.
 */
function limitBroken(error: { code: string; message: string }) {
	if (error.code !== '23514') return null
	if (error.message.startsWith('reservas_horizonte')) return 'horizon'
	if (error.message.startsWith('reservas_maximo_pendientes')) return 'limit'
	if (/^reservas_(fuera_de_horario|dia_bloqueado|antelacion)/.test(error.message)) return 'invalid'
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
	if (error) log.error({ err: error }, '[bookings] upcoming count failed; the database still enforces the limit')
	return count ?? 0
}

/**
 * The behaviour of `crear-evento-reunion`: the row first (the unique index
 * decides who gets a contested slot), then the meeting link, then the
 * e-mails. A failing calendar or mail never undoes a booking: it is logged
 * and the booking keeps a joinable link.
 */
export async function createBooking(requested: NewBooking, rules: BookingRules): Promise<BookingResult> {
	if (isPastHorizon(rules, requested.fecha)) return { ok: false, reason: 'horizon' }
	if (!isBookable(rules, requested.fecha, requested.hora)) return { ok: false, reason: 'invalid' }
	if ((await upcomingCount(requested.userId)) >= rules.maximoPendientes) return { ok: false, reason: 'limit' }
	// Service role: bookings are written by the server only (docs/decisions/003).
	const service = createServiceClient()
	const { data, error } = await service
		.from('reservas')
		.insert({
			user_id: requested.userId,
			nombre: requested.nombre,
			email: requested.email,
			fecha: requested.fecha,
			hora: requested.hora,
			motivo: requested.motivo,
		})
		.select('id, secuencia')
		.single()
	if (error || !data) {
		if (error?.code === '23505') return { ok: false, reason: 'taken' }
		const broken = error ? limitBroken(error) : null
		if (broken) return { ok: false, reason: broken }
		log.error({ err: error }, '[bookings] create failed')
		return { ok: false, reason: 'failed' }
	}
	const event = await createMeetingLink(requested)
	const { error: linkError } = await service
		.from('reservas')
		.update({ meet_url: event.meetUrl, event_id: event.eventId })
		.eq('id', data.id)
	if (linkError) log.error({ err: linkError }, '[bookings] could not store the meeting link')
	const booking = { ...requested, id: data.id, secuencia: data.secuencia, meet_url: event.meetUrl }
	const mailed = await sendBookingMails(booking, calendarFor(event.eventId))
	return { ok: true, meetUrl: event.meetUrl, mailed }
}

async function createMeetingLink(booking: NewBooking) {
	try {
		return await getCalendar().create(booking)
	} catch (error) {
		log.error({ err: error }, '[calendar] create failed; falling back to a Jitsi room')
		return jitsiCalendar.create(booking)
	}
}

/** The calendar behind a booking; one without an event (made before links existed) has none, like Jitsi. */
const calendarOf = (booking: Pick<BookingRow, 'event_id'>) =>
	booking.event_id ? calendarFor(booking.event_id) : jitsiCalendar

/** An empty reason reads 'Consulta general'. */
const reasonOf = (booking: { motivo: string | null }) => booking.motivo || 'Consulta general'

type InvitedBooking = Pick<
	BookingRow,
	'id' | 'secuencia' | 'fecha' | 'hora' | 'motivo' | 'meet_url' | 'nombre' | 'email'
>

/**
 * This version of a booking's invitation, the same file for the client and for the company inbox: both are
 * attendees, so a cancellation takes the meeting out of both calendars ('¿Estás seguro?' says so). Its
 * UID is the booking's id, the same on every version; none when the meeting's calendar invites by itself
 * (see CalendarProvider), so the client never gets two.
 */
function invitationFor(
	booking: InvitedBooking,
	calendar: CalendarProvider,
	method: InvitationMethod,
): Mail['invitation'] {
	if (calendar.sendsInvitations) return undefined
	const link = booking.meet_url ? `\nEnlace: ${booking.meet_url}` : ''
	const content = icsInvitation({
		method,
		uid: booking.id,
		sequence: booking.secuencia,
		fecha: booking.fecha,
		hora: booking.hora,
		durationMinutes: demoMinutes,
		summary: 'Demostración de KIA',
		description: `${reasonOf(booking)}${link}`,
		url: booking.meet_url,
		organizer: mailSender(),
		attendees: [
			{ name: booking.nombre, email: booking.email },
			{ name: 'KIA', email: contactDestination() },
		],
		stamp: new Date(),
	})
	return { method, content }
}

/** The visitor's confirmation, then the company's notice; true when the visitor's was sent. */
async function sendBookingMails(booking: InvitedBooking & { meet_url: string }, calendar: CalendarProvider) {
	const when = formatBookingTime(booking.fecha, booking.hora)
	const invitation = invitationFor(booking, calendar, 'REQUEST')
	const mailed = await sendMail({
		to: booking.email,
		subject: `Tu demostración de KIA: ${when}`,
		text: `Hola ${booking.nombre}:\n\nTu demostración gratuita de 15 minutos está confirmada para el ${when} (hora de Madrid).\n\nEnlace a la reunión: ${booking.meet_url}\n\nPuedes reprogramarla o cancelarla desde tu panel de cliente.\n\nEl equipo de KIA`,
		html: `<p>Hola ${escapeHtml(booking.nombre)}:</p><p>Tu demostración gratuita de 15 minutos está confirmada para el <strong>${when}</strong> (hora de Madrid).</p><p><a href="${escapeHtml(booking.meet_url)}">Ir a la reunión</a></p><p>Puedes reprogramarla o cancelarla desde tu panel de cliente.</p><p>El equipo de KIA</p>`,
		invitation,
	})
	await sendMail({
		to: contactDestination(),
		subject: `Nueva demostración reservada: ${when}`,
		text: `${booking.nombre} <${booking.email}> ha reservado una demostración para el ${when}.\nMotivo: ${booking.motivo}\nEnlace: ${booking.meet_url}`,
		invitation,
	})
	return mailed
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
