import { z } from 'zod'
import { formTypes, inboxStatuses } from './inbox'

/** `?asignado=`: mine, nobody's, or anyone's (absent). */
const assignedFilters = ['yo', 'nadie'] as const

/**
 * The inbox's filters, read from the URL (?estado=, ?tipo=, ?asignado=): anything that is not a known
 * value is no filter, as a hand-edited URL should be.
 */
const inboxFiltersSchema = z.object({
	estado: z.enum(inboxStatuses).optional().catch(undefined),
	tipo: z.enum(formTypes).optional().catch(undefined),
	asignado: z.enum(assignedFilters).optional().catch(undefined),
})

export type InboxFilters = z.infer<typeof inboxFiltersSchema>

export function inboxFiltersFrom(params: URLSearchParams): InboxFilters {
	return inboxFiltersSchema.parse({
		estado: params.get('estado') || undefined,
		tipo: params.get('tipo') || undefined,
		asignado: params.get('asignado') || undefined,
	})
}

/** The filters as admin_soporte's arguments, for the admin `me`; an absent one is left out. */
export const inboxFilterArgs = ({ estado, tipo, asignado }: InboxFilters, me: string) => ({
	estado,
	tipo,
	...(asignado === 'yo' && { asignado: me }),
	...(asignado === 'nadie' && { sin_asignar: true }),
})
