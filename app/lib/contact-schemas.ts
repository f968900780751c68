import { z } from 'zod'
import { emailField, required, text } from './schemas'

export const newsletterSchema = z.object({ email: emailField })

export const contactSchema = z.object({
	name: required('Introduce tu nombre.', 120, 'El nombre no puede superar los 120 caracteres.'),
	email: emailField,
	message: required('Escribe tu mensaje.', 5000, 'El mensaje no puede superar los 5000 caracteres.'),
})

export const investorSchema = z.object({
	fullName: required('Introduce tu nombre completo.', 120, 'El nombre no puede superar los 120 caracteres.'),
	email: emailField,
	entity: text(160, 'La entidad no puede superar los 160 caracteres.').optional(),
	message: required('Escribe tu mensaje.', 5000, 'El mensaje no puede superar los 5000 caracteres.'),
})
