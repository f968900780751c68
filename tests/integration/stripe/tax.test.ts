import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { newCustomer, sessionOf, startStripeWorld, verifiedEvents, type Receiver } from '../../support/stripe-stand-in'

// The Stripe stand-in through the real SDK: tax rates, and a customer's tax status and tax IDs (issue 68).
let receiver: Receiver
let stripe: Stripe
let stop: () => Promise<void>

beforeAll(async () => {
	;({ receiver, stripe, stop } = await startStripeWorld())
})
afterAll(() => stop())

const iva = {
	display_name: 'IVA',
	percentage: 21,
	inclusive: false,
	country: 'ES',
	jurisdiction: 'ES',
	tax_type: 'vat',
	description: 'IVA general',
} as const

/** The address as sent; Stripe answers with every part, `line2: null` included. */
const madridParam = { line1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid', state: 'M', country: 'ES' }
const madrid = { ...madridParam, line2: null }

const eventsAbout = (id: string, type: string) =>
	verifiedEvents(stripe, receiver, (event) => event.type === type && sessionOf(event).id === id)

const refusal = (promise: Promise<unknown>) => promise.catch((caught: unknown) => caught)

describe('tax rates', () => {
	test('are created, retrieved and listed with Stripe’s shape, and sent as tax_rate.created', async () => {
		const created = await stripe.taxRates.create(iva)
		expect(created).toEqual({
			id: expect.stringMatching(/^txr_/),
			object: 'tax_rate',
			active: true,
			country: 'ES',
			created: expect.any(Number),
			description: 'IVA general',
			display_name: 'IVA',
			effective_percentage: null,
			flat_amount: null,
			inclusive: false,
			jurisdiction: 'ES',
			jurisdiction_level: null,
			livemode: false,
			metadata: {},
			percentage: 21,
			rate_type: null,
			state: null,
			tax_type: 'vat',
		})
		expect(await stripe.taxRates.retrieve(created.id)).toEqual(created)
		const listed = await stripe.taxRates.list({ limit: 100 })
		expect(listed).toMatchObject({ object: 'list', url: '/v1/tax_rates' })
		expect(listed.data.map((rate) => rate.id)).toContain(created.id)
		await vi.waitFor(async () => expect(await eventsAbout(created.id, 'tax_rate.created')).toHaveLength(1))
	})

	test('only name, description, metadata and whether it is active change; the list filters on active', async () => {
		const rate = await stripe.taxRates.create(iva)
		const renamed = await stripe.taxRates.update(rate.id, {
			display_name: 'IVA general',
			description: 'Península y Baleares',
			metadata: { ambito: 'peninsula' },
		})
		expect(renamed).toMatchObject({
			display_name: 'IVA general',
			description: 'Península y Baleares',
			metadata: { ambito: 'peninsula' },
			percentage: 21,
		})
		const archived = await stripe.taxRates.update(rate.id, { active: false })
		expect(archived.active).toBe(false)
		const active = await stripe.taxRates.list({ active: true, limit: 100 })
		expect(active.data.map((candidate) => candidate.id)).not.toContain(rate.id)
		const inactive = await stripe.taxRates.list({ active: false, limit: 100 })
		expect(inactive.data.map((candidate) => candidate.id)).toEqual([rate.id])
		await vi.waitFor(async () => {
			const updates = await eventsAbout(rate.id, 'tax_rate.updated')
			expect(updates.map((event) => event.data.previous_attributes)).toEqual([
				{ description: 'IVA general', display_name: 'IVA', metadata: {} },
				{ active: true },
			])
		})
	})

	test('percentage and inclusive never change: Stripe does not take them on update', async () => {
		const rate = await stripe.taxRates.create(iva)
		for (const [param, value] of [
			['percentage', 10],
			['inclusive', true],
		] as const) {
			const error = await refusal(stripe.rawRequest('POST', `/v1/tax_rates/${rate.id}`, { [param]: value }))
			expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
			expect(error).toMatchObject({
				statusCode: 400,
				rawType: 'invalid_request_error',
				code: 'parameter_unknown',
				param,
				raw: { message: `Received unknown parameter: ${param}` },
			})
		}
		expect(await stripe.taxRates.retrieve(rate.id)).toMatchObject({ percentage: 21, inclusive: false })
	})

	test('creating one needs a name, whether it is inclusive and a percentage of 0 to 100', async () => {
		const { percentage: _percentage, ...noPercentage } = iva
		expect(await refusal(stripe.taxRates.create(noPercentage as Stripe.TaxRateCreateParams))).toMatchObject({
			statusCode: 400,
			code: 'parameter_missing',
			param: 'percentage',
		})
		expect(await refusal(stripe.taxRates.create({ ...iva, percentage: 121 }))).toMatchObject({
			statusCode: 400,
			param: 'percentage',
		})
		expect(await refusal(stripe.taxRates.retrieve('txr_nope'))).toMatchObject({
			statusCode: 404,
			code: 'resource_missing',
			raw: { message: "No such tax_rate: 'txr_nope'" },
		})
	})
})

describe('a customer’s billing details', () => {
	test('name, address and tax status are set on the customer, with customer.updated', async () => {
		const customer = await newCustomer(stripe)
		expect(customer).toMatchObject({ address: null, tax_exempt: 'none' })
		const updated = await stripe.customers.update(customer.id, {
			name: 'Ejemplo SL',
			address: madridParam,
			tax_exempt: 'reverse',
		})
		expect(updated).toMatchObject({ name: 'Ejemplo SL', address: madrid, tax_exempt: 'reverse' })
		expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ address: madrid, tax_exempt: 'reverse' })
		await vi.waitFor(async () => {
			const [event] = await eventsAbout(customer.id, 'customer.updated')
			expect(event?.data.previous_attributes).toEqual({ address: null, name: 'Ana Pérez', tax_exempt: 'none' })
		})
	})

	test('a tax status Stripe does not have is refused', async () => {
		const customer = await newCustomer(stripe)
		const error = await refusal(stripe.customers.update(customer.id, { tax_exempt: 'sometimes' }))
		expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
		expect(error).toMatchObject({
			statusCode: 400,
			rawType: 'invalid_request_error',
			param: 'tax_exempt',
			message: expect.stringContaining('none, exempt, reverse'),
		})
		expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ tax_exempt: 'none' })
	})
})

describe('tax IDs', () => {
	test('a Spanish NIF (es_cif) is unverified from the start: Stripe verifies no es_cif', async () => {
		const customer = await newCustomer(stripe)
		const taxId = await stripe.customers.createTaxId(customer.id, { type: 'es_cif', value: 'B12345678' })
		expect(taxId).toEqual({
			id: expect.stringMatching(/^txi_/),
			object: 'tax_id',
			country: 'ES',
			created: expect.any(Number),
			customer: customer.id,
			customer_account: null,
			livemode: false,
			owner: { customer: customer.id, customer_account: null, type: 'customer' },
			type: 'es_cif',
			value: 'B12345678',
			verification: { status: 'unverified', verified_address: null, verified_name: null },
		})
		await vi.waitFor(async () => expect(await eventsAbout(taxId.id, 'customer.tax_id.created')).toHaveLength(1))
	})

	test('an EU VAT number is pending, then verified, with customer.tax_id.updated', async () => {
		const customer = await newCustomer(stripe)
		await stripe.customers.update(customer.id, {
			name: 'Beispiel GmbH',
			address: { line1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin', country: 'DE' },
		})
		const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' })
		expect(taxId).toMatchObject({ country: 'DE', verification: { status: 'pending' } })
		await vi.waitFor(async () => {
			expect(await stripe.customers.retrieveTaxId(customer.id, taxId.id)).toMatchObject({
				verification: {
					status: 'verified',
					verified_name: 'Beispiel GmbH',
					verified_address: 'Unter den Linden 1, 10117, Berlin, DE',
				},
			})
			const [updated] = await eventsAbout(taxId.id, 'customer.tax_id.updated')
			expect(updated?.data.previous_attributes).toEqual({
				verification: { status: 'pending', verified_address: null, verified_name: null },
			})
			expect((updated?.data.object as Stripe.TaxId).verification?.status).toBe('verified')
		})
	})

	test('Stripe’s test numbers: one with 111111111 fails verification, one with 222222222 stays pending', async () => {
		const customer = await newCustomer(stripe)
		const failing = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'FR11111111111' })
		const waiting = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE222222222' })
		await vi.waitFor(async () => {
			const checked = await stripe.customers.retrieveTaxId(customer.id, failing.id)
			expect(checked.verification).toEqual({ status: 'unverified', verified_address: null, verified_name: null })
		})
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect((await stripe.customers.retrieveTaxId(customer.id, waiting.id)).verification?.status).toBe('pending')
	})

	test('are listed newest first, shown on the customer when expanded, and deleted', async () => {
		const customer = await stripe.customers.create({
			email: 'empresa@kia.test',
			tax_id_data: [{ type: 'es_cif', value: 'A12345674' }],
		})
		const second = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'ESA1234567Z' })
		const listed = await stripe.customers.listTaxIds(customer.id)
		expect(listed).toMatchObject({ object: 'list', url: `/v1/customers/${customer.id}/tax_ids`, has_more: false })
		expect(listed.data.map((taxId) => [taxId.type, taxId.value])).toEqual([
			['eu_vat', 'ESA1234567Z'],
			['es_cif', 'A12345674'],
		])
		expect(customer.tax_ids).toBeUndefined()
		const expanded = await stripe.customers.retrieve(customer.id, { expand: ['tax_ids'] })
		expect((expanded as Stripe.Customer).tax_ids?.data).toHaveLength(2)

		expect(await stripe.customers.deleteTaxId(customer.id, second.id)).toEqual({
			id: second.id,
			object: 'tax_id',
			deleted: true,
		})
		expect(await refusal(stripe.customers.retrieveTaxId(customer.id, second.id))).toMatchObject({
			statusCode: 404,
			code: 'resource_missing',
		})
		expect((await stripe.customers.listTaxIds(customer.id)).data).toHaveLength(1)
		await vi.waitFor(async () => expect(await eventsAbout(second.id, 'customer.tax_id.deleted')).toHaveLength(1))
	})

	test('a value of the wrong shape is refused with tax_id_invalid; an unknown type as an invalid type', async () => {
		const customer = await newCustomer(stripe)
		const badVat = await refusal(stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123' }))
		expect(badVat).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
		expect(badVat).toMatchObject({
			statusCode: 400,
			rawType: 'invalid_request_error',
			code: 'tax_id_invalid',
			param: 'value',
			raw: { message: 'Invalid value for eu_vat.' },
			doc_url: 'https://stripe.com/docs/error-codes/tax-id-invalid',
		})
		expect(await refusal(stripe.customers.createTaxId(customer.id, { type: 'es_cif', value: '1234' }))).toMatchObject({
			statusCode: 400,
			code: 'tax_id_invalid',
			raw: { message: 'Invalid value for es_cif.' },
		})
		expect(
			await refusal(stripe.customers.createTaxId(customer.id, { type: 'xx_vat', value: 'XX123456789' })),
		).toMatchObject({ statusCode: 400, param: 'type' })
		expect(await refusal(stripe.customers.create({ tax_id_data: [{ type: 'eu_vat', value: 'ES123' }] }))).toMatchObject(
			{ statusCode: 400, code: 'tax_id_invalid', param: 'tax_id_data[0][value]' },
		)
		expect((await stripe.customers.listTaxIds(customer.id)).data).toEqual([])
	})
})
