import { z } from 'zod'

export const toastTypes = ['success', 'info', 'warning', 'error', 'loading'] as const

export const toastSchema = z.object({
	id: z.string().default(() => crypto.randomUUID()),
	type: z.enum(toastTypes).default('info'),
	title: z.string().max(200),
	description: z.string().max(500).optional(),
	duration: z.number().int().positive().optional(),
})

export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>
