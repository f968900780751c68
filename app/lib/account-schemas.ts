import { z } from 'zod'
import { text } from './schemas'

export const communicationPreferences = ['email', 'whatsapp', 'ambos'] as const

const optionalText = (max: number, message: string) => text(max, message).optional()

export const profileSchema = z.object({
	nombre: optionalText(80, 'El nombre no puede superar los 80 caracteres.'),
	apellidos: optionalText(120, 'Los apellidos no pueden superar los 120 caracteres.'),
	prefijo_pais: z
		.string()
		.trim()
		.regex(/^\+\d{1,4}$/, 'Usa un prefijo como +34.')
		.default('+34'),
	telefono: z
		.string()
		.trim()
		.regex(/^[\d\s]{6,20}$/, 'Introduce un teléfono válido (solo números).')
		.optional(),
	preferencia_comunicacion: z
		.enum(communicationPreferences, { error: 'Elige una preferencia de contacto.' })
		.default('email'),
	avatar_url: z
		.url({ protocol: /^https$/, error: 'Introduce una URL https válida.' })
		.max(500)
		.optional(),
})
