import Stripe from 'stripe'
import { plans } from '~/content/plans'
import { billingPeriods } from '~/lib/period'
import {
	compareWithCatalogue,
	duplicateProblem,
	otherModeOf,
	type CatalogueEntry,
	type PriceCheck,
	type StripePriceFacts,
} from '~/lib/price-check'
import { priceIdFor } from './prices'
import { priceVariable } from './local-stripe'
import { getStripe } from './stripe'
import { log } from '../log'

/** Every price the site sells, with the id configured for it: three plans × two periods. */
export function catalogueEntries(): CatalogueEntry[] {
	return plans.flatMap((plan) =>
		billingPeriods.map((period) => ({
			plan: plan.id,
			period,
			amount: plan.price[period],
			charge: plan.charge[period],
			variable: priceVariable(plan.id, period),
			priceId: priceIdFor(plan.id, period),
		})),
	)
}

export type CatalogueFailure = 'auth' | 'permission' | 'unavailable'

export type CatalogueCheck =
	| { ok: true; checkedAt: Date; checks: PriceCheck[] }
	/** Stripe could not be asked; the entries are still worth showing. */
	| { ok: false; checkedAt: Date; reason: CatalogueFailure; entries: CatalogueEntry[] }

type Lookup = { found: StripePriceFacts } | { missing: 'live' | 'test' | null }

/**
 * An admin waits on this page: Stripe's answers take well under a second, so
 * a call that has not answered in 4 s is an outage, reported as such at once
 * rather than after the client's 5 s timeout and its retry.
 */
const lookupTimeoutMs = 4_000

function factsOf(price: Stripe.Price): StripePriceFacts {
	const product = typeof price.product === 'string' ? null : price.product
	const liveProduct = product && !product.deleted ? product : null
	return {
		id: price.id,
		active: price.active,
		currency: price.currency,
		unitAmount: price.unit_amount,
		charge: price.recurring
			? { kind: 'recurring', interval: price.recurring.interval, count: price.recurring.interval_count }
			: { kind: 'one-time' },
		taxBehavior: price.tax_behavior,
		productName: liveProduct?.name ?? null,
		productActive: liveProduct?.active ?? false,
	}
}

async function lookUp(stripe: Stripe, priceId: string, timeoutMs: number): Promise<Lookup> {
	try {
		const price = await stripe.prices.retrieve(
			priceId,
			{ expand: ['product'] },
			{ timeout: timeoutMs, maxNetworkRetries: 0 },
		)
		return { found: factsOf(price) }
	} catch (error) {
		// Only a 404 says something about the price; every other failure is about reaching Stripe.
		if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
			return { missing: otherModeOf(error.message) }
		throw error
	}
}

/** The key is refused, or may not read prices (a restricted key): every call fails alike. Otherwise Stripe is out of reach. */
function failureOf(errors: unknown[]): CatalogueFailure {
	if (errors.some((error) => error instanceof Stripe.errors.StripeAuthenticationError)) return 'auth'
	if (errors.some((error) => error instanceof Stripe.errors.StripePermissionError)) return 'permission'
	return 'unavailable'
}

/** `lookup` is Stripe's answer for the entry's price id; none when no id is configured. */
function checkOf(entry: CatalogueEntry, entries: CatalogueEntry[], lookup: Lookup | undefined): PriceCheck {
	if (!entry.priceId || !lookup) return { status: 'unconfigured', entry }
	const duplicate = duplicateProblem(entry, entries)
	if ('missing' in lookup) return { status: 'missing', entry, otherMode: lookup.missing, problems: duplicate }
	return {
		status: 'checked',
		entry,
		stripe: lookup.found,
		problems: [...compareWithCatalogue(entry, lookup.found), ...duplicate],
	}
}

/**
 * Asks Stripe about every configured price, all at once, and compares each
 * answer with the catalogue. A price that does not exist is a finding; a
 * refused key or an unreachable Stripe is the whole check failing.
 */
export async function checkPriceCatalogue({
	entries = catalogueEntries(),
	stripe = getStripe(),
	timeoutMs = lookupTimeoutMs,
}: { entries?: CatalogueEntry[]; stripe?: Stripe; timeoutMs?: number } = {}): Promise<CatalogueCheck> {
	const ids = [...new Set(entries.flatMap((entry) => (entry.priceId ? [entry.priceId] : [])))]
	const settled = await Promise.allSettled(ids.map((id) => lookUp(stripe, id, timeoutMs)))
	const checkedAt = new Date()
	const errors = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
	if (errors.length > 0) {
		log.error({ err: errors[0] }, '[stripe] the price catalogue could not be checked')
		return { ok: false, checkedAt, reason: failureOf(errors), entries }
	}
	const lookups = new Map<string, Lookup>()
	settled.forEach((result, index) => {
		if (result.status === 'fulfilled') lookups.set(ids[index] ?? '', result.value)
	})
	return {
		ok: true,
		checkedAt,
		checks: entries.map((entry) => checkOf(entry, entries, lookups.get(entry.priceId ?? ''))),
	}
}
