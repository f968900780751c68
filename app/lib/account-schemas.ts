import { z } from 'zod'
import { accountCopy } from '~/content/account'
import { avatarLimits } from './avatars'
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
})

/**
 * The form as the page sends it: the profile and, when one was chosen, a new photo, at most the bucket's size. What
 * the file is, the server reads from its content (app/.server/auth/avatar.ts); a form without the file field is
 * still a whole profile (one saved before photos were files, a post by hand).
 */
export const profileFormSchema = profileSchema.extend({
	foto: z.file().max(avatarLimits.maxFileBytes, { error: accountCopy.photo.tooLarge }).optional(),
})
