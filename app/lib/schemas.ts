import { z } from 'zod'

/** Shared by the browser (constraints, instant feedback) and the server (the real check). */
export const emailField = z
	.string({ error: 'Introduce tu email.' })
	.trim()
	.max(254, 'El email es demasiado largo.')
	.email('Introduce un email válido.')

export const newsletterSchema = z.object({ email: emailField })

const required = (message: string, max: number, tooLong: string) =>
	z.string({ error: message }).trim().min(1, message).max(max, tooLong)

export const contactSchema = z.object({
	name: required('Introduce tu nombre.', 120, 'El nombre no puede superar los 120 caracteres.'),
	email: emailField,
	message: required('Escribe tu mensaje.', 5000, 'El mensaje no puede superar los 5000 caracteres.'),
})

export const investorSchema = z.object({
	fullName: required('Introduce tu nombre completo.', 120, 'El nombre no puede superar los 120 caracteres.'),
	email: emailField,
	entity: z.string().trim().max(160, 'La entidad no puede superar los 160 caracteres.').optional(),
	message: required('Escribe tu mensaje.', 5000, 'El mensaje no puede superar los 5000 caracteres.'),
})
