import * as z from 'zod/mini'

export const toastTypes = ['success', 'info', 'warning', 'error', 'loading'] as const

export const toastSchema = z.object({
	id: z._default(z.string(), () => crypto.randomUUID()),
	type: z._default(z.enum(toastTypes), 'info'),
	title: z.string().check(z.maxLength(200)),
	description: z.optional(z.string().check(z.maxLength(500))),
	duration: z.optional(z.int().check(z.positive())),
})

export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>
