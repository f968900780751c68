import type { Core } from './billing'
import { localIvaTaxRate } from './catalogue'
import type { LineItemTax } from './objects/checkout'
import type { CheckoutSession, Customer, TaxRate } from './store'
import { exemptionOf, type TaxTreatment } from './tax'
import { taxIdsOf } from './tax-ids'

/*
 * Stripe Tax (`automatic_tax[enabled]=true`) as it works for an account
 * registered for VAT in Spain only, selling a digital service: it decides
 * each invoice's tax from where the customer is and whether it is a business
 * (docs: "Collect taxes", "Tax IDs and reverse charge"). The customer's
 * location is its address, else the country of a tax ID it holds.
 *
 * - Spain: IVA at 21 %.
 * - Another EU country, with an EU VAT number: reverse charge, the tax at
 *   zero with reason `reverse_charge`. Stripe Tax goes by a well-formed
 *   number being present, not by its VIES check.
 * - Another EU country, no VAT number (a consumer): Spanish IVA, as for a
 *   seller under the EU's 10,000 € threshold with no OSS registration.
 * - Outside the EU: nothing collected (`not_collecting`), the account having
 *   no registration there.
 *
 * Stripe makes tax rates of its own for what it calculates; the stand-in
 * names the catalogue's IVA rate, which has the same display name and
 * percentage.
 */

const euCountries = new Set(
	'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
)

export type AutomaticTax = { rates: TaxRate[]; treatment: TaxTreatment }

/** Where Stripe Tax places the customer: its address, else its first tax ID's country. */
function locationOf(core: Core, customer: Customer) {
	return customer.address?.country ?? taxIdsOf(core, customer.id).find((taxId) => taxId.country)?.country ?? null
}

/** What Stripe Tax charges `customer` now; null while it has no location (`requires_location_inputs`). */
export function automaticTax(core: Core, customer: Customer | undefined): AutomaticTax | null {
	const iva = core.store.state.taxRates[localIvaTaxRate]
	if (!customer || !iva) return null
	const country = locationOf(core, customer)
	if (!country) return null
	const rates = [iva]
	if (!euCountries.has(country)) return { rates, treatment: 'not_collecting' }
	if (country === 'ES') return { rates, treatment: 'none' }
	const business = taxIdsOf(core, customer.id).some((taxId) => taxId.type === 'eu_vat' && taxId.country !== 'ES')
	return { rates, treatment: business ? 'reverse' : 'none' }
}

/** An object's `automatic_tax` hash once Stripe Tax has calculated it, the account liable. */
export const automaticTaxDone = { enabled: true, liability: { type: 'self' as const }, provider: 'stripe' } as const

/** A session's `automatic_tax`: calculated for a customer Stripe Tax can place, waiting for an address otherwise. */
export function checkoutAutomaticTax(core: Core, customer: Customer | undefined): CheckoutSession['automatic_tax'] {
	return { ...automaticTaxDone, status: automaticTax(core, customer) ? 'complete' : 'requires_location_inputs' }
}

/** The tax a session's line is priced with now: Stripe Tax's for the customer as it is, or the rates given. */
export function sessionTax(
	core: Core,
	customer: Customer | undefined,
	automatic: boolean,
	lineTaxRates: TaxRate[],
	subscriptionTaxRates: TaxRate[],
): LineItemTax {
	if (automatic) {
		const calculated = automaticTax(core, customer)
		const exempt = customer ? exemptionOf(customer) : 'none'
		return calculated
			? { rates: calculated.rates, exempt: exempt === 'none' ? calculated.treatment : exempt, automatic: true }
			: { rates: [], exempt: 'none', automatic: true }
	}
	return {
		rates: lineTaxRates.length > 0 ? lineTaxRates : subscriptionTaxRates,
		exempt: customer ? exemptionOf(customer) : 'none',
	}
}
