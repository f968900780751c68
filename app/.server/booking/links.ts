import { z } from 'zod'
import { log } from '../log'
import { createServiceClient } from '../supabase/client'
import { jobData, type JobHandler } from '../jobs/worker'
import { calendarOf, getCalendar, jitsiCalendar, type MeetingDetails } from './calendar'
import { bookingSnapshot } from './mails'

async function createMeetingLink(meeting: MeetingDetails) {
	try {
		return await getCalendar().create(meeting)
	} catch (error) {
		log.error({ err: error }, '[calendar] create failed; falling back to a Jitsi room')
		return jitsiCalendar.create(meeting)
	}
}

/**
 * Makes a new booking's meeting link and stores it with the confirmation e-mails it enqueues, once: when the
 * link was stored first by someone else (the request and its job both made it), theirs is the booking's.
 */
export async function linkBooking(meeting: MeetingDetails) {
	const event = await createMeetingLink(meeting)
	// Service role: bookings are written by the server only (docs/decisions/003).
	const service = createServiceClient()
	const { data: stored, error } = await service.rpc('enlazar_reserva', {
		reserva: meeting.id,
		enlace: event.meetUrl,
		evento: event.eventId,
	})
	if (error) {
		// Its job makes the same link again, and the e-mails with it.
		log.error({ err: error }, '[bookings] could not store the meeting link; its job will')
		return event.meetUrl
	}
	if (stored) return event.meetUrl
	const { data } = await service.from('reservas').select('meet_url').eq('id', meeting.id).maybeSingle()
	return data?.meet_url ?? event.meetUrl
}

const linkJob = z.object({ reserva: z.uuid() })

/** 'reserva.enlace': a booking whose request did not store its link (its process died) gets it now. */
export const bookingLinkJob: JobHandler = async (job) => {
	const { reserva } = jobData(linkJob, job)
	// Service role: the job acts for the server, on any client's booking.
	const { data: booking, error } = await createServiceClient()
		.from('reservas')
		.select('id, fecha, hora, motivo, nombre, email, status, meet_url')
		.eq('id', reserva)
		.maybeSingle()
	if (error) throw error
	if (!booking || booking.meet_url || booking.status !== 'confirmada') return
	await linkBooking({ ...booking, motivo: booking.motivo ?? '' })
}

const calendarJob = z.object({ reserva: bookingSnapshot })

/**
 * 'reserva.calendario': a cancelled or moved booking's event made to match the booking as it is now, not as it
 * was when the job was enqueued, so two quick changes done in any order leave the calendar right.
 */
export const bookingCalendarJob: JobHandler = async (job) => {
	const { reserva: changed } = jobData(calendarJob, job)
	if (!changed.event_id) return
	// Service role: the job acts for the server, on any client's booking.
	const { data: booking, error } = await createServiceClient()
		.from('reservas')
		.select('status, fecha, hora, motivo, nombre, email')
		.eq('id', changed.id)
		.maybeSingle()
	if (error) throw error
	const calendar = calendarOf(changed)
	if (!booking || booking.status === 'cancelada') await calendar.cancel(changed.event_id)
	else await calendar.move(changed.event_id, { ...booking, id: changed.id, motivo: booking.motivo ?? '' })
}
