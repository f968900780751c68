import { z } from 'zod'
import { bookingDate, bookingHour, bookingReason } from './booking-schemas'
import { emailField, required, text } from './schemas'
import { inboxStatuses } from './inbox'

// The back office's forms, apart from the public ones: a client's page never loads them.

/** An admin books for a client: an existing account's e-mail, or a new one that is invited first. */
export const adminBookingSchema = z.object({
	email: z
		.string({ error: 'Introduce el email del cliente.' })
		.trim()
		.max(254, 'El email es demasiado largo.')
		.email('Introduce un email válido.'),
	nombre: required('Introduce el nombre del cliente.', 120, 'El nombre no puede superar los 120 caracteres.'),
	fecha: bookingDate,
	hora: bookingHour,
	motivo: bookingReason,
})
export type AdminBookingInput = z.infer<typeof adminBookingSchema>

export const adminUserUpdateSchema = z.object({
	id: z.uuid(),
	full_name: required('Introduce el nombre.', 120, 'El nombre no puede superar los 120 caracteres.'),
	phone: text(20, 'El teléfono no puede superar los 20 caracteres.').optional(),
	role: z.enum(['cliente', 'admin'], { error: 'Elige un rol.' }),
})

export const adminInviteSchema = z.object({
	email: emailField,
	full_name: text(120, 'El nombre no puede superar los 120 caracteres.').optional(),
	role: z.enum(['cliente', 'admin'], { error: 'Elige un rol.' }),
})

export const supportUpdateSchema = z.object({
	status: z.enum(inboxStatuses, { error: 'Elige un estado.' }),
	// Empty: nobody.
	assignee: z.uuid({ error: 'Elige un administrador.' }).optional(),
})

export const supportNoteSchema = z.object({
	body: required('Escribe la nota.', 10000, 'La nota no puede superar los 10000 caracteres.'),
})

export const supportReplySchema = z.object({
	subject: required('Escribe el asunto.', 200, 'El asunto no puede superar los 200 caracteres.'),
	body: required('Escribe la respuesta.', 10000, 'La respuesta no puede superar los 10000 caracteres.'),
})
