import { z } from 'zod'
import { emailField, required } from './schemas'

const password = z.string({ error: 'Introduce tu contraseña.' }).min(1, 'Introduce tu contraseña.').max(200)

export const signInSchema = z.object({ email: emailField, password, redirectTo: z.string().optional() })

export const signUpSchema = z.object({
	fullName: required('Introduce tu nombre completo.', 120, 'El nombre no puede superar los 120 caracteres.'),
	email: emailField,
	password: z
		.string({ error: 'Introduce una contraseña.' })
		.min(6, 'La contraseña debe tener al menos 6 caracteres.')
		.max(200),
	redirectTo: z.string().optional(),
})

const newPassword = {
	password: z
		.string({ error: 'Introduce la nueva contraseña.' })
		.min(6, 'La contraseña debe tener al menos 6 caracteres.')
		.max(200),
	confirm: z.string({ error: 'Repite la nueva contraseña.' }),
}

const confirmed = (value: { password: string; confirm: string }) => value.password === value.confirm
const mismatch = { path: ['confirm'], message: 'Las contraseñas no coinciden.' }

/** The page an e-mail link opens: the link was the proof. */
export const newPasswordSchema = z.object(newPassword).refine(confirmed, mismatch)

/** Mi Cuenta: the current password is the proof that its owner is there. */
export const passwordChangeSchema = z
	.object({
		currentPassword: z
			.string({ error: 'Introduce tu contraseña actual.' })
			.min(1, 'Introduce tu contraseña actual.')
			.max(200),
		...newPassword,
	})
	.refine(confirmed, mismatch)
