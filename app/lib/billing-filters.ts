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

/** A value of `options`, or undefined: what an optional filter of the URL is worth. */
const oneOf = <T extends string>(options: readonly T[], value: string | null) =>
	options.find((option) => option === value)

/**
 * The page's filters, read from the URL (?vista=, ?plan=, ?periodo=, ?estado=): anything that is not a
 * known value is no filter, as a hand-edited URL should be; a status belongs to its view. Without zod:
 * the page's component reads this module, and zod would add its weight to the page's JavaScript.
 */
export function billingFiltersFrom(params: URLSearchParams) {
	const vista = oneOf(billingViews, params.get('vista')) ?? 'suscripciones'
	const statuses: readonly string[] =
		vista === 'suscripciones' ? subscriptionStatuses : vista === 'pagos' ? paymentStatuses : []
	return {
		vista,
		plan: oneOf(planIds, params.get('plan')),
		periodo: oneOf(billingPeriods, params.get('periodo')),
		estado: oneOf(statuses, params.get('estado')),
	}
}

export type BillingFilters = ReturnType<typeof billingFiltersFrom>
