import type { Core } from '../billing'
import {
	hashList,
	mergeMetadata,
	metadataParam,
	optionalEnum,
	optionalHash,
	optionalString,
	type Params,
} from '../form'
import { invalidRequest, noSuch, type Reply } from '../http'
import { newCustomer } from '../objects/customers'
import { nowSeconds, type Address, type Customer } from '../store'
import { taxExemptions } from '../tax'
import { addTaxId, checkTaxId } from '../tax-ids'
import {
	causeOf,
	emailPattern,
	expandOnly,
	previousOf,
	respond,
	retrieve,
	type ApiRequest,
	type Route,
} from './request'

const address = { line1: true, line2: true, city: true, state: true, postal_code: true, country: true } as const

/** What both creating and updating a customer take. */
const describing = {
	email: true,
	name: true,
	description: true,
	phone: true,
	address,
	tax_exempt: true,
	metadata: true,
	expand: true,
} as const

export const customerRoutes: Route[] = [
	{
		method: 'POST',
		pattern: /^\/v1\/customers$/,
		spec: { ...describing, tax_id_data: { type: true, value: true } },
		handle: createCustomer,
	},
	{ method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, spec: expandOnly, handle: retrieve('customers', 'customer') },
	{ method: 'POST', pattern: /^\/v1\/customers\/([^/]+)$/, spec: describing, handle: updateCustomer },
]

function emailParam(params: Params) {
	const email = optionalString(params, 'email')
	if (email && !emailPattern.test(email))
		throw invalidRequest(`Invalid email address: ${email}`, 'email', 'email_invalid')
	return email
}

/** `address[…]`: the billing address, every part optional; `address=''` clears it. */
function addressParam(params: Params): Address | null | undefined {
	if (params.address === '') return null
	const given = optionalHash(params, 'address')
	if (!given) return undefined
	const part = (name: string) => optionalString(given, name, `address[${name}]`) || null
	const country = part('country')
	if (country && !/^[A-Z]{2}$/.test(country)) {
		throw invalidRequest(
			`Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'. A full list of country codes is available at https://stripe.com/docs/api/country_specs.`,
			'address[country]',
		)
	}
	return {
		city: part('city'),
		country,
		line1: part('line1'),
		line2: part('line2'),
		postal_code: part('postal_code'),
		state: part('state'),
	}
}

/** `tax_exempt`: `none`, `exempt` or `reverse`; an empty string is `none` again. */
function taxExemptParam(params: Params) {
	if (params.tax_exempt === '') return 'none'
	return optionalEnum(params, 'tax_exempt', taxExemptions)
}

function createCustomer(core: Core, request: ApiRequest): Reply {
	const { params } = request
	const email = emailParam(params)
	const taxIds = hashList(params, 'tax_id_data').map((datum, index) => {
		const at = (name: string) => `tax_id_data[${index}][${name}]`
		const type = optionalString(datum, 'type', at('type')) ?? ''
		const value = optionalString(datum, 'value', at('value')) ?? ''
		// Every tax ID is checked before the customer exists: a refused one creates nothing.
		checkTaxId(type, value, { type: at('type'), value: at('value') })
		return { type, value }
	})
	const metadata = mergeMetadata({}, metadataParam(params, 'metadata'))
	const customer = newCustomer(
		{ email: email || null, name: optionalString(params, 'name') || null, metadata },
		nowSeconds(),
	)
	customer.description = optionalString(params, 'description') || null
	customer.phone = optionalString(params, 'phone') || null
	customer.address = addressParam(params) ?? null
	customer.tax_exempt = taxExemptParam(params) ?? 'none'
	core.store.state.customers[customer.id] = customer
	core.store.changed()
	core.emit('customer.created', customer, { cause: causeOf(request) })
	for (const taxId of taxIds) addTaxId(core, customer, taxId, causeOf(request))
	return respond(core, request, customer)
}

/** An optional text on update: unchanged when not given, cleared by `''`. */
function updatedText(params: Params, name: string, current: string | null | undefined) {
	const value = optionalString(params, name)
	return value === undefined ? (current ?? null) : value || null
}

/** `POST /v1/customers/:id`: what the app sets before Checkout (billing name, address, tax status), with `customer.updated`. */
function updateCustomer(core: Core, request: ApiRequest, id: string): Reply {
	const { params } = request
	const customer = core.store.state.customers[id]
	if (!customer) throw noSuch('customer', id)
	const email = emailParam(params)
	const newAddress = addressParam(params)
	const next: Customer = {
		...customer,
		address: newAddress === undefined ? (customer.address ?? null) : newAddress,
		description: updatedText(params, 'description', customer.description),
		email: email === undefined ? customer.email : email || null,
		metadata: mergeMetadata(customer.metadata, metadataParam(params, 'metadata')),
		name: updatedText(params, 'name', customer.name),
		phone: updatedText(params, 'phone', customer.phone),
		tax_exempt: taxExemptParam(params) ?? customer.tax_exempt,
	}
	const previous = previousOf(customer, next)
	if (Object.keys(previous).length === 0) return respond(core, request, customer)
	core.store.state.customers[id] = next
	core.store.changed()
	core.emit('customer.updated', next, { previous, cause: causeOf(request) })
	return respond(core, request, next)
}
