import { planIds, type PlanId } from '~/lib/plan-ids'
import { billingPeriods, type BillingPeriod } from '~/lib/period'

type PriceVariable = `STRIPE_PRICE_${Uppercase<PlanId>}_${Uppercase<BillingPeriod>}`

/** The environment variable that holds the Stripe price id of one plan and period. */
export function priceVariable(plan: PlanId, period: BillingPeriod) {
	return `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}` as PriceVariable
}

/** The price id the local Stripe stand-in gives one plan and period. */
export function localPriceId(plan: PlanId, period: BillingPeriod) {
	return `price_local_${plan}_${period}`
}

/**
 * What the app uses when nothing is configured: the local Stripe stand-in
 * (`local/stripe`) on stripe-mock's port, with fixed test-mode keys that open
 * nothing but that stand-in, and its six prices.
 */
export const localStripe = {
	STRIPE_API_URL: 'http://127.0.0.1:12111',
	STRIPE_SECRET_KEY: 'sk_test_local_kia',
	STRIPE_WEBHOOK_SECRET: 'whsec_local_kia_webhook_signing_secret',
	...Object.fromEntries(
		planIds.flatMap((plan) =>
			billingPeriods.map((period) => [priceVariable(plan, period), localPriceId(plan, period)]),
		),
	),
} as Record<string, string>
