import { cancelNow, type Core } from './billing'
import { draftInvoice, issueInvoice, periodLine } from './invoices'
import { addInterval } from './objects/subscriptions'
import { nowSeconds, type Subscription } from './store'

/** Statuses Stripe keeps billing: a past-due subscription still renews while its old invoice waits. */
const billed = new Set(['active', 'past_due'])

/**
 * Stripe bills a subscription when its period ends: a new period and its
 * invoice (`subscription_cycle`), charged at once, or, for one set to cancel
 * then, its end. The stand-in has no clock of its own: it catches up on
 * every period that has ended when it next handles a request, so a test that
 * moves the time on sees the renewals that time brings. Unlike Stripe, which
 * leaves a renewal invoice a draft for about an hour, it finalizes it at once.
 */
export function billDueRenewals(core: Core, now = nowSeconds()) {
	for (const subscription of Object.values(core.store.state.subscriptions)) {
		while (billed.has(subscription.status) && renewIfDue(core, subscription, now));
	}
}

/** The end of the period after the one ending at `end`, kept on the billing anchor's day of the month. */
function nextPeriodEnd(subscription: Subscription, end: number) {
	const recurring = subscription.items.data[0]?.price.recurring
	const interval = recurring?.interval ?? 'month'
	const count = recurring?.interval_count ?? 1
	let periods = 1
	while (addInterval(subscription.billing_cycle_anchor, interval, count * periods) <= end) periods += 1
	return addInterval(subscription.billing_cycle_anchor, interval, count * periods)
}

/** Moves the subscription past one ended period; false when none has ended. */
function renewIfDue(core: Core, subscription: Subscription, now: number) {
	const item = subscription.items.data[0]
	if (!item || item.current_period_end > now) return false
	const end = item.current_period_end
	if (subscription.cancel_at !== null && subscription.cancel_at <= end) {
		cancelNow(core, subscription, undefined, {}, subscription.cancel_at)
		return false
	}
	const before = structuredClone(subscription)
	item.current_period_start = end
	item.current_period_end = nextPeriodEnd(subscription, end)
	const period = { start: item.current_period_start, end: item.current_period_end }
	const line = periodLine(core, item.price, item.quantity ?? 1, period, item.tax_rates ?? [])
	const invoice = draftInvoice(core, subscription, 'subscription_cycle', [line])
	core.emit('customer.subscription.updated', subscription, {
		previous: { items: before.items, latest_invoice: before.latest_invoice },
	})
	issueInvoice(core, invoice, subscription)
	return true
}
