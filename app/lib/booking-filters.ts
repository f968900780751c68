import { z } from 'zod'
import { bookingStatuses } from './booking'
import { isValidDate } from './dates'

const isoDate = z.string().refine(isValidDate)

/**
 * The admin bookings list's filters, read from the URL (?estado=, ?desde=, ?hasta=): anything that is
 * not a known status or a real date is no filter, as a hand-edited URL should be.
 */
const bookingFiltersSchema = z.object({
	estado: z.enum(bookingStatuses).optional().catch(undefined),
	desde: isoDate.optional().catch(undefined),
	hasta: isoDate.optional().catch(undefined),
})

export type BookingFilters = z.infer<typeof bookingFiltersSchema>

export function bookingFiltersFrom(params: URLSearchParams): BookingFilters {
	return bookingFiltersSchema.parse({
		estado: params.get('estado') || undefined,
		desde: params.get('desde') || undefined,
		hasta: params.get('hasta') || undefined,
	})
}

/** The filters as the list functions' arguments; an absent one is left out (its default is no filter). */
export const bookingFilterArgs = ({ estado, desde, hasta }: BookingFilters) => ({
	estado,
	fecha_desde: desde,
	fecha_hasta: hasta,
})
