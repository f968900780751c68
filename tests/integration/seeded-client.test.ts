import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadPanelFigures } from '~/.server/admin/panel'
import { loadBilling } from '~/.server/billing/subscriptions'
import { loadClientOverview } from '~/.server/dashboard/overview'
import { planById } from '~/content/plans'
import { withSpanishIva } from '../support/iva'
import { startStripe, type LocalStripe } from '../../local/stripe/server'
import type { LocalSupabase } from '../../local/supabase/server'
import { sdk } from '../support/stripe-stand-in'
import { signedIn, startTestSupabase } from '../support/supabase'

// A first run's portal is lived in (issue 55): the seeded client has a plan, invoices, an assistant and an
// answered support request, the Stripe stand-in started on new data holds the same billing, and the admin's
// figures are not zero.
let supabase: LocalSupabase
let stripeStandIn: LocalStripe
beforeAll(async () => {
	;[supabase, stripeStandIn] = await Promise.all([startTestSupabase(), startStripe({ port: 0 })])
})
afterAll(() => Promise.all([supabase.stop(), stripeStandIn.stop()]))

/** Midnight UTC on the first of the month `offset` months from this one. */
function firstOfMonth(offset: number) {
	const now = new Date()
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
}

const businessMonthly = (planById('business')?.price.monthly ?? 0) * 100

describe('the seeded client', () => {
	test('has a Business plan renewing on the first of next month, its invoices, a live assistant and a reply', async () => {
		const { client: session, user } = await signedIn(supabase.url, 'cliente@kia.test', 'kia-cliente-2025')
		const overview = await loadClientOverview(session, user)
		expect(overview.plan).toEqual({
			ok: true,
			value: {
				kind: 'subscription',
				name: 'Business',
				period: 'monthly',
				status: 'active',
				ending: false,
				until: expect.any(String),
			},
		})
		const until = overview.plan.ok && overview.plan.value.kind === 'subscription' ? overview.plan.value.until : null
		expect(new Date(until ?? 0).getTime()).toBe(firstOfMonth(1).getTime())
		expect(overview.assistants).toMatchObject({ ok: true, value: [{ estado: 'activo' }] })
		expect(overview.requests).toMatchObject({ ok: true, value: [{ status: 'en_curso', replies: 1 }] })
		expect(overview.booking).toMatchObject({ ok: true, value: { status: 'confirmada' } })

		const { invoices } = await loadBilling(session, user)
		// A Spanish company: IVA on top of the price, as the WebApp page's picture of the portal shows it.
		const { base, tax, total } = withSpanishIva(businessMonthly)
		expect(
			invoices.map((invoice) => [
				invoice.status,
				invoice.total_excluding_tax,
				invoice.tax,
				invoice.total,
				new Date(invoice.created_at).getTime(),
			]),
		).toEqual([0, -1, -2].map((offset) => ['paid', base, tax, total, firstOfMonth(offset).getTime()]))
	})

	test('is billed in the Stripe stand-in as in the database: same ids, periods, numbers and amounts', async () => {
		const { client: session, user } = await signedIn(supabase.url, 'cliente@kia.test', 'kia-cliente-2025')
		const { subscriptions, invoices } = await loadBilling(session, user)
		const [row] = subscriptions
		if (!row) throw new Error('the seeded client has no subscription')
		const stripe = sdk(stripeStandIn.port)
		const subscription = await stripe.subscriptions.retrieve(row.id)
		const item = subscription.items.data[0]
		expect(subscription.status).toBe(row.status)
		expect(item?.price.id).toBe(row.price_id)
		expect(item?.price.unit_amount).toBe(row.amount)
		expect(new Date((item?.current_period_end ?? 0) * 1000).toISOString()).toBe(
			new Date(row.current_period_end ?? 0).toISOString(),
		)
		const listed = await stripe.invoices.list({ subscription: row.id })
		expect(
			listed.data.map((invoice) => [
				invoice.id,
				invoice.number,
				invoice.status,
				invoice.amount_paid,
				invoice.total_excluding_tax,
				invoice.created,
			]),
		).toEqual(
			invoices.map((invoice) => [
				invoice.id,
				invoice.number,
				invoice.status,
				invoice.total,
				invoice.total_excluding_tax,
				new Date(invoice.created_at).getTime() / 1000,
			]),
		)
		const page = await fetch(listed.data[0]?.hosted_invoice_url ?? '')
		expect(page.status).toBe(200)
	})
})

describe('the admin’s figures on a first run', () => {
	test('count the seed’s billed subscription, its monthly revenue and a new inbox message', async () => {
		const { client: session } = await signedIn(supabase.url, 'admin@kia.test', 'kia-admin-2025')
		const figures = await loadPanelFigures(session)
		expect(figures.activeSubscriptions).toBeGreaterThan(0)
		expect(figures.monthlyRecurringRevenue).toBeGreaterThanOrEqual(businessMonthly / 100)
		expect(figures.newInboxItems).toBeGreaterThan(0)
	})
})
