import type { Page } from '@playwright/test'
import { send, urlencoded } from './hostile-input'
import { stripeClient } from './stripe'
import { uniqueName } from './unique'
import { siteURL, stripeURL } from './urls'
import { createAccount } from './data'
import { serviceClient } from './supabase'

async function poll<T>(what: string, read: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		const value = await read()
		if (value) return value
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`Timed out waiting for ${what}`)
}

/** What a buyer types on Stripe's checkout page: the billing address and, buying as a business, its tax ID. */
export type CheckoutBuyer = Record<string, string>

/** A Spanish company with its NIF (CIF): charged 21 % IVA. */
export const spanishCompany: CheckoutBuyer = {
	name: 'Ortega Asesores SL',
	line1: 'Calle Mayor 1',
	postal_code: '28013',
	city: 'Madrid',
	country: 'ES',
	business: '1',
	business_name: 'Ortega Asesores SL',
	tax_id: 'B12345678',
}

/** A German company with its EU VAT number: reverse charge, no IVA. */
export const germanCompany: CheckoutBuyer = {
	name: 'Müller Steuerberatung GmbH',
	line1: 'Friedrichstraße 1',
	postal_code: '10117',
	city: 'Berlin',
	country: 'DE',
	business: '1',
	business_name: 'Müller Steuerberatung GmbH',
	tax_id: 'DE123456789',
}

/** What a browser types on the stand-in's checkout page before 'Pagar', as `buyer`. */
export async function fillCheckout(page: Page, buyer: CheckoutBuyer = spanishCompany) {
	for (const [name, value] of Object.entries(buyer)) {
		const field = page.locator(`[name="${name}"]`)
		if (name === 'country') await field.selectOption(value)
		else if (name === 'business') await field.check()
		else await field.fill(value)
	}
}

/** 'Pagar' on the stand-in's checkout page at `location`, as `buyer`. */
export function payCheckout(location: string, buyer: CheckoutBuyer = spanishCompany) {
	return fetch(`${location}/pay`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(buyer).toString(),
	})
}

/**
 * Buys a subscription as the signed-in browser with `cookie` would: the app's
 * 'Pagar y Activar' (which creates the Stripe customer and the Checkout
 * Session), then 'Pagar' on the Stripe stand-in's checkout. Returns once
 * Stripe's webhook has recorded the subscription and its first invoice.
 */
export async function subscribe(
	{ cookie, userId }: { cookie: string; userId: string },
	plan = 'business',
	period: 'monthly' | 'annual' = 'monthly',
	buyer: CheckoutBuyer = spanishCompany,
) {
	const checkout = await send(siteURL(`/tarifas/${plan}`), urlencoded([['period', period]]), { cookie })
	const location = String(checkout.headers.location ?? '')
	if (checkout.status !== 303 || !location.includes('/checkout/cs_'))
		throw new Error(`'Pagar y Activar' answered ${checkout.status} ${location}`)
	const paid = await payCheckout(location, buyer)
	if (paid.status !== 303) throw new Error(`Paying the checkout answered ${paid.status}`)
	const service = serviceClient()
	const subscription = await poll('the subscription row', async () => {
		const { data } = await service.from('suscripciones').select('id, customer_id').eq('user_id', userId).maybeSingle()
		return data
	})
	const invoice = await poll('the first invoice row', async () => {
		const { data } = await service
			.from('facturas')
			.select('id, number')
			.eq('subscription_id', subscription.id)
			.maybeSingle()
		return data?.number ? data : null
	})
	const ids = { subscriptionId: subscription.id, customerId: subscription.customer_id, invoiceId: invoice.id }
	await webhooksDelivered(Object.values(ids))
	return ids
}

/**
 * Returns once the stand-in has delivered every event about `ids` (the app
 * answers a delivery only after handling it, Stripe calls included), so a
 * test that counts Stripe calls starts from a quiet state.
 */
export async function webhooksDelivered(ids: string[]) {
	await poll(`the webhooks about ${ids.join(', ')}`, async () => {
		const { data } = await stripeClient().events.list({ limit: 100 })
		const ours = data.filter((event) => ids.some((id) => JSON.stringify(event.data.object).includes(id)))
		return ours.every((event) => event.pending_webhooks === 0)
	})
}

export type StandInRequest = { id: string; method: string; path: string; params: Record<string, unknown>; at: number }

/**
 * The Stripe stand-in's API requests that name any of `ids` (a customer, a
 * subscription, an invoice) in their path or parameters, newest first. Other
 * tests call the same stand-in at the same time, so a test counts only the
 * requests about its own objects; nothing can ask Stripe about them without
 * naming one of them.
 */
export async function stripeRequestsAbout(ids: string[]) {
	const response = await fetch(`${stripeURL()}/local/requests`)
	const log = (await response.json()) as { data: StandInRequest[] }
	return log.data.filter((request) => ids.some((id) => JSON.stringify([request.path, request.params]).includes(id)))
}

/** A client with a monthly Business subscription, an annual Enterprise paid once and an unpaid Starter invoice. */
export async function billedClient(label: string) {
	const cliente = await createAccount(label, uniqueName('Clienta Facturación'))
	const tag = uniqueName('kia').replaceAll('-', '_')
	const now = new Date().toISOString()
	const written = await Promise.all([
		serviceClient()
			.from('suscripciones')
			.insert([
				{
					id: `sub_${tag}_b`,
					user_id: cliente.id,
					customer_id: `cus_${tag}`,
					price_id: 'price_business_monthly',
					plan: 'business',
					periodo: 'monthly',
					status: 'active',
					amount: 19900,
					currency: 'eur',
					price_interval: 'month',
					current_period_end: '2026-12-20T10:00:00Z',
					created_at: now,
				},
				{
					id: `sub_${tag}_s`,
					user_id: cliente.id,
					customer_id: `cus_${tag}`,
					price_id: 'price_starter_monthly',
					plan: 'starter',
					periodo: 'monthly',
					status: 'past_due',
					amount: 9900,
					currency: 'eur',
					price_interval: 'month',
					current_period_end: '2026-11-30T10:00:00Z',
					created_at: now,
				},
			]),
		serviceClient()
			.from('pagos')
			.insert({
				id: `cs_${tag}`,
				user_id: cliente.id,
				customer_id: `cus_${tag}`,
				price_id: 'price_enterprise_annual',
				plan: 'enterprise',
				periodo: 'annual',
				// A Spanish buyer's: 4,800 plus 21 % IVA, as the webhook records a Checkout with Stripe Tax.
				amount_subtotal: 480000,
				amount_tax: 100800,
				amount_total: 580800,
				currency: 'eur',
				status: 'paid',
				payment_intent_id: `pi_${tag}`,
			}),
		serviceClient()
			.from('facturas')
			.insert({
				id: `in_${tag}`,
				user_id: cliente.id,
				customer_id: `cus_${tag}`,
				subscription_id: `sub_${tag}_s`,
				number: 'KIA-0042',
				status: 'open',
				currency: 'eur',
				total: 9900,
				amount_due: 9900,
				amount_paid: 0,
			}),
	])
	const failed = written.find((result) => result.error)
	if (failed?.error) throw failed.error
	return { ...cliente, tag }
}
