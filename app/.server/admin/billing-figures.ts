import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { adminBillingCopy as copy } from '~/content/admin-billing'
import type { BillingFilters } from '~/lib/billing-filters'
import type { Database } from '~/lib/database.types'
import { planIds, type PlanId } from '~/lib/plan-ids'
import { billedStatuses, monthlyRevenue } from '~/lib/revenue'
import { loadAdminPage } from './list'
import { stripeDashboardUrl } from '../billing/stripe'
import { log } from '../log'
import { adminFailedRow, adminPaymentRow, adminSubscriptionRow } from '~/lib/admin-rows'

type Client = SupabaseClient<Database>

type PlanFigures = { plan: PlanId; monthly: number; annual: number; oneTime: number; mrr: number }

const yearInMs = 365 * 24 * 60 * 60 * 1000

/** ingresos_recurrentes()'s sums: billed subscriptions by plan, period and interval, payments by plan. */
const revenueSums = z.object({
	suscripciones: z.array(
		z.object({
			plan: z.string(),
			periodo: z.string(),
			intervalo: z.string().nullable(),
			cuantas: z.number(),
			importe: z.number().nullable(),
		}),
	),
	pagos: z.array(z.object({ plan: z.string(), cuantos: z.number(), importe: z.number() })),
})

/**
 * What brings money in every month, under the admin's session (RLS: admins count every row): the
 * subscriptions Stripe still bills, and the annual plans paid at once (Enterprise) in the last twelve
 * months, a twelfth of each a month. Summed by the database, so no row limit cuts them short; priced
 * here. Null when it cannot be read. The panel and Facturación both count from here, so their MRR is the
 * same figure.
 */
export async function loadRecurringRevenue(supabase: Client, now = new Date()) {
	const { data, error } = await supabase.rpc('ingresos_recurrentes', {
		estados: billedStatuses,
		pagos_desde: new Date(now.getTime() - yearInMs).toISOString(),
	})
	if (error) log.error({ err: error }, '[admin] revenue')
	const sums = revenueSums.safeParse(data)
	if (error || !sums.success) return null
	const perPlan = planIds.map((plan): PlanFigures => {
		const billed = sums.data.suscripciones.filter((row) => row.plan === plan)
		const paid = sums.data.pagos.filter((row) => row.plan === plan)
		const count = (periodo: string) =>
			billed.filter((row) => row.periodo === periodo).reduce((sum, row) => sum + row.cuantas, 0)
		return {
			plan,
			monthly: count('monthly'),
			annual: count('annual'),
			oneTime: paid.reduce((sum, row) => sum + row.cuantos, 0),
			mrr:
				billed.reduce((sum, row) => sum + groupRevenue(row), 0) +
				paid.reduce((sum, row) => sum + row.importe / 100 / 12, 0),
		}
	})
	const billed = perPlan.reduce((sum, row) => sum + row.monthly + row.annual, 0)
	return { perPlan, billed, mrr: perPlan.reduce((sum, row) => sum + row.mrr, 0) }
}

/** A group's monthly revenue: its summed charge over its interval, or the catalogue's price for each. */
function groupRevenue({ plan, periodo, intervalo, cuantas, importe }: z.infer<typeof revenueSums>['suscripciones'][0]) {
	return intervalo && importe !== null
		? monthlyRevenue({ plan, periodo, amount: importe, price_interval: intervalo })
		: cuantas * monthlyRevenue({ plan, periodo })
}

/** The page's figures: recurring revenue per plan, MRR and ARR, and how many payments failed. */
const failedTotal = z.object({ total: z.number() })

export async function loadBillingFigures(supabase: Client) {
	const [revenue, failed] = await Promise.all([
		loadRecurringRevenue(supabase),
		supabase.rpc('admin_pagos_fallidos', { termino: '', desde: 0, cuantos: 0 }),
	])
	if (failed.error && failed.error.code !== '42501') log.error({ err: failed.error }, '[admin] failed payments')
	if (!revenue) return null
	return {
		...revenue,
		arr: revenue.mrr * 12,
		failed: failed.error ? null : (failedTotal.safeParse(failed.data).data?.total ?? null),
	}
}

/** Each row with where it opens in Stripe's Dashboard. */
function withStripeUrl<Page extends { rows: object[] }>(
	page: Page,
	path: (row: Page['rows'][number]) => string,
): Omit<Page, 'rows'> & { rows: (Page['rows'][number] & { stripeUrl: string })[] } {
	return { ...page, rows: page.rows.map((row) => ({ ...row, stripeUrl: stripeDashboardUrl(path(row)) })) }
}

/** One page of the view the filters ask for, through its admin list function. */
export async function loadBillingList(url: URL, supabase: Client, filters: BillingFilters) {
	const { plan, periodo, estado } = filters
	switch (filters.vista) {
		case 'pagos': {
			const page = await loadAdminPage(url, copy.loadError, adminPaymentRow, (range) =>
				supabase.rpc('admin_pagos', { ...range, plan, estado }),
			)
			// A payment opens at its payment intent; before Checkout made one, at its customer.
			return {
				vista: 'pagos' as const,
				...withStripeUrl(page, (row) =>
					row.payment_intent_id ? `payments/${row.payment_intent_id}` : `customers/${row.customer_id}`,
				),
			}
		}
		case 'fallidos': {
			const page = await loadAdminPage(url, copy.loadError, adminFailedRow, (range) =>
				supabase.rpc('admin_pagos_fallidos', { ...range, plan }),
			)
			return {
				vista: 'fallidos' as const,
				...withStripeUrl(page, (row) =>
					row.tipo === 'factura' ? `invoices/${row.id}` : `customers/${row.customer_id}`,
				),
			}
		}
		default: {
			const page = await loadAdminPage(url, copy.loadError, adminSubscriptionRow, (range) =>
				supabase.rpc('admin_suscripciones', { ...range, plan, periodo, estado }),
			)
			return { vista: 'suscripciones' as const, ...withStripeUrl(page, (row) => `subscriptions/${row.id}`) }
		}
	}
}
