import { z } from 'zod'
import { demoMinutes } from '~/lib/booking'
import { formatBookingTime } from '~/lib/dates'
import { icsInvitation, type InvitationMethod } from '~/lib/ics'
import { contactDestination } from '../inbox/forms'
import type { MailTemplate } from '../jobs/mail-job'
import type { Job } from '../jobs/queue'
import { jobData } from '../jobs/worker'
import { mailSender, type Mail } from '../mail'
import { calendarOf } from './calendar'

/**
 * A booking as it was when it changed, as the database's outbox records it with each e-mail it enqueues
 * (private.foto_reserva): the e-mail tells of that change, whatever happened to the booking since.
 */
export const bookingSnapshot = z.object({
	id: z.uuid(),
	nombre: z.string(),
	email: z.string(),
	fecha: z.string(),
	hora: z.string(),
	motivo: z.string().nullable(),
	secuencia: z.number().int(),
	event_id: z.string().nullable(),
	meet_url: z.string().nullable(),
	/** A rescheduled booking's former slot. */
	antes: z.object({ fecha: z.string(), hora: z.string() }).optional(),
})

export type BookingSnapshot = z.infer<typeof bookingSnapshot>

const templateNames = [
	'reserva.confirmada.cliente',
	'reserva.confirmada.empresa',
	'reserva.cancelada.cliente',
	'reserva.cancelada.empresa',
	'reserva.reprogramada.cliente',
	'reserva.reprogramada.empresa',
] as const

type BookingMailTemplate = (typeof templateNames)[number]

const bookingMailJob = z.object({ reserva: bookingSnapshot })

/** The e-mails the outbox enqueues with a booking's changes, each from the snapshot it kept. */
export const bookingMailTemplates: Record<string, MailTemplate> = Object.fromEntries(
	templateNames.map((name) => [name, (job: Job) => bookingMail(name, jobData(bookingMailJob, job).reserva)]),
)

/** An empty reason reads 'Consulta general'. */
const reasonOf = (booking: { motivo: string | null }) => booking.motivo || 'Consulta general'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The e-mail a template makes of a booking's change: the client's, or the company's notice. */
function bookingMail(template: BookingMailTemplate, booking: BookingSnapshot): Mail {
	const when = formatBookingTime(booking.fecha, booking.hora)
	const link = booking.meet_url
	switch (template) {
		case 'reserva.confirmada.cliente':
			return {
				to: booking.email,
				subject: `Tu demostración de KIA: ${when}`,
				text: `Hola ${booking.nombre}:\n\nTu demostración gratuita de 15 minutos está confirmada para el ${when} (hora de Madrid).\n\nEnlace a la reunión: ${link ?? ''}\n\nPuedes reprogramarla o cancelarla desde tu panel de cliente.\n\nEl equipo de KIA`,
				html: `<p>Hola ${escapeHtml(booking.nombre)}:</p><p>Tu demostración gratuita de 15 minutos está confirmada para el <strong>${when}</strong> (hora de Madrid).</p><p><a href="${escapeHtml(link ?? '')}">Ir a la reunión</a></p><p>Puedes reprogramarla o cancelarla desde tu panel de cliente.</p><p>El equipo de KIA</p>`,
				invitation: invitationFor(booking, 'REQUEST'),
			}
		case 'reserva.confirmada.empresa':
			return {
				to: contactDestination(),
				subject: `Nueva demostración reservada: ${when}`,
				text: `${booking.nombre} <${booking.email}> ha reservado una demostración para el ${when}.\nMotivo: ${reasonOf(booking)}\nEnlace: ${link ?? ''}`,
				invitation: invitationFor(booking, 'REQUEST'),
			}
		case 'reserva.cancelada.cliente':
			return {
				to: booking.email,
				subject: 'Tu reunión con KIA ha sido cancelada',
				text: `Hola ${booking.nombre}:\n\nTu reunión del ${when} ha sido cancelada.\n\nSi quieres, puedes reservar otra desde tu panel de cliente.\n\nEl equipo de KIA`,
				invitation: invitationFor(booking, 'CANCEL'),
			}
		case 'reserva.cancelada.empresa':
			return {
				to: contactDestination(),
				subject: `Demostración cancelada: ${when}`,
				text: `Se ha cancelado la demostración de ${booking.nombre} <${booking.email}> del ${when}.\nMotivo: ${reasonOf(booking)}`,
				invitation: invitationFor(booking, 'CANCEL'),
			}
		case 'reserva.reprogramada.cliente':
			return {
				to: booking.email,
				subject: 'Tu reunión con KIA ha cambiado de fecha',
				text: `Hola ${booking.nombre}:\n\nTu reunión se ha reprogramado para el ${when}.${link ? `\n\nEnlace: ${link}` : ''}\n\nEl equipo de KIA`,
				invitation: invitationFor(booking, 'REQUEST'),
			}
		case 'reserva.reprogramada.empresa': {
			const was = booking.antes ? formatBookingTime(booking.antes.fecha, booking.antes.hora) : ''
			return {
				to: contactDestination(),
				subject: `Demostración reprogramada: ${when}`,
				text: `${booking.nombre} <${booking.email}> ha cambiado su demostración del ${was} al ${when}.\nMotivo: ${reasonOf(booking)}${link ? `\nEnlace: ${link}` : ''}`,
				invitation: invitationFor(booking, 'REQUEST'),
			}
		}
	}
}

/**
 * This version of a booking's invitation, the same file for the client and for the company inbox: both are
 * attendees, so a cancellation takes the meeting out of both calendars ('¿Estás seguro?' says so). Its
 * UID is the booking's id, the same on every version; none when the meeting's calendar invites by itself
 * (see CalendarProvider), so the client never gets two.
 */
function invitationFor(booking: BookingSnapshot, method: InvitationMethod): Mail['invitation'] {
	if (calendarOf(booking).sendsInvitations) return undefined
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
