import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { log } from '~/.server/log'
import { localPriceId, localStripe } from '~/.server/billing/local-stripe'
import { catalogueEntries, checkPriceCatalogue } from '~/.server/billing/catalogue'
import { findingsOf } from '~/content/admin-services'
import type { CatalogueEntry, PriceCheck } from '~/lib/price-check'
import { productId } from '../../local/stripe/catalogue'
import { startStripe, type LocalStripe } from '../../local/stripe/server'

// /admin/servicios's check, driven through the real SDK against the local stand-in, whose prices are made
// and archived through its API as they would be in Stripe's.
const secretKey = localStripe.STRIPE_SECRET_KEY ?? ''

let local: LocalStripe
let stripe: Stripe

const sdk = (port: number, key = secretKey) => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })

beforeAll(async () => {
	local = await startStripe({ port: 0, log: false })
	stripe = sdk(local.port)
})
afterAll(() => local.stop())

const starterProduct = productId({ id: 'starter' })

/** The six entries the app has configured, Starter annual's pointed at `priceId`. */
function withStarterAnnual(priceId: string | undefined): CatalogueEntry[] {
	return catalogueEntries().map((entry) =>
		entry.plan === 'starter' && entry.period === 'annual' ? { ...entry, priceId } : entry,
	)
}

/** Checks the catalogue with Starter annual configured as `priceId`; returns that one result. */
async function checkStarterAnnual(priceId: string | undefined): Promise<PriceCheck> {
	const result = await checkPriceCatalogue({ entries: withStarterAnnual(priceId), stripe })
	if (!result.ok) throw new Error(`the check failed: ${result.reason}`)
	const check = result.checks.find(
		(candidate) => candidate.entry.plan === 'starter' && candidate.entry.period === 'annual',
	)
	if (!check) throw new Error('no Starter annual')
	// The other five prices are still the stand-in's own, and still correct.
	expect(result.checks.filter((other) => other !== check).map((other) => findingsOf(other))).toEqual([
		[],
		[],
		[],
		[],
		[],
	])
	return check
}

/** A Starter price in the stand-in made through the API: the catalogue's, unless `changes` say otherwise. */
function createStarterAnnual(changes: Partial<Stripe.PriceCreateParams> = {}) {
	return stripe.prices.create({
		product: starterProduct,
		currency: 'eur',
		unit_amount: 99_900,
		recurring: { interval: 'year' },
		...changes,
	})
}

describe('the local Stripe stand-in: prices and products', () => {
	test('an unknown price is a 404 with Stripe’s error body, naming the `price` parameter', async () => {
		const response = await fetch(`${local.url}/v1/prices/price_x`, {
			headers: { Authorization: `Bearer ${secretKey}` },
		})
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({
			error: {
				type: 'invalid_request_error',
				code: 'resource_missing',
				message: "No such price: 'price_x'",
				param: 'price',
				doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
			},
		})
		const error = await stripe.prices.retrieve('price_x').catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
		expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'price' })
	})

	test('a price is created for a product or with one, retrieved with its product expanded, and archived', async () => {
		const created = await stripe.prices.create({
			currency: 'EUR',
			unit_amount: 1_500,
			recurring: { interval: 'month', interval_count: 3 },
			product_data: { name: 'Mantenimiento trimestral' },
			nickname: 'Trimestral',
			metadata: { origen: 'prueba' },
		})
		expect(created.id).toMatch(/^price_/)
		expect(created).toMatchObject({
			object: 'price',
			active: true,
			currency: 'eur',
			unit_amount: 1_500,
			type: 'recurring',
			recurring: { interval: 'month', interval_count: 3, usage_type: 'licensed' },
			billing_scheme: 'per_unit',
			tax_behavior: 'unspecified',
			nickname: 'Trimestral',
			metadata: { origen: 'prueba' },
			livemode: false,
		})
		const retrieved = await stripe.prices.retrieve(created.id, { expand: ['product'] })
		expect(retrieved.product).toMatchObject({ object: 'product', name: 'Mantenimiento trimestral', active: true })

		const oneTime = await stripe.prices.create({ product: starterProduct, currency: 'eur', unit_amount: 500 })
		expect(oneTime).toMatchObject({ type: 'one_time', recurring: null, product: starterProduct })

		const archived = await stripe.prices.update(created.id, { active: false })
		expect(archived.active).toBe(false)
		expect((await stripe.prices.retrieve(created.id)).active).toBe(false)
		const events = await stripe.events.list({ type: 'price.updated', limit: 1 })
		expect(events.data[0]?.data).toMatchObject({
			object: { id: created.id, active: false },
			previous_attributes: { active: true },
		})
	})

	test('a product is archived through its own update', async () => {
		const product = await stripe.products.create({ name: 'Producto temporal' })
		expect(product).toMatchObject({ object: 'product', active: true, name: 'Producto temporal' })
		const archived = await stripe.products.update(product.id, { active: false })
		expect(archived.active).toBe(false)
		expect(archived.updated).toBeGreaterThanOrEqual(product.updated)
	})

	test('bad parameters are refused as Stripe refuses them', async () => {
		const refusal = (promise: Promise<unknown>) => promise.catch((caught: unknown) => caught)
		expect(await refusal(stripe.prices.create({ currency: 'eur', unit_amount: 100 }))).toMatchObject({
			statusCode: 400,
			code: 'parameter_missing',
			param: 'product',
		})
		expect(
			await refusal(stripe.prices.create({ currency: 'eur', unit_amount: 100, product: 'prod_nope' })),
		).toMatchObject({ statusCode: 400, code: 'resource_missing', raw: { message: "No such product: 'prod_nope'" } })
		expect(
			await refusal(stripe.prices.create({ product: starterProduct, unit_amount: 100 } as Stripe.PriceCreateParams)),
		).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'currency' })
		expect(
			await refusal(stripe.prices.create({ product: starterProduct, currency: 'eur', unit_amount: -1 })),
		).toMatchObject({ statusCode: 400, param: 'unit_amount' })
		expect(await refusal(stripe.prices.update('price_nope', { active: false }))).toMatchObject({
			statusCode: 404,
			code: 'resource_missing',
			param: 'price',
		})
		// Outside the subset: said plainly, not ignored.
		expect(
			await refusal(
				stripe.prices.create({
					product: starterProduct,
					currency: 'eur',
					billing_scheme: 'tiered',
					tiers_mode: 'graduated',
				}),
			),
		).toMatchObject({ statusCode: 501 })
	})

	test('Checkout refuses an archived price, which is why the check reports one', async () => {
		const price = await createStarterAnnual()
		await stripe.prices.update(price.id, { active: false })
		const error = await stripe.checkout.sessions
			.create({
				mode: 'subscription',
				line_items: [{ price: price.id, quantity: 1 }],
				success_url: 'http://portal.kia.localhost:5173/ok',
			})
			.catch((caught: unknown) => caught)
		expect(error).toMatchObject({
			statusCode: 400,
			raw: { message: 'The price specified is inactive. This field only accepts active prices.' },
		})
	})

	test('a local price has a read-only page at its Dashboard address', async () => {
		const page = await fetch(`${local.url}/test/prices/${localPriceId('enterprise', 'annual')}`)
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('KIA Enterprise')
		expect(html).toContain('Pago único')
		expect((await fetch(`${local.url}/test/prices/price_nope`)).status).toBe(404)
	})
})

describe('the price catalogue check', () => {
	test('the configured catalogue: six prices, each as Stripe has it, all correct', async () => {
		const entries = catalogueEntries()
		expect(entries.map((entry) => [entry.plan, entry.period, entry.priceId])).toEqual([
			['starter', 'annual', localPriceId('starter', 'annual')],
			['starter', 'monthly', localPriceId('starter', 'monthly')],
			['business', 'annual', localPriceId('business', 'annual')],
			['business', 'monthly', localPriceId('business', 'monthly')],
			['enterprise', 'annual', localPriceId('enterprise', 'annual')],
			['enterprise', 'monthly', localPriceId('enterprise', 'monthly')],
		])
		const result = await checkPriceCatalogue({ entries, stripe })
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.checks.map((check) => [check.status, findingsOf(check)])).toEqual(
			Array.from({ length: 6 }, () => ['checked', []]),
		)
		expect(result.checks[4]).toMatchObject({
			status: 'checked',
			stripe: { unitAmount: 499_900, currency: 'eur', charge: { kind: 'one-time' }, productName: 'KIA Enterprise' },
		})
	})

	test('a price id Stripe does not know: “No existe en Stripe”', async () => {
		const check = await checkStarterAnnual('price_no_existe')
		expect(check).toMatchObject({ status: 'missing', otherMode: null })
		expect(findingsOf(check)).toEqual(['Stripe no tiene ningún precio con este id: el pago de este plan fallará.'])
	})

	test('an archived price', async () => {
		const price = await createStarterAnnual()
		await stripe.prices.update(price.id, { active: false })
		const check = await checkStarterAnnual(price.id)
		expect(check.status === 'checked' && check.problems).toEqual([{ code: 'inactive' }])
		expect(findingsOf(check)).toEqual([
			'Está archivado en Stripe: Stripe rechaza cualquier pago nuevo con este precio.',
		])
	})

	test('a price whose product is archived', async () => {
		const product = await stripe.products.create({ name: 'KIA Starter antiguo' })
		const price = await createStarterAnnual({ product: product.id })
		await stripe.products.update(product.id, { active: false })
		const check = await checkStarterAnnual(price.id)
		expect(findingsOf(check)).toEqual(['Su producto, KIA Starter antiguo, está archivado en Stripe.'])
	})

	test('a wrong amount', async () => {
		const price = await createStarterAnnual({ unit_amount: 89_900 })
		const check = await checkStarterAnnual(price.id)
		expect(check.status === 'checked' && check.problems).toEqual([
			{ code: 'amount', expected: 99_900, actual: 89_900, currency: 'eur' },
		])
		expect(findingsOf(check)).toEqual(['Stripe cobra 899\u00a0€, pero la web muestra 999\u00a0€.'])
	})

	test('a wrong currency', async () => {
		const price = await createStarterAnnual({ currency: 'usd' })
		const check = await checkStarterAnnual(price.id)
		expect(check.status === 'checked' && check.problems).toEqual([{ code: 'currency', expected: 'eur', actual: 'usd' }])
		expect(findingsOf(check)).toEqual(['Está en USD en Stripe; el catálogo es en EUR.'])
	})

	test('a wrong interval, and a one-time price where a subscription is sold', async () => {
		const monthly = await createStarterAnnual({ recurring: { interval: 'month' } })
		expect(findingsOf(await checkStarterAnnual(monthly.id))).toEqual([
			'Stripe lo cobra como suscripción mensual; la web lo vende como suscripción anual.',
		])
		const oneTime = await createStarterAnnual({ recurring: undefined })
		expect(findingsOf(await checkStarterAnnual(oneTime.id))).toEqual([
			'Stripe lo cobra como pago único; la web lo vende como suscripción anual.',
		])
	})

	test('a recurring price where annual Enterprise is sold as one payment', async () => {
		const price = await stripe.prices.create({
			product: productId({ id: 'enterprise' }),
			currency: 'eur',
			unit_amount: 499_900,
			recurring: { interval: 'year' },
		})
		const entries = catalogueEntries().map((entry) =>
			entry.plan === 'enterprise' && entry.period === 'annual' ? { ...entry, priceId: price.id } : entry,
		)
		const result = await checkPriceCatalogue({ entries, stripe })
		expect(result.ok && result.checks.map(findingsOf)).toEqual([
			[],
			[],
			[],
			[],
			['Stripe lo cobra como suscripción anual; la web lo vende como pago único.'],
			[],
		])
	})

	test('several differences at once are all reported', async () => {
		const price = await createStarterAnnual({ currency: 'usd', unit_amount: 9_900, tax_behavior: 'inclusive' })
		await stripe.prices.update(price.id, { active: false })
		expect(findingsOf(await checkStarterAnnual(price.id))).toEqual([
			'Está archivado en Stripe: Stripe rechaza cualquier pago nuevo con este precio.',
			'Stripe cobra 99\u00a0US$, pero la web muestra 999\u00a0€.',
			'Está en USD en Stripe; el catálogo es en EUR.',
			'En Stripe el importe incluye impuestos; los precios del catálogo son sin IVA.',
		])
	})

	test('an unset variable is reported without asking Stripe; one id for two prices is asked for once', async () => {
		const before = await requestCount()
		const entries = catalogueEntries().map((entry) =>
			entry.plan === 'starter'
				? { ...entry, priceId: entry.period === 'annual' ? undefined : localPriceId('business', 'monthly') }
				: entry,
		)
		const result = await checkPriceCatalogue({ entries, stripe })
		expect(result.ok && result.checks.map((check) => check.status)).toEqual([
			'unconfigured',
			'checked',
			'checked',
			'checked',
			'checked',
			'checked',
		])
		expect(result.ok && result.checks.map(findingsOf).slice(0, 4)).toEqual([
			[
				'Falta la variable STRIPE_PRICE_STARTER_ANNUAL: hasta que tenga el id del precio, este plan no se puede comprar.',
			],
			[
				'Stripe cobra 199\u00a0€, pero la web muestra 99\u00a0€.',
				'El mismo id está configurado también para Business · Mensual: las compras de ambos se registrarían como un solo plan.',
			],
			[],
			[
				'El mismo id está configurado también para Starter · Mensual: las compras de ambos se registrarían como un solo plan.',
			],
		])
		expect((await requestCount()) - before).toBe(4)
	})
})

/** How many API requests the stand-in has logged. */
async function requestCount() {
	const log = (await (await fetch(`${local.url}/local/requests`)).json()) as { data: unknown[] }
	return log.data.length
}

describe('when Stripe cannot be asked', () => {
	/** The check logs why it failed; that is expected here. */
	function expectLoggedFailure() {
		const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined)
		return () =>
			expect(logged).toHaveBeenCalledWith(
				{ err: expect.anything() },
				'[stripe] the price catalogue could not be checked',
			)
	}

	test('a refused key fails the whole check, keeping the catalogue to show', async () => {
		const logged = expectLoggedFailure()
		const result = await checkPriceCatalogue({ stripe: sdk(local.port, 'sk_live_revocada') })
		expect(result).toMatchObject({ ok: false, reason: 'auth' })
		expect(!result.ok && result.entries).toHaveLength(6)
		logged()
	})

	test('nothing listening: Stripe is out of reach', async () => {
		const logged = expectLoggedFailure()
		const closed = await freePort()
		expect(await checkPriceCatalogue({ stripe: sdk(closed) })).toMatchObject({ ok: false, reason: 'unavailable' })
		logged()
	})

	test('a Stripe that never answers is given up on in bounded time', async () => {
		const logged = expectLoggedFailure()
		const silent = createServer(() => undefined)
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		try {
			const started = performance.now()
			const result = await checkPriceCatalogue({ stripe: sdk(portOf(silent)), timeoutMs: 300 })
			expect(result).toMatchObject({ ok: false, reason: 'unavailable' })
			expect(performance.now() - started).toBeLessThan(3_000)
		} finally {
			silent.closeAllConnections()
			await new Promise<void>((resolve) => silent.close(() => resolve()))
		}
		logged()
	})

	test('a 500 from Stripe is an outage, not a finding about a price', async () => {
		const logged = expectLoggedFailure()
		const failing = createServer((_req, res) => {
			res.writeHead(500, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' })
			res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on our end.' } }))
		})
		await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
		try {
			expect(await checkPriceCatalogue({ stripe: sdk(portOf(failing)) })).toMatchObject({
				ok: false,
				reason: 'unavailable',
			})
		} finally {
			failing.closeAllConnections()
			await new Promise<void>((resolve) => failing.close(() => resolve()))
		}
		logged()
	})
})

const portOf = (server: Server) => (server.address() as AddressInfo).port

/** A port nothing listens on: one the system just handed out and took back. */
async function freePort() {
	const server = createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = portOf(server)
	await new Promise<void>((resolve) => server.close(() => resolve()))
	return port
}
