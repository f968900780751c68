import { localPriceId } from '../../app/.server/local-stripe'
import { periodLabels, plans, type Plan as KiaPlan } from '../../app/content/plans'
import { billingPeriods, type BillingPeriod } from '../../app/lib/period'
import type { Price, Product, StripeState } from './store'

export const productId = (plan: KiaPlan) => `prod_local_${plan.id}`

function product(plan: KiaPlan, created: number): Product {
	return {
		id: productId(plan),
		object: 'product',
		active: true,
		created,
		default_price: localPriceId(plan.id, 'monthly'),
		description: plan.tagline,
		images: [],
		livemode: false,
		marketing_features: plan.features.map((name) => ({ name })),
		metadata: { plan: plan.id },
		name: `KIA ${plan.name}`,
		package_dimensions: null,
		shippable: null,
		statement_descriptor: null,
		tax_code: null,
		tax_details: null,
		type: 'service',
		unit_label: null,
		updated: created,
		url: null,
	}
}

function price(plan: KiaPlan, period: BillingPeriod, created: number): Price {
	const unitAmount = plan.price[period] * 100
	const recurring = plan.charge[period] === 'subscription'
	return {
		id: localPriceId(plan.id, period),
		object: 'price',
		active: true,
		billing_scheme: 'per_unit',
		created,
		currency: 'eur',
		custom_unit_amount: null,
		livemode: false,
		lookup_key: null,
		metadata: { plan: plan.id, period },
		nickname: `${plan.name} · ${periodLabels[period]}`,
		product: productId(plan),
		recurring: recurring
			? {
					interval: period === 'annual' ? 'year' : 'month',
					interval_count: 1,
					meter: null,
					trial_period_days: null,
					usage_type: 'licensed',
				}
			: null,
		tax_behavior: 'unspecified',
		tiers_mode: null,
		transform_quantity: null,
		type: recurring ? 'recurring' : 'one_time',
		unit_amount: unitAmount,
		unit_amount_decimal: String(unitAmount),
	}
}

/**
 * One product per plan and its two prices, rebuilt from app/content/plans.ts
 * at every start so a price change there reaches the stand-in at once.
 */
export function loadCatalogue(state: StripeState, now: number) {
	for (const plan of plans) {
		const existing = state.products[productId(plan)]
		state.products[productId(plan)] = product(plan, existing?.created ?? now)
		for (const period of billingPeriods) {
			const id = localPriceId(plan.id, period)
			state.prices[id] = price(plan, period, state.prices[id]?.created ?? now)
		}
	}
}
