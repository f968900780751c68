import { describe, expect, test } from 'vitest'
import { describeProblem, findingsOf } from '~/content/admin-services'
import {
	compareWithCatalogue,
	duplicateProblem,
	expectedCharge,
	otherModeOf,
	type CatalogueEntry,
	type StripePriceFacts,
} from '~/lib/price-check'

const starterAnnual: CatalogueEntry = {
	plan: 'starter',
	period: 'annual',
	amount: 999,
	charge: 'subscription',
	variable: 'STRIPE_PRICE_STARTER_ANNUAL',
	priceId: 'price_starter_annual',
}

const enterpriseAnnual: CatalogueEntry = {
	plan: 'enterprise',
	period: 'annual',
	amount: 4999,
	charge: 'one-time',
	variable: 'STRIPE_PRICE_ENTERPRISE_ANNUAL',
	priceId: 'price_enterprise_annual',
}

/** Stripe's view of Starter annual as it should be; each test changes one thing. */
const matching: StripePriceFacts = {
	id: 'price_starter_annual',
	active: true,
	currency: 'eur',
	unitAmount: 99_900,
	charge: { kind: 'recurring', interval: 'year', count: 1 },
	taxBehavior: 'unspecified',
	productName: 'KIA Starter',
	productActive: true,
}

const messages = (entry: CatalogueEntry, facts: Partial<StripePriceFacts>) =>
	compareWithCatalogue(entry, { ...matching, ...facts }).map((problem) => describeProblem(problem, 'KIA Starter'))

describe('a Stripe price against the catalogue', () => {
	test('matches when it is active, in euros, of the catalogue’s amount and interval', () => {
		expect(compareWithCatalogue(starterAnnual, matching)).toEqual([])
		expect(compareWithCatalogue(starterAnnual, { ...matching, taxBehavior: 'exclusive' })).toEqual([])
	})

	test('Checkout sells annual Enterprise as a one-time payment and every other price as a subscription', () => {
		expect(expectedCharge(enterpriseAnnual)).toEqual({ kind: 'one-time' })
		expect(expectedCharge(starterAnnual)).toEqual({ kind: 'recurring', interval: 'year', count: 1 })
		expect(expectedCharge({ charge: 'subscription', period: 'monthly' })).toEqual({
			kind: 'recurring',
			interval: 'month',
			count: 1,
		})
	})

	test('each difference is named, in Spanish', () => {
		expect(messages(starterAnnual, { active: false })).toEqual([
			'Está archivado en Stripe: Stripe rechaza cualquier pago nuevo con este precio.',
		])
		expect(messages(starterAnnual, { productActive: false })).toEqual([
			'Su producto, KIA Starter, está archivado en Stripe.',
		])
		expect(messages(starterAnnual, { unitAmount: 89_900 })).toEqual([
			'Stripe cobra 899\u00a0€, pero la web muestra 999\u00a0€.',
		])
		expect(messages(starterAnnual, { unitAmount: 99_950 })).toEqual([
			'Stripe cobra 999,50\u00a0€, pero la web muestra 999\u00a0€.',
		])
		expect(messages(starterAnnual, { unitAmount: null })).toEqual([
			'No tiene un importe fijo en Stripe (es por tramos o lo elige el cliente).',
		])
		expect(messages(starterAnnual, { currency: 'usd' })).toEqual(['Está en USD en Stripe; el catálogo es en EUR.'])
		expect(messages(starterAnnual, { charge: { kind: 'recurring', interval: 'month', count: 1 } })).toEqual([
			'Stripe lo cobra como suscripción mensual; la web lo vende como suscripción anual.',
		])
		expect(messages(starterAnnual, { charge: { kind: 'recurring', interval: 'month', count: 12 } })).toEqual([
			'Stripe lo cobra como suscripción cada 12 meses; la web lo vende como suscripción anual.',
		])
		expect(messages(starterAnnual, { charge: { kind: 'one-time' } })).toEqual([
			'Stripe lo cobra como pago único; la web lo vende como suscripción anual.',
		])
		expect(messages(enterpriseAnnual, { unitAmount: 499_900 })).toEqual([
			'Stripe lo cobra como suscripción anual; la web lo vende como pago único.',
		])
		expect(messages(starterAnnual, { taxBehavior: 'inclusive' })).toEqual([
			'En Stripe el importe incluye impuestos; los precios del catálogo son sin IVA.',
		])
	})

	test('a wrong currency with its own amount reports both, the amount in that currency', () => {
		expect(messages(starterAnnual, { currency: 'usd', unitAmount: 109_900 })).toEqual([
			'Stripe cobra 1.099\u00a0US$, pero la web muestra 999\u00a0€.',
			'Está en USD en Stripe; el catálogo es en EUR.',
		])
	})
})

describe('the catalogue itself', () => {
	test('one price id configured for two prices is flagged on both', () => {
		const business = { ...starterAnnual, plan: 'business' as const, amount: 1999 }
		const entries = [starterAnnual, business, enterpriseAnnual]
		expect(duplicateProblem(starterAnnual, entries).map((problem) => describeProblem(problem, null))).toEqual([
			'El mismo id está configurado también para Business · Anual: las compras de ambos se registrarían como un solo plan.',
		])
		expect(duplicateProblem(business, entries)).toHaveLength(1)
		expect(duplicateProblem(enterpriseAnnual, entries)).toEqual([])
	})

	test('an unset variable and a missing price say what to do', () => {
		expect(findingsOf({ status: 'unconfigured', entry: { ...starterAnnual, priceId: undefined } })).toEqual([
			'Falta la variable STRIPE_PRICE_STARTER_ANNUAL: hasta que tenga el id del precio, este plan no se puede comprar.',
		])
		expect(findingsOf({ status: 'missing', entry: starterAnnual, otherMode: null, problems: [] })).toEqual([
			'Stripe no tiene ningún precio con este id: el pago de este plan fallará.',
		])
		expect(findingsOf({ status: 'missing', entry: starterAnnual, otherMode: 'live', problems: [] })).toEqual([
			'El precio existe en el modo real de Stripe, pero la clave configurada es de prueba.',
		])
	})

	test('Stripe’s 404 for an id of the other mode is recognised', () => {
		expect(
			otherModeOf(
				"No such price: 'price_1Pfake'; a similar object exists in live mode, but a test mode key was used to make this request.",
			),
		).toBe('live')
		expect(
			otherModeOf(
				"No such price: 'price_1Pfake'; a similar object exists in test mode, but a live mode key was used to make this request.",
			),
		).toBe('test')
		expect(otherModeOf("No such price: 'price_1Pfake'")).toBeNull()
	})
})
