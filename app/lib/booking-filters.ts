import { z } from 'zod'
import { isValidDate, meetingStatuses } from './booking'

const isoDate = z.string().refine(isValidDate)

/**
 * The admin bookings list's filters, read from the URL (?estado=, ?desde=, ?hasta=): anything that is
 * not a known status or a real date is no filter, as a hand-edited URL should be.
 */
const meetingFiltersSchema = z.object({
	estado: z.enum(meetingStatuses).optional().catch(undefined),
	desde: isoDate.optional().catch(undefined),
	hasta: isoDate.optional().catch(undefined),
})

export type MeetingFilters = z.infer<typeof meetingFiltersSchema>

export function meetingFiltersFrom(params: URLSearchParams): MeetingFilters {
	return meetingFiltersSchema.parse({
		estado: params.get('estado') || undefined,
		desde: params.get('desde') || undefined,
		hasta: params.get('hasta') || undefined,
	})
}

/** The filters as the list functions' arguments; an absent one is left out (its default is no filter). */
export const meetingFilterArgs = ({ estado, desde, hasta }: MeetingFilters) => ({
	estado,
	fecha_desde: desde,
	fecha_hasta: hasta,
})
