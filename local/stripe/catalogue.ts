import { localPriceId } from '../../app/.server/billing/local-stripe'
import { periodLabels, plans, type Plan as KiaPlan } from '../../app/content/plans'
import { billingPeriods, type BillingPeriod } from '../../app/lib/period'
import { newPrice, newProduct } from './objects/catalogue'
import { newTaxRate } from './objects/tax'
import type { Price, Product, StripeState, TaxRate } from './store'

export const productId = (plan: Pick<KiaPlan, 'id'>) => `prod_local_${plan.id}`

function product(plan: KiaPlan, created: number): Product {
	return newProduct(
		{
			id: productId(plan),
			name: `KIA ${plan.name}`,
			active: true,
			description: plan.tagline,
			metadata: { plan: plan.id },
			defaultPrice: localPriceId(plan.id, 'monthly'),
			features: plan.features,
		},
		created,
	)
}

function price(plan: KiaPlan, period: BillingPeriod, created: number): Price {
	return newPrice(
		{
			id: localPriceId(plan.id, period),
			product: productId(plan),
			currency: 'eur',
			unitAmount: plan.price[period] * 100,
			recurring:
				plan.charge[period] === 'subscription'
					? { interval: period === 'annual' ? 'year' : 'month', intervalCount: 1 }
					: null,
			active: true,
			nickname: `${plan.name} · ${periodLabels[period]}`,
			metadata: { plan: plan.id, period },
			// Prices without IVA, which Stripe Tax adds on top (docs/decisions/019-iva.md).
			taxBehavior: 'exclusive',
		},
		created,
	)
}

/** Spain's general IVA, as the account would hold it: 21 %, added to the price (the catalogue's prices exclude tax). */
export const localIvaTaxRate = 'txr_local_iva_es_21'

function iva(created: number): TaxRate {
	return newTaxRate(
		{
			id: localIvaTaxRate,
			displayName: 'IVA',
			percentage: 21,
			inclusive: false,
			active: true,
			country: 'ES',
			state: null,
			jurisdiction: 'ES',
			description: 'IVA general (España)',
			taxType: 'vat',
			metadata: {},
		},
		created,
	)
}

/**
 * One product per plan and its two prices, rebuilt from app/content/plans.ts
 * at every start so a price change there reaches the stand-in at once, and
 * the IVA tax rate those prices are charged with.
 */
export function loadCatalogue(state: StripeState, now: number) {
	state.taxRates[localIvaTaxRate] = iva(state.taxRates[localIvaTaxRate]?.created ?? now)
	for (const plan of plans) {
		const existing = state.products[productId(plan)]
		state.products[productId(plan)] = product(plan, existing?.created ?? now)
		for (const period of billingPeriods) {
			const id = localPriceId(plan.id, period)
			state.prices[id] = price(plan, period, state.prices[id]?.created ?? now)
		}
	}
}
