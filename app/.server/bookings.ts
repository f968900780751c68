import type { SupabaseClient, User } from '@supabase/supabase-js'
import { formatMeeting, isBookable, todayInMadrid, type Meeting } from '~/lib/booking'
import { getCalendar } from './calendar'
import { sendMail } from './mail'
import { createServiceClient } from './supabase'

const meetingColumns = 'id, fecha, hora, motivo, status, meet_url, event_id, nombre, email'
type MeetingRow = Meeting & { nombre: string; email: string }

/** The user's own meetings, read under RLS. */
export async function listOwnMeetings(supabase: SupabaseClient, user: User) {
	const { data, error } = await supabase
		.from('reservas')
		.select(meetingColumns)
		.eq('user_id', user.id)
		.order('fecha', { ascending: false })
		.order('hora', { ascending: false })
	if (error) console.error('[bookings] list failed', error)
	return error ? null : ((data ?? []) as MeetingRow[])
}

export type ChangeResult = { ok: true } | { ok: false; message: string }

/**
 * Ownership is proved by reading the row with the user's own client (RLS
 * only shows their bookings); the write then goes through the service role,
 * which alone may write bookings (docs/decisions/003).
 */
async function ownUpcomingMeeting(supabase: SupabaseClient, user: User, id: string): Promise<MeetingRow | string> {
	if (!/^[0-9a-f-]{36}$/i.test(id)) return 'La reunión no existe.'
	const { data } = await supabase.from('reservas').select(meetingColumns).eq('id', id).eq('user_id', user.id).maybeSingle<MeetingRow>()
	if (!data) return 'La reunión no existe.'
	if (data.status !== 'confirmada' || data.fecha < todayInMadrid()) return 'Solo puedes cambiar reuniones confirmadas y futuras.'
	return data
}

export async function cancelOwnMeeting(supabase: SupabaseClient, user: User, id: string): Promise<ChangeResult> {
	const meeting = await ownUpcomingMeeting(supabase, user, id)
	if (typeof meeting === 'string') return { ok: false, message: meeting }
	// Service role: clients may not write bookings; ownership was checked above.
	const { error } = await createServiceClient().from('reservas').update({ status: 'cancelada' }).eq('id', meeting.id).eq('status', 'confirmada')
	if (error) {
		console.error('[bookings] cancel failed', error)
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	if (meeting.event_id) await getCalendar().cancel(meeting.event_id).catch((cause: unknown) => console.error('[calendar] cancel failed', cause))
	await sendMail({
		to: meeting.email,
		subject: 'Tu reunión con KIA ha sido cancelada',
		text: `Hola ${meeting.nombre}:\n\nTu reunión del ${formatMeeting(meeting.fecha, meeting.hora)} ha sido cancelada.\n\nSi quieres, puedes reservar otra desde tu panel de cliente.\n\nEl equipo de KIA`,
	})
	return { ok: true }
}

export async function rescheduleOwnMeeting(supabase: SupabaseClient, user: User, id: string, fecha: string, hora: string): Promise<ChangeResult> {
	if (!isBookable(fecha, hora)) return { ok: false, message: 'elige un día laborable y una hora disponible a partir de ahora.' }
	const meeting = await ownUpcomingMeeting(supabase, user, id)
	if (typeof meeting === 'string') return { ok: false, message: meeting }
	// Service role: clients may not write bookings; ownership was checked above.
	const { error } = await createServiceClient().from('reservas').update({ fecha, hora }).eq('id', meeting.id).eq('status', 'confirmada')
	if (error) {
		// The unique index on confirmed (fecha, hora) is what keeps two people out of one slot.
		if (error.code === '23505') return { ok: false, message: 'ese hueco ya está reservado. Elige otro.' }
		console.error('[bookings] reschedule failed', error)
		return { ok: false, message: 'inténtalo de nuevo más tarde.' }
	}
	const details = { fecha, hora, motivo: meeting.motivo ?? '', nombre: meeting.nombre, email: meeting.email }
	if (meeting.event_id) await getCalendar().move(meeting.event_id, details).catch((cause: unknown) => console.error('[calendar] move failed', cause))
	await sendMail({
		to: meeting.email,
		subject: 'Tu reunión con KIA ha cambiado de fecha',
		text: `Hola ${meeting.nombre}:\n\nTu reunión se ha reprogramado para el ${formatMeeting(fecha, hora)}.${meeting.meet_url ? `\n\nEnlace: ${meeting.meet_url}` : ''}\n\nEl equipo de KIA`,
	})
	return { ok: true }
}
