import type { Page } from '@playwright/test'
import type Stripe from 'stripe'
import { localStripe } from '../../app/.server/local-stripe'
import { formatLongDate } from '../../app/lib/dates'
import { formatAmount } from '../../app/lib/money'
import { stripeRequestsAbout, subscribe } from '../support/billing'
import { expect, openApp, reloadApp, test } from '../support/e2e-test'
import { stripeClient } from '../support/stripe'
import { uniqueEmail, uniqueName } from '../support/unique'
import { waitForMail } from '../support/mail'
import { portalURL, rawRequest, siteURL, stripeURL } from '../support/urls'
import { createAccount, testPassword } from '../support/data'
import { cookieHeader, followEmailLink, postAs, signIn, startSession } from '../support/browser'
import { serviceClient } from '../support/supabase'

const checkoutPage = /\/checkout\/cs_/

/** 'Pagar y Activar' as a browser without a session posts it, with these fields. */
const formPost = (fields: Record<string, string>) => ({
	method: 'POST',
	body: new URLSearchParams(fields).toString(),
	headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(siteURL('/')).origin },
})

/** Signed in as `email`: 'Pagar y Activar' on a plan page, 'Pagar' on the local Stripe checkout; the session id. */
async function buy(page: Page, planPath: string) {
	await openApp(page, siteURL(planPath))
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
	test('monthly subscription: checkout, return page, our page, cancelled in Stripe’s portal', async ({ page }) => {
		const account = await createAccount('suscripcion')
		await startSession(page, account.email)
		await openApp(page, siteURL('/tarifas/business?periodo=mensual'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		await expect(page.getByText('KIA Business')).toBeVisible()
		await expect(page.getByText('199,00 €')).toBeVisible()
		await page.getByRole('button', { name: 'Pagar' }).click()

		await page.waitForURL((url) => url.pathname === '/panel-de-clientes')
		await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
		// Scoped to the page's content: until hydration the phone menu's closed disclosure also holds a 'Business' link.
		const receipt = page.getByRole('main')
		await expect(receipt.getByText('Business', { exact: true })).toBeVisible()
		await expect(receipt.getByText('Mensual', { exact: true })).toBeVisible()
		// The webhook grants it as well; either way exactly one row, active.
		await expect
			.poll(async () =>
				(await rowsFor('suscripciones', account.id)).map((row) => `${row.plan}/${row.periodo}/${row.status}`),
			)
			.toEqual(['business/monthly/active'])

		await page.getByRole('link', { name: 'Ir al portal de cliente' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard/suscripcion'))
		const plan = page.getByRole('region', { name: 'Plan Business' })
		await expect(plan.getByText('Activa')).toBeVisible()
		await expect(plan.getByText('199 €')).toBeVisible()
		await expect(page.locator('iframe')).toHaveCount(0)

		// Cancelled in Stripe's own portal: it reaches the page through the webhook.
		await page.getByRole('button', { name: 'Gestionar método de pago' }).click()
		await page.waitForURL(/\/billing\/bps_/)
		await page.getByRole('button', { name: 'Cancelar suscripción' }).click()
		await expect(page.getByText('Suscripción cancelada.')).toBeVisible()
		await expect.poll(async () => (await rowsFor('suscripciones', account.id))[0]?.status).toBe('canceled')
		await page.getByRole('link', { name: 'Volver a KIA' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard/suscripcion'))
		const past = page.getByRole('region', { name: 'Suscripciones anteriores' })
		await expect(past.getByText('Cancelada')).toBeVisible()
		await expect(page.getByRole('region', { name: 'Plan Business' })).toHaveCount(0)
	})

	test('annual Enterprise is a one-time payment, shown as such on the return page and in the portal', async ({
		page,
	}) => {
		const account = await createAccount('enterprise')
		await startSession(page, account.email)
		await openApp(page, siteURL('/tarifas/enterprise'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		await expect(page.getByText(/pago único/i).first()).toBeVisible()
		await page.getByRole('button', { name: 'Pagar' }).click()

		await page.waitForURL((url) => url.pathname === '/panel-de-clientes')
		await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
		await expect(page.getByRole('main').getByText('Enterprise', { exact: true })).toBeVisible()
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
		await startSession(page, account.email)
		await openApp(page, siteURL('/tarifas/business'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(checkoutPage)
		await page.getByRole('link', { name: 'Cancelar y volver' }).click()
		await expect(page).toHaveURL(siteURL('/tarifas?canceled=true'))
		await expect(page.getByRole('status').filter({ hasText: 'Has cancelado el pago.' })).toBeVisible()
	})

	test('signed out: “Pagar y Activar” leads to sign in on the portal, then straight to the checkout chosen', async ({
		page,
	}) => {
		const account = await createAccount('sin-sesion')
		await openApp(page, siteURL('/tarifas/business?periodo=mensual'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()

		await page.waitForURL(/\/auth\?tab=signup/)
		expect(new URL(page.url()).host).toBe(new URL(portalURL('/')).host)
		await expect(page.getByRole('status').filter({ hasText: 'Plan Business · mensual' })).toContainText(
			'pasarás directamente al pago',
		)
		await expect(page.getByText('Error en el pago')).toHaveCount(0)
		await page.getByRole('link', { name: 'Iniciar Sesión' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Plan Business · mensual' })).toBeVisible()
		const form = page.locator('#signin')
		await form.getByLabel('Email').fill(account.email)
		await form.getByLabel('Contraseña').fill(account.password)
		await form.getByRole('button', { name: 'Iniciar Sesión' }).click()

		await page.waitForURL(checkoutPage)
		await expect(page.getByText('KIA Business')).toBeVisible()
		await expect(page.getByText('199,00 €')).toBeVisible()
		// Once: the plan page after that is the plan page, its choice spent.
		await page.goto(siteURL('/tarifas/business?pagar=1&periodo=mensual'))
		await expect(page.getByRole('button', { name: 'Pagar y Activar' })).toBeVisible()
	})

	test('signed out: a new account, confirmed from its e-mail, goes on to the checkout', async ({ page }) => {
		const email = uniqueEmail('alta-compra')
		await openApp(page, siteURL('/tarifas/enterprise'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await page.waitForURL(/\/auth\?tab=signup/)
		const form = page.locator('#signup')
		await form.getByLabel('Nombre completo').fill('Irene Compra')
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Contraseña').fill(testPassword)
		await form.getByRole('button', { name: 'Crear cuenta' }).click()
		await expect(page.getByText('¡Registro completado!')).toBeVisible()

		await followEmailLink(page, await waitForMail(email, /Confirma tu cuenta/), 'Confirmar mi cuenta')
		await page.waitForURL(checkoutPage)
		await expect(page.getByText(/pago único/i).first()).toBeVisible()
	})

	test('a plan whose price is not configured says so', async ({ page }) => {
		const account = await createAccount('sin-precio')
		await startSession(page, account.email)
		await openApp(page, siteURL('/tarifas/starter?periodo=mensual'))
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await expect(page.getByText('Funcionalidad no implementada')).toBeVisible()
		await expect(page).toHaveURL(siteURL('/tarifas/starter?periodo=mensual'))
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('signed out, the hand-off through sign-in reaches the checkout', async ({ page }) => {
			const account = await createAccount('sin-sesion-sin-js')
			await page.goto(siteURL('/tarifas/business'))
			await page.getByRole('button', { name: 'Pagar y Activar' }).click()
			await page.waitForURL(/\/auth\?tab=signup/)
			await expect(page.getByRole('status').filter({ hasText: 'Plan Business · anual' })).toBeVisible()
			await page.getByRole('link', { name: 'Iniciar Sesión' }).click()
			const form = page.locator('#signin')
			await form.getByLabel('Email').fill(account.email)
			await form.getByLabel('Contraseña').fill(account.password)
			await form.getByRole('button', { name: 'Iniciar Sesión' }).click()
			await page.waitForURL(checkoutPage)
			await expect(page.getByText('KIA Business')).toBeVisible()
		})

		test('the purchase form reaches the checkout and the portal opens through a plain form', async ({ page }) => {
			const account = await createAccount('sin-js')
			await signIn(page, account.email)
			const sessionId = await buy(page, '/tarifas/business')
			expect(sessionId).toMatch(/^cs_/)
			await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()

			await page.goto(portalURL('/dashboard/suscripcion'))
			await expect(page.getByRole('region', { name: 'Plan Business' })).toBeVisible()
			await page.getByRole('button', { name: 'Gestionar método de pago' }).click()
			await page.waitForURL(/\/billing\/bps_/)
			await expect(page.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible()
			await page.getByRole('link', { name: 'Volver a KIA' }).click()
			await expect(page).toHaveURL(portalURL('/dashboard/suscripcion'))
		})
	})
})

test('on a phone a plan page shows its price and “Pagar y Activar” on the first screen', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	for (const plan of ['starter', 'business', 'enterprise']) {
		await page.goto(siteURL(`/tarifas/${plan}`))
		const pay = page.getByRole('button', { name: 'Pagar y Activar' })
		const box = await pay.boundingBox()
		expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(844)
		const price = await page.getByRole('complementary', { name: 'Contratar' }).getByText('€').first().boundingBox()
		expect(price?.y ?? Infinity).toBeLessThan(box?.y ?? 0)
	}
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

	test('signed out, a bad plan or period is refused before any hand-off; a link alone starts no purchase', async ({
		page,
	}) => {
		const unknownPeriod = await rawRequest(siteURL('/tarifas/business'), formPost({ period: 'weekly' }))
		expect(unknownPeriod.status).toBe(302)
		expect(unknownPeriod.headers.location).toBe('/tarifas/business')
		expect(String(unknownPeriod.headers['set-cookie'])).not.toContain('kia-checkout-draft')
		const extraPrice = await rawRequest(
			siteURL('/tarifas/business'),
			formPost({ period: 'annual', price: 'price_local_starter_monthly' }),
		)
		expect(extraPrice.headers.location).toBe('/tarifas/business')
		expect((await rawRequest(siteURL('/tarifas/platinum'), formPost({ period: 'annual' }))).status).toBe(404)
		const handedOff = await rawRequest(siteURL('/tarifas/business'), formPost({ period: 'annual' }))
		expect(handedOff.headers.location).toBe(
			portalURL(`/auth?${new URLSearchParams({ tab: 'signup', redirectTo: siteURL('/tarifas/business?pagar=1') })}`),
		)

		// Signed in, the return address without this browser's choice (or with a forged one) is only the plan page.
		const account = await createAccount('enlace-compra')
		await startSession(page, account.email)
		await page.goto(siteURL('/tarifas/business?pagar=1'))
		await expect(page.getByRole('button', { name: 'Pagar y Activar' })).toBeVisible()
		await page
			.context()
			.addCookies([{ name: 'kia-checkout-draft', value: 'eyJwbGFuIjoiYnVzaW5lc3MifQ%3D%3D.firma', url: siteURL('/') }])
		await page.goto(siteURL('/tarifas/business?pagar=1'))
		await expect(page.getByRole('button', { name: 'Pagar y Activar' })).toBeVisible()
		expect(await rowsFor('suscripciones', account.id)).toEqual([])
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
		await startSession(page, account.email)
		await openApp(page, siteURL('/tarifas/business'))
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
				id: `sub_${uniqueName('huerfana').replaceAll('-', '_')}`,
				user_id: account.id,
				customer_id: 'cus_missing',
				price_id: localStripe.STRIPE_PRICE_BUSINESS_ANNUAL ?? '',
				plan: 'business',
				periodo: 'annual',
				status: 'active',
			})
		await startSession(page, account.email)
		await openApp(page, portalURL('/dashboard/suscripcion'))
		await page.getByRole('button', { name: 'Gestionar método de pago' }).click()
		await expect(page.getByText('No se pudo cargar el portal de cliente.')).toBeVisible()
		await expect(page.getByText('Error al cargar el portal')).toBeVisible()
		await expect(page.getByText('No se pudo obtener la URL del portal.').first()).toBeVisible()
		await expect(page).toHaveURL(portalURL('/dashboard/suscripcion'))
		await page.getByRole('button', { name: 'Intentar de nuevo' }).click()
		await expect(page.getByText('No se pudo cargar el portal de cliente.')).toBeVisible()
	})

	test('someone who never bought sees the plans, not an error', async ({ page }) => {
		const account = await createAccount('sin-plan')
		await startSession(page, account.email)
		await page.goto(portalURL('/dashboard/suscripcion'))
		await expect(page.getByText('Todavía no tienes ningún plan contratado.')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', siteURL('/tarifas'))
	})
})

test.describe('managing the subscription on our page', () => {
	const subscriptionPage = () => portalURL('/dashboard/suscripcion')

	/** A signed-in account with an active Business monthly subscription, its first invoice recorded. */
	async function subscribed(page: Page, label: string) {
		const account = await createAccount(label)
		await signIn(page, account.email)
		const bought = await subscribe({ cookie: await cookieHeader(page), userId: account.id })
		return { account, ...bought }
	}

	async function subscriptionRow(id: string) {
		const { data, error } = await serviceClient().from('suscripciones').select('*').eq('id', id).single()
		if (error) throw error
		return data
	}

	/** Sonner's toast; without JavaScript the same toast is in the HTML (see the test at the end). */
	const toast = (page: Page, title: string) => page.getByText(title, { exact: true })
	/**
	 * An action answers once Stripe's webhook has updated our tables, waiting up to 8 s for it
	 * (`webhookWaitMs`, app/.server/billing.ts): its answer may take that long, and on a loaded machine longer.
	 */
	const actionAnswered = { timeout: 15_000 }

	test('cancel at period end through the confirmation dialog, then undo it: each shown at once', async ({ page }) => {
		const { subscriptionId } = await subscribed(page, 'cancela')
		await openApp(page, subscriptionPage())
		const plan = page.getByRole('region', { name: 'Plan Business' })
		const renewal = formatLongDate((await subscriptionRow(subscriptionId)).current_period_end ?? '')
		await expect(plan.getByText(renewal)).toBeVisible()

		await plan.getByRole('button', { name: 'Cancelar suscripción' }).click()
		const dialog = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' })
		await expect(dialog).toContainText(`Tu plan seguirá activo hasta el ${renewal}`)
		await dialog.getByRole('button', { name: 'Mantener suscripción' }).click()
		await expect(dialog).toBeHidden()
		expect((await subscriptionRow(subscriptionId)).cancel_at_period_end).toBe(false)

		await plan.getByRole('button', { name: 'Cancelar suscripción' }).click()
		await dialog.getByRole('button', { name: 'Cancelar al final del periodo' }).click()
		// No reload: the action waited for Stripe's webhook, so the page it lands on has the change.
		await expect(toast(page, 'Renovación cancelada')).toBeVisible(actionAnswered)
		await expect(plan.getByText('No se renovará')).toBeVisible()
		await expect(
			plan.getByText(`Has cancelado la renovación. Conservas tu plan hasta el ${renewal}`, { exact: false }),
		).toBeVisible()
		expect(await subscriptionRow(subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: 'active' })
		expect((await stripeClient().subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true)

		await plan.getByRole('button', { name: 'Reanudar suscripción' }).click()
		await expect(toast(page, 'Suscripción reanudada')).toBeVisible(actionAnswered)
		await expect(plan.getByText('Activa')).toBeVisible()
		await expect(plan.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible()
		expect((await subscriptionRow(subscriptionId)).cancel_at_period_end).toBe(false)
		expect((await stripeClient().subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false)
	})

	test('change plan within the period: same renewal date, Stripe prorates on the next invoice', async ({ page }) => {
		const { subscriptionId } = await subscribed(page, 'cambia-plan')
		const before = await subscriptionRow(subscriptionId)
		await openApp(page, subscriptionPage())
		await expect(page.getByRole('radio', { name: /Business · Mensual/ })).toBeDisabled()
		await page.getByRole('radio', { name: /Enterprise · Mensual/ }).check()
		await page.getByRole('button', { name: 'Cambiar de plan' }).click()

		await expect(toast(page, 'Plan cambiado')).toBeVisible(actionAnswered)
		const plan = page.getByRole('region', { name: 'Plan Enterprise' })
		await expect(plan.getByText('499 €')).toBeVisible()
		await expect(plan.getByText(formatLongDate(before.current_period_end ?? ''))).toBeVisible()
		expect(await subscriptionRow(subscriptionId)).toMatchObject({
			plan: 'enterprise',
			periodo: 'monthly',
			amount: 49_900,
			price_interval: 'month',
			current_period_end: before.current_period_end,
		})
		const stripe = await stripeClient().subscriptions.retrieve(subscriptionId)
		expect(stripe.items.data[0]?.price.id).toBe(localStripe.STRIPE_PRICE_ENTERPRISE_MONTHLY)
		// Prorations wait for the next invoice: still only the first one.
		await expect(page.getByRole('region', { name: 'Facturas' }).getByRole('row')).toHaveCount(2)
	})

	test('change period: monthly to annual is invoiced at once and the renewal moves a year ahead', async ({ page }) => {
		const { subscriptionId } = await subscribed(page, 'cambia-periodo')
		await openApp(page, subscriptionPage())
		await page.getByRole('radio', { name: /Business · Anual/ }).check()
		await page.getByRole('button', { name: 'Cambiar de plan' }).click()

		await expect(toast(page, 'Plan cambiado')).toBeVisible(actionAnswered)
		const plan = page.getByRole('region', { name: 'Plan Business' })
		await expect(plan.getByText('1.999 €')).toBeVisible()
		await expect(plan.getByText('/año')).toBeVisible()
		const row = await subscriptionRow(subscriptionId)
		expect(row).toMatchObject({ periodo: 'annual', price_interval: 'year', amount: 199_900 })
		await expect(plan.getByText(formatLongDate(row.current_period_end ?? ''))).toBeVisible()

		const [latest] = (await stripeClient().invoices.list({ subscription: subscriptionId, limit: 1 })).data
		expect(latest).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' })
		const invoices = page.getByRole('region', { name: 'Facturas' })
		const line = invoices.getByRole('row').filter({ hasText: latest?.number ?? 'sin número' })
		await expect(line.getByText('Cambio de plan')).toBeVisible()
		await expect(line.getByText('Pagada')).toBeVisible()
		await expect(line.getByText(formatAmount(latest?.total ?? 0, 'eur'))).toBeVisible()
		await expect(invoices.getByRole('row')).toHaveCount(3)
	})

	test('invoices are listed with their hosted page and PDF, and both open', async ({ page }) => {
		const { invoiceId } = await subscribed(page, 'facturas')
		const invoice = await stripeClient().invoices.retrieve(invoiceId)
		await page.goto(subscriptionPage())
		const line = page
			.getByRole('region', { name: 'Facturas' })
			.getByRole('row')
			.filter({ hasText: invoice.number ?? '' })
		await expect(line.getByText('Alta de la suscripción')).toBeVisible()
		await expect(line.getByText('199 €')).toBeVisible()
		const pdf = line.getByRole('link', { name: `PDF de la factura ${invoice.number}` })
		await expect(pdf).toHaveAttribute('href', invoice.invoice_pdf ?? '')
		const file = await page.request.get((await pdf.getAttribute('href')) ?? '')
		expect(file.headers()['content-type']).toBe('application/pdf')
		expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')

		await line.getByRole('link', { name: `Ver factura ${invoice.number}` }).click()
		await expect(page).toHaveURL(invoice.hosted_invoice_url ?? '')
		await expect(page.getByRole('heading', { name: `Factura ${invoice.number}` })).toBeVisible()
	})

	test('the payment-method hand-off: 303 to a portal session that returns to the page, pending while it loads', async ({
		page,
	}) => {
		const { customerId } = await subscribed(page, 'metodo-pago')
		const handOff = await postAs(page, subscriptionPage(), { intent: 'portal' })
		expect(handOff.status).toBe(303)
		const location = String(handOff.headers.location)
		expect(location).toMatch(new RegExp(`^${stripeURL()}/billing/bps_`))
		const [created] = await stripeRequestsAbout([customerId])
		expect(created).toMatchObject({
			method: 'POST',
			path: '/v1/billing_portal/sessions',
			params: { customer: customerId, return_url: subscriptionPage() },
		})

		await openApp(page, subscriptionPage())
		// Held back until the pending state has been seen: once the answer is in, the browser leaves for Stripe, and
		// a check of the page still waiting then reads Stripe's. A hold of a fixed second was over before a click on a
		// busy machine had returned (the click took 1.7 s).
		let release = () => {}
		const answerHeld = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/dashboard/suscripcion.data*', async (route) => {
			await answerHeld
			await route.continue()
		})
		await page.getByRole('button', { name: 'Gestionar método de pago' }).click()
		await expect(page.getByText('Cargando tu portal seguro...')).toBeVisible()
		release()
		await page.waitForURL(/\/billing\/bps_/)
		await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeVisible()
		await page.getByRole('link', { name: 'Volver a KIA' }).click()
		await expect(page).toHaveURL(subscriptionPage())
	})

	test('a card that declines: the invoice stays open and the page says so, until it is paid', async ({ page }) => {
		const { subscriptionId } = await subscribed(page, 'rechazada')
		await openApp(page, subscriptionPage())
		await page.getByRole('button', { name: 'Gestionar método de pago' }).click()
		await page.waitForURL(/\/billing\/bps_/)
		await page.getByLabel(/0341/).check()
		await page.getByRole('button', { name: 'Guardar método de pago' }).click()
		await expect(page.getByText('Método de pago actualizado.')).toBeVisible()
		await page.getByRole('link', { name: 'Volver a KIA' }).click()

		await page.getByRole('radio', { name: /Business · Anual/ }).check()
		await page.getByRole('button', { name: 'Cambiar de plan' }).click()
		await expect(toast(page, 'Plan cambiado')).toBeVisible(actionAnswered)
		const plan = page.getByRole('region', { name: 'Plan Business' })
		await expect(plan.getByText('Pago pendiente')).toBeVisible()
		await expect(plan.getByText('No pudimos cobrar tu última factura')).toBeVisible()
		const pending = page
			.getByRole('region', { name: 'Facturas' })
			.getByRole('row')
			.filter({ hasText: 'Pendiente de pago' })
		await expect(pending).toHaveCount(1)

		await plan.getByRole('link', { name: 'Pagar factura' }).click()
		await page.getByRole('button', { name: /^Pagar/ }).click()
		await expect(page.getByText('Pagada').first()).toBeVisible()
		await expect.poll(async () => (await subscriptionRow(subscriptionId)).status).toBe('active')
		await page.goto(subscriptionPage())
		await expect(page.getByRole('region', { name: 'Plan Business' }).getByText('Activa')).toBeVisible()
		await expect(pending).toHaveCount(0)
	})

	test('a plain page view makes no Stripe call', async ({ page }) => {
		const { subscriptionId, customerId, invoiceId } = await subscribed(page, 'sin-llamadas')
		const ids = [subscriptionId, customerId, invoiceId]
		const before = (await stripeRequestsAbout(ids)).length
		await openApp(page, subscriptionPage())
		await expect(page.getByRole('region', { name: 'Plan Business' })).toBeVisible()
		await expect(page.getByRole('region', { name: 'Facturas' }).getByRole('row')).toHaveCount(2)
		await reloadApp(page)
		await openApp(page, portalURL('/dashboard'))
		await page.getByRole('link', { name: /Portal de Cliente/ }).click()
		await expect(page.getByRole('region', { name: 'Plan Business' })).toBeVisible()
		expect(await stripeRequestsAbout(ids)).toHaveLength(before)
	})

	test('another client’s subscription id is refused in Spanish, with no Stripe call and nothing changed', async ({
		browser,
	}) => {
		const ownerPage = await browser.newPage()
		const { subscriptionId } = await subscribed(ownerPage, 'victima')
		const before = await subscriptionRow(subscriptionId)
		const requestsBefore = (await stripeRequestsAbout([subscriptionId])).length

		const intruder = await createAccount('intruso')
		const page = await browser.newPage()
		await signIn(page, intruder.email)
		const admin = await browser.newPage()
		await signIn(admin, 'admin@kia.test', 'kia-admin-2025')
		for (const actor of [page, admin]) {
			const forms: Record<string, string>[] = [
				{ intent: 'cancel', subscription: subscriptionId },
				{ intent: 'resume', subscription: subscriptionId },
				{ intent: 'change', subscription: subscriptionId, choice: 'starter:annual' },
			]
			for (const form of forms) {
				const response = await postAs(actor, subscriptionPage(), form)
				expect(response.status, form.intent).toBe(404)
				expect(response.body).toContain('Esa suscripción no existe o no pertenece a tu cuenta.')
			}
		}
		expect(await stripeRequestsAbout([subscriptionId])).toHaveLength(requestsBefore)
		expect(await subscriptionRow(subscriptionId)).toEqual(before)
	})

	test('Stripe refuses to change a canceled subscription, and the page says so in Spanish', async ({ page }) => {
		const { subscriptionId } = await subscribed(page, 'ya-cancelada')
		await stripeClient().subscriptions.cancel(subscriptionId)
		await expect.poll(async () => (await subscriptionRow(subscriptionId)).status).toBe('canceled')
		const refused = await postAs(page, subscriptionPage(), { intent: 'resume', subscription: subscriptionId })
		expect(refused.status).toBe(409)
		expect(refused.body).toContain('Stripe no lo ha aceptado: esta suscripción ya no admite cambios.')
		const [call] = await stripeRequestsAbout([subscriptionId])
		expect(call).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}` })
		await page.goto(subscriptionPage())
		await expect(page.getByRole('region', { name: 'Suscripciones anteriores' }).getByText('Cancelada')).toBeVisible()
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the same cancel submission: the question on the page, then the result', async ({ page }) => {
			const { subscriptionId } = await subscribed(page, 'cancela-sin-js')
			await page.goto(subscriptionPage())
			const plan = page.getByRole('region', { name: 'Plan Business' })
			await plan.getByRole('link', { name: 'Cancelar suscripción' }).click()
			await expect(page).toHaveURL(portalURL(`/dashboard/suscripcion?cancelar=${subscriptionId}`))
			const question = page.getByRole('region', { name: '¿Cancelar tu suscripción?' })
			await question.getByRole('button', { name: 'Cancelar al final del periodo' }).click()
			await expect(page).toHaveURL(subscriptionPage(), actionAnswered)
			await expect(page.getByRole('status')).toContainText('Renovación cancelada')
			await expect(plan.getByText('No se renovará')).toBeVisible()
			expect((await subscriptionRow(subscriptionId)).cancel_at_period_end).toBe(true)
		})
	})
})
