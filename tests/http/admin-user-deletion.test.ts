import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localPriceId } from '../../app/.server/billing/local-stripe'
import { adminCopy } from '../../app/content/admin'
import { subscribe, webhooksDelivered } from '../support/billing'
import { createAccount, createAdminAccount } from '../support/data'
import { send, sessionCookie, setCookies, urlencoded } from '../support/hostile-input'
import { stripeClient } from '../support/stripe'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest, siteURL } from '../support/urls'

// Deleting a user from /admin/usuarios (issue 68): a paying customer is never left without an account. The
// confirmation says what deleting does to a subscription Stripe still bills; the deletion cancels it in Stripe (and
// expires any Checkout still open) before the account goes, and refuses, keeping the account, if Stripe cannot.
let app: TestApp
let adminCookie: string
beforeAll(async () => {
	app = await startTestApp()
	adminCookie = await sessionCookie((await createAdminAccount('borrados')).email)
})
afterAll(() => app?.stop())

const copy = adminCopy.users.remove

/** The users page as the admin sees it without JavaScript, with `id`'s deletion confirmation open. */
async function confirmation(user: { id: string; email: string }) {
	const query = new URLSearchParams({ q: user.email, eliminar: user.id })
	const page = await rawRequest(app.portal(`/admin/usuarios?${query}`), { headers: { Cookie: adminCookie } })
	expect(page.status).toBe(200)
	return /<section aria-label="¿Estás absolutamente seguro\?"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
}

const remove = (id: string) =>
	send(
		app.portal('/admin/usuarios'),
		urlencoded([
			['intent', 'delete'],
			['id', id],
		]),
		{ cookie: adminCookie },
	)

const profileOf = async (id: string) =>
	(await serviceClient().from('usuarios').select('id').eq('id', id).maybeSingle()).data

describe('deleting a user', () => {
	test('with a live subscription: the confirmation says so; deleting cancels it in Stripe, keeping its history', async () => {
		const client = await createAccount('borrado-pagando')
		const cookie = await sessionCookie(client.email)
		const { subscriptionId, invoiceId, customerId } = await subscribe({ cookie, userId: client.id })
		const stripe = stripeClient()
		// A purchase left open on Stripe's page (the portal's own would not offer a second plan): once the account is
		// gone it must not be payable.
		const { id: sessionId } = await stripe.checkout.sessions.create({
			mode: 'subscription',
			customer: customerId,
			line_items: [{ price: localPriceId('starter', 'monthly'), quantity: 1 }],
			success_url: siteURL('/panel-de-clientes?session_id={CHECKOUT_SESSION_ID}'),
		})

		expect(await confirmation(client)).toContain(copy.subscriptions('Business mensual'))

		const answer = await remove(client.id)
		expect(answer.status).toBe(302)
		const toast = setCookies(answer)
			.find((line) => line.startsWith('kia-toast='))
			?.split(';')[0]
		const next = await rawRequest(app.portal(String(answer.headers.location)), {
			headers: { Cookie: [adminCookie, toast].join('; ') },
		})
		expect(next.body).toContain(copy.cancelled(1))
		expect(await profileOf(client.id)).toBeNull()
		expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
			status: 'canceled',
			cancellation_details: { comment: 'Cuenta eliminada por un administrador de KIA.' },
		})
		expect(await stripe.checkout.sessions.retrieve(sessionId)).toMatchObject({ status: 'expired' })
		// The cancellation's events reach the app after the account is gone, and are taken: the rows stay, with no user.
		await webhooksDelivered([subscriptionId])
		const { data: kept } = await serviceClient()
			.from('suscripciones')
			.select('status, user_id')
			.eq('id', subscriptionId)
			.single()
		expect(kept).toEqual({ status: 'canceled', user_id: null })
		const { data: invoice } = await serviceClient().from('facturas').select('id').eq('id', invoiceId).single()
		expect(invoice).toEqual({ id: invoiceId })
	})

	test('without one: the confirmation says nothing of Stripe, and the account goes', async () => {
		const client = await createAccount('borrado-sin-plan')
		expect(await confirmation(client)).not.toContain('Stripe')
		expect((await remove(client.id)).status).toBe(302)
		expect(await profileOf(client.id)).toBeNull()
	})

	test('when Stripe cannot say what it bills, the account stays and the admin is told why', async () => {
		const client = await createAccount('borrado-stripe-no')
		// A customer this Stripe does not know: listing its subscriptions is refused.
		await serviceClient()
			.from('stripe_customers')
			.insert({ user_id: client.id, customer_id: 'cus_desconocido_en_stripe' })
			.throwOnError()
		const answer = await remove(client.id)
		expect(answer.status).toBe(400)
		expect(answer.body).toContain(copy.billingFailed)
		expect(await profileOf(client.id)).toEqual({ id: client.id })
	})
})
