import { z } from 'zod'
import { assistantChannels, assistantStatuses, type AssistantStatus } from './assistants'
import { emailField, required, text } from './schemas'

const isoDate = z.iso.date({ error: 'Introduce una fecha válida.' })

/** What the team records about an assistant; the same fields on creating and editing it. */
const assistantFields = z.object({
	nombre: required('Introduce el nombre del asistente.', 120, 'El nombre no puede superar los 120 caracteres.'),
	empresa: text(120, 'La empresa no puede superar los 120 caracteres.').optional(),
	canales: z
		.array(z.enum(assistantChannels, { error: 'Elige un canal de la lista.' }), { error: 'Elige al menos un canal.' })
		.min(1, 'Elige al menos un canal.')
		.transform((channels) => [...new Set(channels)]),
	estado: z.enum(assistantStatuses, { error: 'Elige un estado.' }),
	fecha_activacion: isoDate.optional(),
	nota: text(1000, 'La nota no puede superar los 1000 caracteres.').optional(),
})

/** The database's rule, said before it refuses: a live assistant went live on some day. */
const liveHasDate = <T extends { estado: AssistantStatus; fecha_activacion?: string }>(value: T) =>
	value.estado !== 'activo' || value.fecha_activacion !== undefined
const liveHasDateError = {
	message: 'Indica la fecha de puesta en marcha de un asistente activo.',
	path: ['fecha_activacion'],
}

/** A new assistant, for the client with this e-mail. */
export const assistantCreateSchema = assistantFields.extend({ email: emailField }).refine(liveHasDate, liveHasDateError)

export const assistantUpdateSchema = assistantFields.extend({ id: z.uuid() }).refine(liveHasDate, liveHasDateError)

export type AssistantInput = z.infer<typeof assistantFields>
