import type { SupabaseClient } from '@supabase/supabase-js'
import type { RouterContextProvider } from 'react-router'
import type { Booking } from '~/lib/booking'
import { todayInMadrid } from '~/lib/dates'
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
import { loadBookingRules } from './rules'
import { createServiceClient, requestSupabase } from '../supabase/client'
import type { SessionUser } from '../auth/session'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'
import { wakeWorker } from '../jobs/wake'
import { linkBooking } from './links'

const bookingColumns = 'id, fecha, hora, motivo, status, meet_url, event_id, nombre, email'
type BookingRow = Booking & { nombre: string; email: string }

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
	const query = supabase.from('reservas').select(bookingColumns).eq('id', id)
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

/**
 * Frees the slot. The database enqueues the rest with the change (migration 20261202110000): the calendar
 * event's removal and the client's and the company's e-mails.
 */
async function cancelBooking(booking: BookingRow): Promise<ChangeResult> {
	// Service role: clients may not write bookings; the callers checked who may cancel this one.
	const { error } = await createServiceClient()
		.from('reservas')
		.update({ status: 'cancelada' })
		.eq('id', booking.id)
		.eq('status', 'confirmada')
	if (error) {
		log.error({ err: error }, '[bookings] cancel failed')
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	wakeWorker()
	return { ok: true }
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
		.select('id')
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
	wakeWorker()
	return { ok: true }
}

/**
 * Confirmed slots from today on (date and time only, nobody's details), to offer only free ones. Throws when they
 * cannot be read: an empty list would offer every taken slot as free.
 */
export async function takenSlots(): Promise<Record<string, string[]>> {
	// Service role: the visitor may not read other people's bookings, only whether a slot is free.
	const { data, error } = await createServiceClient()
		.from('reservas')
		.select('fecha, hora')
		.eq('status', 'confirmada')
		.gte('fecha', todayInMadrid())
		.order('fecha')
		.limit(1000)
	if (error) throw error
	const taken: Record<string, string[]> = {}
	for (const row of data) (taken[row.fecha] ??= []).push(row.hora.slice(0, 5))
	return taken
}

/** What the booking form's free slots are made of: the rules, and the slots already taken. */
export type BookingAvailability = { rules: BookingRules; taken: Record<string, string[]> }

/**
 * The booking page's rules and taken slots; null while Supabase cannot give both, and the page says booking is
 * unavailable rather than offer slots that may be taken (decision 005).
 */
export function readBookingAvailability(context: Readonly<RouterContextProvider>) {
	return unlessUnavailable(context, async (): Promise<BookingAvailability> => {
		const [rules, taken] = await Promise.all([loadBookingRules(), takenSlots()])
		return { rules, taken }
	})
}

/** The rules a booking is checked against; null while Supabase cannot give them, and nothing can be booked. */
export function readBookingRules(context: Readonly<RouterContextProvider>) {
	return unlessUnavailable(context, loadBookingRules)
}

/** The requests that have logged booking as unavailable: a post's action and the loader after it read the same. */
const toldUnavailable = new WeakSet<Readonly<RouterContextProvider>>()

async function unlessUnavailable<T>(context: Readonly<RouterContextProvider>, read: () => Promise<T>) {
	try {
		return await read()
	} catch (error) {
		// One line per request: a Supabase that could not be reached at all has been named by its connection already.
		if (!toldUnavailable.has(context) && !requestSupabase(context).signal.aborted) {
			log.warn({ err: error }, '[bookings] booking rules or taken slots unreadable; booking shown as unavailable')
		}
		toldUnavailable.add(context)
		return null
	}
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

export type BookingResult =
	{ ok: true; meetUrl: string } | { ok: false; reason: 'taken' | 'invalid' | 'horizon' | 'limit' | 'failed' }

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
 * The behaviour of `crear-evento-reunion`: the row first (the unique index decides who gets a contested slot),
 * then the meeting link, which the page shows, stored with the e-mails it enqueues (enlazar_reserva). A failing
 * calendar never undoes a booking: it gets a Jitsi room. Should this process die before the link is stored, the
 * job the booking enqueued makes it (bookingLinkJob): the same one, whoever makes it.
 */
export async function createBooking(requested: NewBooking, rules: BookingRules): Promise<BookingResult> {
	if (isPastHorizon(rules, requested.fecha)) return { ok: false, reason: 'horizon' }
	if (!isBookable(rules, requested.fecha, requested.hora)) return { ok: false, reason: 'invalid' }
	if ((await upcomingCount(requested.userId)) >= rules.maximoPendientes) return { ok: false, reason: 'limit' }
	// Service role: bookings are written by the server only (docs/decisions/003).
	const { data, error } = await createServiceClient()
		.from('reservas')
		.insert({
			user_id: requested.userId,
			nombre: requested.nombre,
			email: requested.email,
			fecha: requested.fecha,
			hora: requested.hora,
			motivo: requested.motivo,
		})
		.select('id')
		.single()
	if (error || !data) {
		if (error?.code === '23505') return { ok: false, reason: 'taken' }
		const broken = error ? limitBroken(error) : null
		if (broken) return { ok: false, reason: broken }
		log.error({ err: error }, '[bookings] create failed')
		return { ok: false, reason: 'failed' }
	}
	const meetUrl = await linkBooking({ ...requested, id: data.id })
	wakeWorker()
	return { ok: true, meetUrl }
}
