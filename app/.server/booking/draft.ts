import { z } from 'zod'
import { createDraftCookie } from '../http/draft-cookie'

const draftSchema = z.object({
	nombre: z.string().max(120).optional(),
	email: z.string().max(254).optional(),
	fecha: z.string().max(10).optional(),
	hora: z.string().max(5).optional(),
	motivo: z.string().max(500).optional(),
})
export type BookingDraft = z.infer<typeof draftSchema>

/** What a signed-out visitor typed in the booking form, carried to the portal's sign-in and back. */
const draftCookie = createDraftCookie('kia-booking-draft')

export async function readBookingDraft(request: Request): Promise<BookingDraft | null> {
	const raw: unknown = await draftCookie.parse(request.headers.get('Cookie'))
	const parsed = draftSchema.safeParse(raw)
	return parsed.success ? parsed.data : null
}

export function saveBookingDraft(draft: BookingDraft) {
	return draftCookie.serialize(draftSchema.parse(draft))
}

export function clearBookingDraft() {
	return draftCookie.serialize('', { maxAge: 0 })
}
