import { z } from 'zod'
import { planIds } from './plan-ids'
import { billingPeriods } from './period'

// Zod probes for eval (a caught `new Function`) the first time it builds an object schema, and under
// the app's CSP the browser reports that probe as a violation (Lighthouse's best practices count it).
// Set before this module's schemas are built; forms parse fast enough without Zod's compiled parsers.
z.config({ jitless: true })

/** Shared by the browser (constraints, instant feedback) and the server (the real check). */
export const emailField = z
	.string({ error: 'Introduce tu email.' })
	.trim()
	.max(254, 'El email es demasiado largo.')
	.email('Introduce un email válido.')

export const newsletterSchema = z.object({ email: emailField })

// Postgres cannot store a NUL character, and no other control character belongs in a typed text
// (tabs and line breaks do): refused here with a message instead of failing the database write.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const invalidCharacters = 'El texto contiene caracteres no válidos.'
const printable = (value: string) => !controlCharacters.test(value)

/** Free text people type: trimmed, capped, printable. */
export const text = (max: number, tooLong: string) =>
	z.string().trim().max(max, tooLong).refine(printable, invalidCharacters)

export const required = (message: string, max: number, tooLong: string) =>
	z.string({ error: message }).trim().min(1, message).max(max, tooLong).refine(printable, invalidCharacters)

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

export const newPasswordSchema = z
	.object({
		password: z
			.string({ error: 'Introduce la nueva contraseña.' })
			.min(6, 'La contraseña debe tener al menos 6 caracteres.')
			.max(200),
		confirm: z.string({ error: 'Repite la nueva contraseña.' }),
	})
	.refine((value) => value.password === value.confirm, { path: ['confirm'], message: 'Las contraseñas no coinciden.' })

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

/** 'Pagar y Activar' posts the period and nothing else: a price, amount or plan in the form is refused. */
export const checkoutSchema = z.strictObject({ period: z.enum(billingPeriods) })

const subscriptionId = z.string().regex(/^sub_[A-Za-z0-9_]{1,250}$/)

/** A plan and period as one radio button sends them: `business:monthly`. */
export const planChoiceValue = (plan: string, period: string) => `${plan}:${period}`

const planChoices = planIds.flatMap((plan) => billingPeriods.map((period) => ({ plan, period })))

const planChoice = z.string().transform((value, context) => {
	const choice = planChoices.find((candidate) => planChoiceValue(candidate.plan, candidate.period) === value)
	if (choice) return choice
	context.issues.push({ code: 'custom', message: 'Elige un plan.', input: value })
	return z.NEVER
})

/**
 * The forms of /dashboard/suscripcion, told apart by `intent`. The browser
 * names a subscription and, for a change, a plan and period; the server
 * checks the subscription is the user's and takes the price from
 * configuration, never from the form.
 */
export const subscriptionActionSchema = z.discriminatedUnion('intent', [
	z.strictObject({ intent: z.literal('cancel'), subscription: subscriptionId }),
	z.strictObject({ intent: z.literal('resume'), subscription: subscriptionId }),
	z.strictObject({
		intent: z.literal('change'),
		subscription: subscriptionId,
		choice: planChoice,
	}),
	z.strictObject({ intent: z.literal('portal') }),
])
