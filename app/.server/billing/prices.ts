import { planById } from '~/content/plans'
import { planIds, type PlanId } from '~/lib/plan-ids'
import { billingPeriods, type BillingPeriod } from '~/lib/period'
import { env } from '../env'
import { priceVariable } from './local-stripe'

/** The configured Stripe price of a plan and period; undefined while that price is not set up. */
export function priceIdFor(plan: PlanId, period: BillingPeriod) {
	return env[priceVariable(plan, period)]
}

/** The plans and periods a subscription can move to: recurring prices that are configured. */
export function subscriptionOptions() {
	return planIds.flatMap((plan) =>
		billingPeriods.flatMap((period) =>
			planById(plan)?.charge[period] === 'subscription' && priceIdFor(plan, period) ? [{ plan, period }] : [],
		),
	)
}

/** Which of our plans a Stripe price is: only the six configured prices are ours. */
export function planForPrice(priceId: string | undefined) {
	for (const plan of planIds) {
		for (const period of billingPeriods) {
			if (priceId && priceIdFor(plan, period) === priceId) return { plan, period }
		}
	}
	return null
}
