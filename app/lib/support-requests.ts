import { z } from 'zod'
import { required } from './schemas'

const message = required('Escribe tu mensaje.', 5000, 'El mensaje no puede superar los 5000 caracteres.')

/** A client's new request in /dashboard/soporte; `assistant` is one of their own, or none. */
export const supportRequestSchema = z.object({
	subject: required('Escribe el asunto.', 200, 'El asunto no puede superar los 200 caracteres.'),
	assistant: z.uuid({ error: 'Elige uno de tus asistentes.' }).optional(),
	message,
})

/** A client's follow-up on the thread of one of their requests. */
export const supportFollowUpSchema = z.object({ message })
