import { z } from 'zod'
import { chatOutcomes } from './chat-outcomes'

// The rows the admin list functions (supabase/migrations: admin_reservas, admin_usuarios…) return as JSON: the
// database types them as Json, so each list's rows are parsed with its schema here, never cast.

const text = z.string()
const maybeText = z.string().nullable()

export const adminBookingRow = z.object({
	id: text,
	fecha: text,
	hora: text,
	nombre: text,
	email: text,
	motivo: maybeText,
	status: text,
	meet_url: maybeText,
})

export const adminUserRow = z.object({
	id: text,
	full_name: maybeText,
	email: maybeText,
	phone: maybeText,
	role: text,
	/** When the account was made: the sign-up, or the invitation. */
	alta: text,
	/** When the invitation was sent, while it is not accepted. */
	invitado_en: maybeText,
	/** An account nobody invited whose e-mail was never confirmed. */
	sin_confirmar: z.boolean(),
	/** The plan the person has now, if any (the client panel's rule). */
	plan: maybeText,
	periodo: maybeText,
	/** Confirmed demos booked, past and to come. */
	demos: z.number(),
	/** What Stripe still bills them, as the webhook last recorded it: what deleting the account would cancel. */
	suscripciones_vivas: z.array(z.object({ plan: text, periodo: text })),
})

export const adminInboxRow = z.object({
	id: text,
	form_type: text,
	created_at: text,
	status: text,
	nombre: maybeText,
	email: maybeText,
	extracto: maybeText,
	asignado_nombre: maybeText,
})

export const adminAssistantRow = z.object({
	id: text,
	nombre: text,
	empresa: maybeText,
	canales: z.array(text),
	estado: text,
	fecha_activacion: maybeText,
	cliente_nombre: maybeText,
	cliente_email: maybeText,
})

export const adminChatQuestionRow = z.object({
	id: text,
	pregunta: text,
	resultado: z.enum(chatOutcomes),
	paginas: z.array(text),
	created_at: text,
})

const client = { cliente_nombre: maybeText, cliente_email: maybeText }

export const adminSubscriptionRow = z.object({
	id: text,
	customer_id: text,
	plan: text,
	periodo: text,
	status: text,
	amount: z.number().nullable(),
	currency: maybeText,
	price_interval: maybeText,
	current_period_end: maybeText,
	cancel_at_period_end: z.boolean(),
	created_at: text,
	...client,
})

export const adminPaymentRow = z.object({
	id: text,
	customer_id: text,
	payment_intent_id: maybeText,
	plan: text,
	periodo: text,
	status: text,
	amount_subtotal: z.number(),
	amount_total: z.number(),
	currency: text,
	created_at: text,
	...client,
})

export const adminFailedRow = z.object({
	tipo: z.enum(['factura', 'pago']),
	id: text,
	numero: maybeText,
	customer_id: text,
	plan: maybeText,
	periodo: maybeText,
	status: text,
	importe: z.number(),
	currency: text,
	subscription_id: maybeText,
	created_at: text,
	...client,
})

export type AdminBookingRow = z.infer<typeof adminBookingRow>
export type AdminUserRow = z.infer<typeof adminUserRow>
export type AdminInboxRow = z.infer<typeof adminInboxRow>
export type AdminAssistantRow = z.infer<typeof adminAssistantRow>
export type AdminChatQuestionRow = z.infer<typeof adminChatQuestionRow>
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRow>
export type AdminPaymentRow = z.infer<typeof adminPaymentRow>
export type AdminFailedRow = z.infer<typeof adminFailedRow>

export const adminJobRow = z.object({
	id: z.number(),
	tipo: text,
	/** An e-mail job's template, which says what it sends. */
	plantilla: maybeText,
	estado: z.enum(['pendiente', 'en_curso', 'hecho', 'fallido']),
	intentos: z.number(),
	max_intentos: z.number(),
	disponible_desde: text,
	reclamado_hasta: maybeText,
	ultimo_error: maybeText,
	created_at: text,
	terminado_at: maybeText,
})

export type AdminJobRow = z.infer<typeof adminJobRow>
