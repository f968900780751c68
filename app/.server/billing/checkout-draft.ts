import { z } from 'zod'
import { billingPeriods } from '~/lib/period'
import { planIds } from '~/lib/plan-ids'
import { createDraftCookie } from '../http/draft-cookie'

const draftSchema = z.strictObject({ plan: z.enum(planIds), period: z.enum(billingPeriods) })
export type CheckoutDraft = z.infer<typeof draftSchema>

/**
 * The plan and period a signed-out visitor chose with 'Pagar y Activar', carried to the portal's sign-in and
 * back: the plan page then goes straight on to the checkout. Only a post of that button sets it.
 */
const draftCookie = createDraftCookie('kia-checkout-draft')

export async function readCheckoutDraft(request: Request): Promise<CheckoutDraft | null> {
	const raw: unknown = await draftCookie.parse(request.headers.get('Cookie'))
	const parsed = draftSchema.safeParse(raw)
	return parsed.success ? parsed.data : null
}

export function saveCheckoutDraft(draft: CheckoutDraft) {
	return draftCookie.serialize(draftSchema.parse(draft))
}

export function clearCheckoutDraft() {
	return draftCookie.serialize('', { maxAge: 0 })
}
