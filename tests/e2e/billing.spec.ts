import type { Page } from '@playwright/test'
import type Stripe from 'stripe'
import { localStripe } from '../../app/.server/local-stripe'
import { createAccount, postAs, serviceClient, signIn } from '../support/e2e-data'
import { expect, test } from '../support/e2e-test'
import { stripeClient } from '../support/stripe'
import { uniqueName } from '../support/unique'
import { portalURL, rawRequest, siteURL } from '../support/urls'

const checkoutPage = /\/checkout\/cs_/

/** Signed in as `email`: 'Pagar y Activar' on a plan page, 'Pagar' on the local Stripe checkout; the session id. */
async function buy(page: Page, planPath: string) {
	await page.goto(siteURL(planPath), { waitUntil: 'networkidle' })
	await page.getByRole('button', { name: 'Pagar y Activar' }).click()
	await page.waitForURL(checkoutPage)
	await page.getByRole('button', { name: 'Pagar' }).click()
	await page.waitForURL((url) => url.pathname === '/panel-de-clientes')
	return new URL(page.url()).searchParams.get('session_id') ?? ''
}

async function rowsFor(table: 'suscripciones' | 'pagos', userId: string) {
	const { data, error } = await serviceClient().from(table).select('*').eq('user_id', userId)
	if (error) throw error
	return data
}

test.describe('checkout', () => {
	test('monthly subscription: checkout, return page, portal, cancelled in the billing portal', async ({ page }) => {
		const account = await createAccount('suscripcion')
		await signIn(page, account.email)
		await page.goto(siteURL('/tarifas/business?periodo=mensual'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		await expect(page.getByText('KIA Business')).toBeVisible()
		await expect(page.getByText('199,00 €')).toBeVisible()
		await page.getByRole('button', { name: 'Pagar' }).click()

		await page.waitForURL((url) => url.pathname === '/panel-de-clientes')
		await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
		await expect(page.getByText('Business', { exact: true })).toBeVisible()
		await expect(page.getByText('Mensual', { exact: true })).toBeVisible()
		// The webhook grants it as well; either way exactly one row, active.
		await expect
			.poll(async () =>
				(await rowsFor('suscripciones', account.id)).map((row) => `${row.plan}/${row.periodo}/${row.status}`),
			)
			.toEqual(['business/monthly/active'])

		await page.getByRole('link', { name: 'Ir al portal de cliente' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard/suscripcion'))
		const plan = page.getByRole('listitem').filter({ hasText: 'Plan Business' })
		await expect(plan.getByText('Activa')).toBeVisible()
		await expect(plan.getByText(/^Se renueva el \d{1,2} de \w+ de \d{4}$/)).toBeVisible()

		const portal = page.frameLocator('iframe[title="Portal de cliente de Stripe"]')
		await portal.getByRole('button', { name: 'Cancelar suscripción' }).click()
		await expect(portal.getByText(/cancelada/i).first()).toBeVisible()
		await expect.poll(async () => (await rowsFor('suscripciones', account.id))[0]?.status).toBe('canceled')
		await page.reload()
		await expect(plan.getByText('Cancelada')).toBeVisible()
	})

	test('annual Enterprise is a one-time payment, shown as such on the return page and in the portal', async ({
		page,
	}) => {
		const account = await createAccount('enterprise')
		await signIn(page, account.email)
		await page.goto(siteURL('/tarifas/enterprise'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		await expect(page.getByText(/pago único/i).first()).toBeVisible()
		await page.getByRole('button', { name: 'Pagar' }).click()

		await page.waitForURL((url) => url.pathname === '/panel-de-clientes')
		await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
		await expect(page.getByText('Enterprise', { exact: true })).toBeVisible()
		await expect
			.poll(async () => (await rowsFor('pagos', account.id)).map((row) => `${row.plan}/${row.periodo}/${row.status}`))
			.toEqual(['enterprise/annual/paid'])
		expect(await rowsFor('suscripciones', account.id)).toEqual([])

		await page.goto(portalURL('/dashboard/suscripcion'))
		const payment = page.getByRole('listitem').filter({ hasText: 'Plan Enterprise' })
		await expect(payment.getByText(/Pago único/)).toBeVisible()
		await expect(payment.getByText('Pagado', { exact: true })).toBeVisible()
	})

	test('cancelling on the checkout page comes back to /tarifas with a notice', async ({ page }) => {
		const account = await createAccount('arrepentido')
		await signIn(page, account.email)
		await page.goto(siteURL('/tarifas/business'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		await page.getByRole('link', { name: 'Cancelar y volver' }).click()
		await expect(page).toHaveURL(siteURL('/tarifas?canceled=true'))
		await expect(page.getByRole('status').filter({ hasText: 'Has cancelado el pago.' })).toBeVisible()
	})

	test('signed out: the payment error, then sign in and come back to the plan', async ({ page }) => {
		const account = await createAccount('sin-sesion')
		await page.goto(siteURL('/tarifas/starter'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await expect(page.getByText('Error en el pago')).toBeVisible()
		await expect(
			page.getByText('No se pudo redirigir a la página de pago. Por favor, inténtalo de nuevo.'),
		).toBeVisible()

		await page.getByRole('link', { name: 'Iniciar sesión para contratar' }).click()
		// A post sent while the page hydrates is cancelled by Chromium (the router's replaceState): wait it out.
		await page.waitForLoadState('networkidle')
		const form = page.locator('#signin')
		await form.getByLabel('Email').fill(account.email)
		await form.getByLabel('Contraseña').fill(account.password)
		await form.getByRole('button', { name: 'Iniciar Sesión' }).click()
		await page.waitForURL(siteURL('/tarifas/starter'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
	})

	test('a plan whose price is not configured says so', async ({ page }) => {
		const account = await createAccount('sin-precio')
		await signIn(page, account.email)
		await page.goto(siteURL('/tarifas/starter?periodo=mensual'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await expect(page.getByText('Funcionalidad no implementada')).toBeVisible()
		await expect(page).toHaveURL(siteURL('/tarifas/starter?periodo=mensual'))
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the purchase form reaches the checkout and the portal opens through a plain form', async ({ page }) => {
			const account = await createAccount('sin-js')
			await signIn(page, account.email)
			const sessionId = await buy(page, '/tarifas/business')
			expect(sessionId).toMatch(/^cs_/)
			await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()

			await page.goto(portalURL('/dashboard/suscripcion'))
			await expect(page.getByRole('listitem').filter({ hasText: 'Plan Business' })).toBeVisible()
			const [portal] = await Promise.all([
				page.waitForEvent('popup'),
				page.getByRole('button', { name: 'Abrir el portal en una pestaña nueva' }).click(),
			])
			await portal.waitForURL(/\/billing\/bps_/)
			await expect(portal.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible()
		})
	})
})

test.describe('checkout tampering', () => {
	test('the browser cannot choose the price, the plan or the period', async ({ page }) => {
		const account = await createAccount('manipulador')
		await signIn(page, account.email)

		const extraPrice = await postAs(page, siteURL('/tarifas/business'), {
			period: 'annual',
			price: 'price_local_starter_monthly',
		})
		expect(extraPrice.status).toBe(302)
		expect(extraPrice.headers.location).toBe('/tarifas/business')
		const unknownPeriod = await postAs(page, siteURL('/tarifas/business'), { period: 'weekly' })
		expect(unknownPeriod.headers.location).toBe('/tarifas/business')
		const unknownPlan = await postAs(page, siteURL('/tarifas/platinum'), { period: 'annual' })
		expect(unknownPlan.status).toBe(404)

		const allowed = await postAs(page, siteURL('/tarifas/business'), { period: 'monthly' })
		expect(allowed.status).toBe(303)
		const session = await stripeClient().checkout.sessions.retrieve(
			allowed.headers.location?.toString().split('/').pop() ?? '',
			{
				expand: ['line_items'],
			},
		)
		expect(session.line_items?.data.map((item) => item.price?.id)).toEqual([localStripe.STRIPE_PRICE_BUSINESS_MONTHLY])
		expect(session.client_reference_id).toBe(account.id)
		expect(session.metadata?.user_id).toBe(account.id)
	})

	test('another user’s session id on the return page shows nothing of theirs', async ({ browser }) => {
		const buyer = await createAccount('comprador')
		const buyerPage = await browser.newPage()
		await signIn(buyerPage, buyer.email)
		const sessionId = await buy(buyerPage, '/tarifas/business')

		const other = await createAccount('curioso')
		const page = await browser.newPage()
		await signIn(page, other.email)
		const response = await page.goto(siteURL(`/panel-de-clientes?session_id=${sessionId}`))
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'No encontramos esta compra' })).toBeVisible()
		await expect(page.locator('main dl')).toHaveCount(0)
		expect(await rowsFor('suscripciones', other.id)).toEqual([])

		await page.context().clearCookies()
		await page.goto(siteURL(`/panel-de-clientes?session_id=${sessionId}`))
		await expect(page).toHaveURL(/\/auth\?redirectTo=/)
	})
})

/** The checkout.session.completed event of one session, however many other purchases the suite has made (newest first, page after page). */
async function completionOf(sessionId: string): Promise<Stripe.Event | undefined> {
	for await (const event of stripeClient().events.list({ type: 'checkout.session.completed', limit: 100 })) {
		if ((event.data.object as { id: string }).id === sessionId) return event
	}
	return undefined
}

test.describe('Stripe webhook', () => {
	const webhookURL = () => siteURL('/api/stripe/webhook')
	const post = (payload: string, signature?: string) =>
		rawRequest(webhookURL(), {
			method: 'POST',
			body: payload,
			headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
		})
	const sign = (payload: string) =>
		stripeClient().webhooks.generateTestHeaderString({ payload, secret: localStripe.STRIPE_WEBHOOK_SECRET ?? '' })

	test('a missing or bad signature is refused with 400; an event we do not use gets 200', async () => {
		// An id of its own: an id seen before is a duplicate, whatever its type.
		const payload = JSON.stringify({
			id: `evt_${uniqueName('ignorado')}`,
			object: 'event',
			type: 'customer.created',
			data: { object: {} },
		})
		expect((await post(payload)).status).toBe(400)
		expect((await post(payload, 't=1,v1=deadbeef')).status).toBe(400)
		expect((await post(`${payload} `, sign(payload))).status).toBe(400)
		const ignored = await post(payload, sign(payload))
		expect(ignored.status).toBe(200)
		expect(JSON.parse(ignored.body)).toMatchObject({ received: true, outcome: 'ignored' })
	})

	test('the same event delivered 10 times has one effect', async ({ page }) => {
		const account = await createAccount('repetido')
		await signIn(page, account.email)
		const sessionId = await buy(page, '/tarifas/enterprise')
		const delivered = await completionOf(sessionId)
		expect(delivered).toBeDefined()
		await serviceClient().from('pagos').delete().eq('user_id', account.id)

		const eventId = `evt_${uniqueName('repetido')}`
		const payload = JSON.stringify({ ...delivered, id: eventId })
		const outcomes: string[] = []
		for (let i = 0; i < 10; i++) {
			const response = await post(payload, sign(payload))
			expect(response.status).toBe(200)
			outcomes.push((JSON.parse(response.body) as { outcome: string }).outcome)
		}
		expect(outcomes).toEqual(['handled', ...Array(9).fill('duplicate')])
		expect(await rowsFor('pagos', account.id)).toHaveLength(1)
		const recorded = await serviceClient().from('stripe_eventos').select('id').eq('id', eventId)
		expect(recorded.data).toHaveLength(1)
	})

	test('a purchase is granted by the webhook alone, without the return page', async ({ page }) => {
		const account = await createAccount('solo-webhook')
		await signIn(page, account.email)
		await page.goto(siteURL('/tarifas/business'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		// Pay as the checkout page's form does, but never follow the redirect to the return page.
		const paid = await fetch(`${page.url()}/pay`, { method: 'POST', redirect: 'manual' })
		expect(paid.status).toBe(303)
		await expect
			.poll(async () => (await rowsFor('suscripciones', account.id)).map((row) => row.status), { timeout: 15_000 })
			.toEqual(['active'])
	})
})

test.describe('customer portal page', () => {
	test('a portal that cannot be opened says so and offers a retry', async ({ page }) => {
		const account = await createAccount('sin-cliente')
		// A plan on record but no Stripe customer: the portal link cannot be made.
		await serviceClient()
			.from('suscripciones')
			.insert({
				id: `sub_${uniqueName('huerfana')}`,
				user_id: account.id,
				customer_id: 'cus_missing',
				price_id: localStripe.STRIPE_PRICE_BUSINESS_ANNUAL ?? '',
				plan: 'business',
				periodo: 'annual',
				status: 'active',
			})
		await signIn(page, account.email)
		await page.goto(portalURL('/dashboard/suscripcion'))
		await expect(page.getByText('No se pudo cargar el portal de cliente.')).toBeVisible()
		await expect(page.getByText('Error al cargar el portal')).toBeVisible()
		await expect(page.getByText('No se pudo obtener la URL del portal.')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible()
	})

	test('someone who never bought sees the plans, not an error', async ({ page }) => {
		const account = await createAccount('sin-plan')
		await signIn(page, account.email)
		await page.goto(portalURL('/dashboard/suscripcion'))
		await expect(page.getByText('Todavía no tienes ningún plan contratado.')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', siteURL('/tarifas'))
	})
})
