import type { Tables } from './database.types'
import type { BillingPeriod } from './period'
import type { PlanId } from './plan-ids'

/** The columns a client's subscription page reads, as the database types them. */
export const subscriptionColumns =
	'id, plan, periodo, price_id, status, current_period_end, cancel_at_period_end, amount, currency, price_interval'
export const paymentColumns =
	'id, plan, periodo, amount_total, amount_subtotal, amount_tax, currency, status, created_at'
export const invoiceColumns =
	'id, number, status, billing_reason, currency, total, total_excluding_tax, tax, tax_reason, amount_due, hosted_invoice_url, invoice_pdf, created_at'

/** Rows whose plan and period the tables' check constraints keep to ours. */
type OfOurPlans<Row> = Omit<Row, 'plan' | 'periodo'> & { plan: PlanId; periodo: BillingPeriod }

export type SubscriptionRow = OfOurPlans<
	Pick<
		Tables<'suscripciones'>,
		| 'id'
		| 'plan'
		| 'periodo'
		| 'price_id'
		| 'status'
		| 'current_period_end'
		| 'cancel_at_period_end'
		| 'amount'
		| 'currency'
		| 'price_interval'
	>
>

export type PaymentRow = OfOurPlans<
	Pick<
		Tables<'pagos'>,
		'id' | 'plan' | 'periodo' | 'amount_total' | 'amount_subtotal' | 'amount_tax' | 'currency' | 'status' | 'created_at'
	>
>

export type InvoiceRow = Pick<
	Tables<'facturas'>,
	| 'id'
	| 'number'
	| 'status'
	| 'billing_reason'
	| 'currency'
	| 'total'
	| 'total_excluding_tax'
	| 'tax'
	| 'tax_reason'
	| 'amount_due'
	| 'hosted_invoice_url'
	| 'invoice_pdf'
	| 'created_at'
>
