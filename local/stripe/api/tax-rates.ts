import type { Core } from '../billing'
import {
	mergeMetadata,
	metadataParam,
	optionalBoolean,
	optionalEnum,
	optionalString,
	requiredString,
	stringList,
	type Params,
} from '../form'
import { invalidRequest, missingParam, noSuch, type Reply } from '../http'
import { newTaxRate } from '../objects/tax'
import { nowSeconds, type TaxRate } from '../store'
import { causeOf, expandOnly, notEmpty, pageOf, previousOf, respond, type ApiRequest, type Route } from './request'

/** What both creating and updating a tax rate take; `percentage` and `inclusive` only the first. */
const describing = {
	active: true,
	country: true,
	description: true,
	display_name: true,
	jurisdiction: true,
	metadata: true,
	state: true,
	tax_type: true,
	expand: true,
} as const

export const taxRateRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/tax_rates$/,
		spec: { ...describing, percentage: true, inclusive: true },
		handle: createTaxRate,
	},
	{
		method: 'GET',
		pattern: /^\/v1\/tax_rates$/,
		spec: { active: true, inclusive: true, limit: true, starting_after: true, ending_before: true, expand: true },
		handle: listTaxRates,
	},
	{ method: 'GET', pattern: /^\/v1\/tax_rates\/([^/]+)$/, spec: expandOnly, handle: retrieveTaxRate },
	// Listed so that Stripe's own refusal of the two, not the stand-in's 501, answers them.
	{
		method: 'POST',
		pattern: /^\/v1\/tax_rates\/([^/]+)$/,
		spec: { ...describing, percentage: true, inclusive: true },
		handle: updateTaxRate,
	},
]

const taxTypes = [
	'admissions_tax',
	'amusement_tax',
	'attendance_tax',
	'communications_tax',
	'digital_excise_tax',
	'entertainment_tax',
	'get_fund',
	'gross_receipts_tax',
	'gst',
	'hospitality_tax',
	'hst',
	'igst',
	'jct',
	'lease_tax',
	'luxury_tax',
	'mass_transit_parking_tax',
	'nhil',
	'parking_tax',
	'pst',
	'qst',
	'resort_tax',
	'retail_delivery_fee',
	'rst',
	'sales_tax',
	'service_tax',
	'tourism_tax',
	'utility_users_tax',
	'vat',
] as const

/** `percentage`: a number of 0 to 100 with up to four decimals ("This represents the tax rate percent out of 100"). */
function percentageParam(params: Params) {
	const value = optionalString(params, 'percentage')
	if (value === undefined || value === '') throw missingParam('percentage')
	if (!/^\d+(\.\d+)?$/.test(value)) throw invalidRequest(`Invalid decimal: ${value}`, 'percentage')
	const percentage = Number(value)
	if (percentage > 100) throw invalidRequest('Percentage must be between 0 and 100.', 'percentage')
	if (!/^\d+(\.\d{1,4})?$/.test(value))
		throw invalidRequest('Percentage can have at most 4 decimal places.', 'percentage')
	return percentage
}

function countryParam(params: Params) {
	const country = optionalString(params, 'country')
	if (country && !/^[A-Z]{2}$/.test(country)) throw invalidRequest(`Invalid country: ${country}`, 'country')
	return country
}

/** An optional text on update: unchanged when not given, cleared by `''`. */
function updatedText(params: Params, name: string, current: string | null) {
	const value = optionalString(params, name)
	return value === undefined ? current : value || null
}

function createTaxRate(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const displayName = requiredString(params, 'display_name')
	const inclusive = optionalBoolean(params, 'inclusive')
	if (inclusive === undefined) throw missingParam('inclusive')
	const taxRate = newTaxRate(
		{
			displayName,
			percentage: percentageParam(params),
			inclusive,
			active: optionalBoolean(params, 'active') ?? true,
			country: countryParam(params) || null,
			state: optionalString(params, 'state') || null,
			jurisdiction: optionalString(params, 'jurisdiction') || null,
			description: optionalString(params, 'description') || null,
			taxType: optionalEnum(params, 'tax_type', taxTypes) ?? null,
			metadata: mergeMetadata({}, metadataParam(params, 'metadata')),
		},
		nowSeconds(),
	)
	core.store.state.taxRates[taxRate.id] = taxRate
	core.store.changed()
	core.emit('tax_rate.created', taxRate, { cause: causeOf(request) })
	return respond(core, request, taxRate)
}

function findTaxRate(core: Core, id: string) {
	const taxRate = core.store.state.taxRates[id]
	if (!taxRate) throw noSuch('tax_rate', id, 'tax_rate')
	return taxRate
}

function retrieveTaxRate(core: Core, request: ApiRequest, id: string): Reply {
	return respond(core, request, findTaxRate(core, id))
}

/**
 * `POST /v1/tax_rates/:id`. A rate's percentage and whether it is inclusive
 * never change, so existing subscriptions and invoices keep what they were
 * charged: Stripe does not take those parameters here at all. A new rate,
 * and the old one archived (`active=false`), is how a rate changes.
 */
function updateTaxRate(core: Core, request: ApiRequest, id: string): Reply {
	const { params } = request
	for (const immutable of ['percentage', 'inclusive']) {
		if (params[immutable] !== undefined) {
			throw invalidRequest(`Received unknown parameter: ${immutable}`, immutable, 'parameter_unknown')
		}
	}
	const taxRate = findTaxRate(core, id)
	countryParam(params)
	const next: TaxRate = {
		...taxRate,
		active: optionalBoolean(params, 'active') ?? taxRate.active,
		country: updatedText(params, 'country', taxRate.country),
		description: updatedText(params, 'description', taxRate.description),
		display_name: notEmpty(params, 'display_name') ?? taxRate.display_name,
		jurisdiction: updatedText(params, 'jurisdiction', taxRate.jurisdiction),
		metadata: mergeMetadata(taxRate.metadata ?? {}, metadataParam(params, 'metadata')),
		state: updatedText(params, 'state', taxRate.state),
		tax_type: optionalEnum(params, 'tax_type', taxTypes) ?? taxRate.tax_type,
	}
	const previous = previousOf(taxRate, next)
	if (Object.keys(previous).length === 0) return respond(core, request, taxRate)
	core.store.state.taxRates[id] = next
	core.store.changed()
	core.emit('tax_rate.updated', next, { previous, cause: causeOf(request) })
	return respond(core, request, next)
}

/** `GET /v1/tax_rates`: newest first, optionally only the active (or archived) ones, or the inclusive (or exclusive). */
function listTaxRates(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const active = optionalBoolean(params, 'active')
	const inclusive = optionalBoolean(params, 'inclusive')
	const matching = Object.values(core.store.state.taxRates)
		.reverse()
		.filter(
			(taxRate) =>
				(active === undefined || taxRate.active === active) &&
				(inclusive === undefined || taxRate.inclusive === inclusive),
		)
		.sort((a, b) => b.created - a.created)
	return respond(core, request, pageOf(params, matching, '/v1/tax_rates', 'tax_rate'))
}

/**
 * Tax rates named by id in `name` (`line_items[0][tax_rates]`…): each must
 * exist, and be active, since an archived rate "cannot be used with new
 * applications or Checkout Sessions" (it still works where it is already set).
 */
export function taxRatesParam(core: Core, params: Params, name: string, param = name): TaxRate[] {
	return stringList(params, name, param).map((id, index) => {
		const taxRate = core.store.state.taxRates[id]
		if (!taxRate) throw noSuch('tax_rate', id, `${param}[${index}]`, 400)
		if (!taxRate.active)
			throw invalidRequest(`Tax rate ${id} is archived: archived tax rates cannot be applied.`, `${param}[${index}]`)
		return taxRate
	})
}
