import type { SupabaseClient } from '@supabase/supabase-js'
import { planIds, type PlanId } from '~/lib/plan-ids'
import type { Database } from '~/lib/database.types'
import { billingPeriods, type BillingPeriod } from '~/lib/period'
import { getStripe, type Stripe } from './stripe'
import { createServiceClient } from '../supabase/client'
import type { SessionUser } from '../auth/session'
import { idOf, subscriptionRow } from './webhook'
import {
	invoiceColumns,
	paymentColumns,
	subscriptionColumns,
	type InvoiceRow,
	type PaymentRow,
	type SubscriptionRow,
} from '~/lib/billing-rows'

/** A Billing Portal session for the user's own customer, coming back to `returnUrl`; null if they never bought. */
export async function createPortalSession(user: SessionUser, returnUrl: string) {
	const { data, error } = await createServiceClient()
		.from('stripe_customers')
		.select('customer_id')
		.eq('user_id', user.id)
		.maybeSingle()
	if (error) throw error
	if (!data) return null
	const session = await getStripe().billingPortal.sessions.create({ customer: data.customer_id, return_url: returnUrl })
	return session.url
}

const isPlanId = (value: string): value is PlanId => planIds.some((id) => id === value)

const isBillingPeriod = (value: string): value is BillingPeriod => billingPeriods.some((period) => period === value)

/** The tables' check constraints admit only our plans and periods; this tells the type checker as much. */
function ofOurPlans<Row extends { plan: string; periodo: string }>(rows: Row[]) {
	return rows.flatMap((row) =>
		isPlanId(row.plan) && isBillingPeriod(row.periodo) ? [{ ...row, plan: row.plan, periodo: row.periodo }] : [],
	)
}

/**
 * What the signed-in user bought and was invoiced, read under RLS with
 * their own session from the tables Stripe's webhook keeps: no call to
 * Stripe. RLS lets an admin read everyone's rows, so each read names the
 * user. Drafts are Stripe's work in progress: invoices show once finalized.
 */
export async function loadBilling(
	supabase: SupabaseClient<Database>,
	user: SessionUser,
): Promise<{ subscriptions: SubscriptionRow[]; payments: PaymentRow[]; invoices: InvoiceRow[] }> {
	const [subscriptions, payments, invoices] = await Promise.all([
		supabase
			.from('suscripciones')
			.select(subscriptionColumns)
			.eq('user_id', user.id)
			.order('created_at', { ascending: false }),
		supabase.from('pagos').select(paymentColumns).eq('user_id', user.id).order('created_at', { ascending: false }),
		supabase
			.from('facturas')
			.select(invoiceColumns)
			.eq('user_id', user.id)
			.neq('status', 'draft')
			// Invoices of one second are told apart by their number, sequential per customer.
			.order('created_at', { ascending: false })
			.order('number', { ascending: false }),
	])
	const error = subscriptions.error ?? payments.error ?? invoices.error
	if (error) throw error
	return {
		subscriptions: ofOurPlans(subscriptions.data ?? []),
		payments: ofOurPlans(payments.data ?? []),
		invoices: invoices.data ?? [],
	}
}

/**
 * The subscription `id` if it is the signed-in user's own, read through
 * their RLS-bound client; null for anyone else's or an unknown id. RLS lets
 * an admin read every row, so the owner is compared as well: an admin
 * manages only their own subscription here.
 */
export async function findOwnSubscription(supabase: SupabaseClient<Database>, user: SessionUser, id: string) {
	const { data, error } = await supabase
		.from('suscripciones')
		.select('id, user_id, price_id, status, cancel_at_period_end')
		.eq('id', id)
		.maybeSingle()
	if (error) throw error
	return data?.user_id === user.id ? data : null
}

/** What the webhook will have written once it has seen a change: the subscription's row and, if one was issued, the new invoice's. */
export type Expectation = {
	subscription: NonNullable<ReturnType<typeof subscriptionRow>>
	invoice: { id: string; status: string } | null
}

function expectationOf(subscription: Stripe.Subscription, invoice: Stripe.Invoice | null): Expectation | null {
	const row = subscriptionRow(subscription)
	return row
		? { subscription: row, invoice: invoice?.id ? { id: invoice.id, status: invoice.status ?? 'draft' } : null }
		: null
}

/** Cancels at the end of the paid period (`true`) or undoes that (`false`). */
export async function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
	const subscription = await getStripe().subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })
	return expectationOf(subscription, null)
}

/**
 * Moves the subscription to another of our prices. Stripe prorates: within
 * the same interval the difference waits for the next invoice; a new
 * interval is invoiced at once, and that invoice is awaited too.
 */
export async function changeSubscriptionPrice(subscriptionId: string, priceId: string) {
	const stripe = getStripe()
	const current = await stripe.subscriptions.retrieve(subscriptionId)
	const item = current.items.data[0]
	if (!item) throw new Error(`Subscription ${subscriptionId} has no item`)
	const updated = await stripe.subscriptions.update(subscriptionId, {
		items: [{ id: item.id, price: priceId }],
		proration_behavior: 'create_prorations',
		expand: ['latest_invoice'],
	})
	const latest = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null
	const issued = latest && latest.id !== idOf(current.latest_invoice) ? latest : null
	return expectationOf(updated, issued)
}

const sameInstant = (a: string | null, b: string | null) => (a && b ? Date.parse(a) === Date.parse(b) : a === b)

async function hasLanded(supabase: SupabaseClient<Database>, expected: Expectation) {
	const [subscription, invoice] = await Promise.all([
		supabase
			.from('suscripciones')
			.select('price_id, status, cancel_at_period_end, current_period_end')
			.eq('id', expected.subscription.id)
			.maybeSingle(),
		expected.invoice
			? supabase.from('facturas').select('status').eq('id', expected.invoice.id).maybeSingle()
			: Promise.resolve(null),
	])
	if (subscription.error) throw subscription.error
	if (invoice?.error) throw invoice.error
	const row = subscription.data
	const want = expected.subscription
	return (
		row !== null &&
		row.price_id === want.price_id &&
		row.status === want.status &&
		row.cancel_at_period_end === want.cancel_at_period_end &&
		sameInstant(row.current_period_end, want.current_period_end) &&
		(expected.invoice === null || invoice?.data?.status === expected.invoice.status)
	)
}

/** How long an action waits for Stripe's webhook before it says the change is on its way. */
export const webhookWaitMs = 8_000

/**
 * Waits until the tables show what Stripe answered, so the page the user is
 * sent to already has the change, without the action writing the tables
 * itself (only the verified webhook does). Robust under load because:
 * the webhook may reach another instance of the app, so no in-process
 * signal could see it; the database is where every instance's writes meet.
 * The rows are compared with Stripe's answer by content, not by time, so a
 * late, repeated or out-of-order event cannot end the wait early. The wait
 * is bounded and backs off (a few primary-key reads), and when it runs out
 * the page says the change is under way rather than holding the request.
 */
export async function waitForWebhook(supabase: SupabaseClient<Database>, expected: Expectation | null) {
	if (!expected) return true
	const deadline = Date.now() + webhookWaitMs
	for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
		if (await hasLanded(supabase, expected)) return true
		if (Date.now() + delay > deadline) return false
		await new Promise((resolve) => setTimeout(resolve, delay))
	}
}
