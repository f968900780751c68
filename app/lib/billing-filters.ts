import { z } from 'zod'
import { billingPeriods } from './period'
import { planIds } from './plan-ids'

/** What /admin/facturacion lists: subscriptions, one-time payments, or the payments that failed. */
export const billingViews = ['suscripciones', 'pagos', 'fallidos'] as const
export type BillingView = (typeof billingViews)[number]

/** Stripe's subscription states, the ones the filter offers. */
export const subscriptionStatuses = [
	'active',
	'trialing',
	'past_due',
	'unpaid',
	'canceled',
	'incomplete',
	'incomplete_expired',
	'paused',
] as const

/** A Checkout Session's payment_status, which `pagos.status` keeps. */
export const paymentStatuses = ['paid', 'unpaid', 'no_payment_required'] as const

/**
 * The page's filters, read from the URL (?vista=, ?plan=, ?periodo=, ?estado=): anything that is not a
 * known value is no filter, as a hand-edited URL should be; a status belongs to its view.
 */
const billingFiltersSchema = z.object({
	vista: z.enum(billingViews).catch('suscripciones'),
	plan: z.enum(planIds).optional().catch(undefined),
	periodo: z.enum(billingPeriods).optional().catch(undefined),
	estado: z.string().optional(),
})

export type BillingFilters = z.infer<typeof billingFiltersSchema>

export function billingFiltersFrom(params: URLSearchParams): BillingFilters {
	const filters = billingFiltersSchema.parse({
		vista: params.get('vista') ?? 'suscripciones',
		plan: params.get('plan') || undefined,
		periodo: params.get('periodo') || undefined,
		estado: params.get('estado') || undefined,
	})
	const statuses: readonly string[] =
		filters.vista === 'suscripciones' ? subscriptionStatuses : filters.vista === 'pagos' ? paymentStatuses : []
	return { ...filters, estado: filters.estado && statuses.includes(filters.estado) ? filters.estado : undefined }
}
