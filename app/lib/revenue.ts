import { planById } from '~/content/plans'

/** How many of each interval fit in a month, to spread what a price charges. */
const perMonth = { day: 365 / 12, week: 52 / 12, month: 1, year: 1 / 12 } as const

type Billed = { plan: string; periodo: string; amount?: number | null; price_interval?: string | null }

const isInterval = (value: string): value is keyof typeof perMonth => value in perMonth

/**
 * What a subscription brings in a month, in euros: the price Stripe charges it (as the webhook saw it)
 * spread over its interval, so an annual plan counts a twelfth of its year; before the webhook has
 * recorded a price, the catalogue's. Zero for a plan the catalogue does not know.
 */
export function monthlyRevenue({ plan, periodo, amount, price_interval }: Billed) {
	if (typeof amount === 'number' && price_interval && isInterval(price_interval))
		return (amount / 100) * perMonth[price_interval]
	const price = planById(plan)?.price
	if (!price) return 0
	return periodo === 'annual' ? price.annual / 12 : price.monthly
}

/** Subscriptions Stripe still bills: a past-due one is still owed, so it still counts. */
export const billedStatuses = ['active', 'trialing', 'past_due']
