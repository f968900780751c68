import { z } from 'zod'
import { emailField, text } from './schemas'

export const defaultBookingReason = 'Demostración del asistente KIA'

export const bookingDate = z
	.string({ error: 'Elige una fecha.' })
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'Elige una fecha válida.')
// Which hours can be booked is the rules' (the server checks them); here, only that it is an hour.
export const bookingHour = z.string({ error: 'Elige una hora.' }).regex(/^\d{2}:\d{2}$/, 'Elige una hora.')
export const bookingReason = text(500, 'El motivo no puede superar los 500 caracteres.').optional()

/** The demo booking form; name and e-mail come from the account when signed in. */
export const bookingSchema = z.object({
	nombre: text(120, 'El nombre no puede superar los 120 caracteres.').optional(),
	email: emailField.optional(),
	fecha: bookingDate,
	hora: bookingHour,
	motivo: bookingReason,
})
export type BookingInput = z.infer<typeof bookingSchema>
