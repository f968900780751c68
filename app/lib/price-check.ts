import type { BillingPeriod } from './period'
import type { PlanId } from './plan-ids'

/**
 * One price the site sells, as our catalogue says it must be charged: what
 * Checkout asks Stripe for (`createCheckoutSession` in app/.server/billing/billing.ts).
 */
export type CatalogueEntry = {
	plan: PlanId
	period: BillingPeriod
	/** Whole euros, VAT excluded. */
	amount: number
	/** Only annual Enterprise is a one-time payment; Checkout runs in `payment` mode for it. */
	charge: 'subscription' | 'one-time'
	/** The environment variable that holds the price id (STRIPE_PRICE_STARTER_ANNUAL). */
	variable: string
	/** The configured Stripe price id; undefined while its variable is unset. */
	priceId: string | undefined
}

/** How often Stripe charges a price: once, or every `count` intervals. */
export type Charge = { kind: 'one-time' } | { kind: 'recurring'; interval: string; count: number }

/** What Stripe says about a price, reduced to what the comparison reads. */
export type StripePriceFacts = {
	id: string
	active: boolean
	currency: string
	/** Minor units (cents); null for tiered prices and amounts the customer chooses. */
	unitAmount: number | null
	charge: Charge
	taxBehavior: string | null
	/** Null when the product is gone. */
	productName: string | null
	productActive: boolean
}

/** The currency every price of ours is in. */
export const catalogueCurrency = 'eur'

export type PriceProblem =
	| { code: 'inactive' }
	| { code: 'product-inactive' }
	| { code: 'no-fixed-amount' }
	| { code: 'amount'; expected: number; actual: number; currency: string }
	| { code: 'currency'; expected: string; actual: string }
	| { code: 'charge'; expected: Charge; actual: Charge }
	| { code: 'tax-inclusive' }
	| { code: 'duplicate'; sharedWith: { plan: PlanId; period: BillingPeriod }[] }

export type PriceCheck =
	| { status: 'unconfigured'; entry: CatalogueEntry }
	/** Stripe answered 404; `otherMode` when it said the id exists with the other kind of key. */
	| { status: 'missing'; entry: CatalogueEntry; otherMode: 'live' | 'test' | null; problems: PriceProblem[] }
	| { status: 'checked'; entry: CatalogueEntry; stripe: StripePriceFacts; problems: PriceProblem[] }

/** What Checkout needs the price to be: recurring yearly or monthly for a subscription, one-time otherwise. */
export function expectedCharge(entry: Pick<CatalogueEntry, 'charge' | 'period'>): Charge {
	if (entry.charge === 'one-time') return { kind: 'one-time' }
	return { kind: 'recurring', interval: entry.period === 'annual' ? 'year' : 'month', count: 1 }
}

function sameCharge(a: Charge, b: Charge) {
	if (a.kind === 'one-time' || b.kind === 'one-time') return a.kind === b.kind
	return a.interval === b.interval && a.count === b.count
}

/**
 * Every way a Stripe price differs from the catalogue entry it is configured
 * for. Each one either makes Checkout refuse the purchase (archived price, a
 * one-time price in subscription mode) or charges something other than the
 * site shows.
 */
export function compareWithCatalogue(entry: CatalogueEntry, stripe: StripePriceFacts): PriceProblem[] {
	const problems: PriceProblem[] = []
	if (!stripe.active) problems.push({ code: 'inactive' })
	if (!stripe.productActive) problems.push({ code: 'product-inactive' })
	const expectedAmount = entry.amount * 100
	if (stripe.unitAmount === null) problems.push({ code: 'no-fixed-amount' })
	else if (stripe.unitAmount !== expectedAmount)
		problems.push({ code: 'amount', expected: expectedAmount, actual: stripe.unitAmount, currency: stripe.currency })
	if (stripe.currency !== catalogueCurrency)
		problems.push({ code: 'currency', expected: catalogueCurrency, actual: stripe.currency })
	const expected = expectedCharge(entry)
	if (!sameCharge(expected, stripe.charge)) problems.push({ code: 'charge', expected, actual: stripe.charge })
	// Our prices exclude VAT; an inclusive price would hand part of each one to the tax.
	if (stripe.taxBehavior === 'inclusive') problems.push({ code: 'tax-inclusive' })
	return problems
}

/**
 * One price id configured for two plans or periods: every purchase of either
 * is recorded as the first (`planForPrice`), so the second is never sold as such.
 */
export function duplicateProblem(entry: CatalogueEntry, entries: CatalogueEntry[]): PriceProblem[] {
	if (!entry.priceId) return []
	const sharedWith = entries
		.filter((other) => other !== entry && other.priceId === entry.priceId)
		.map(({ plan, period }) => ({ plan, period }))
	return sharedWith.length > 0 ? [{ code: 'duplicate', sharedWith }] : []
}

/** Stripe's 404 for an id of the other mode: "…; a similar object exists in live mode, but a test mode key was used…". */
export function otherModeOf(message: string): 'live' | 'test' | null {
	const mode = /a similar object exists in (live|test) mode/.exec(message)?.[1]
	return mode === 'live' || mode === 'test' ? mode : null
}

export const isCorrect = (check: PriceCheck) => check.status === 'checked' && check.problems.length === 0
