import type { Page } from '@playwright/test'
import type Stripe from 'stripe'
import { localStripe } from '../../app/.server/billing/local-stripe'
import { expect, openApp, test, visitorAddress } from '../support/e2e-test'
import { formPost } from '../support/form-posts'
import { postWebhook, signedWebhook, stripeClient } from '../support/stripe'
import { uniqueEmail, uniqueName } from '../support/unique'
import { waitForMail } from '../support/mail'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, testPassword } from '../support/data'
import { followEmailLink, postAs, signIn, startSession, submitSignIn } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { fillCheckout, germanCompany, payCheckout } from '../support/billing'

// Buying a plan: 'Pagar y Activar' to Stripe's checkout and back, with JavaScript and without, on a phone too;
// tampered checkouts, the webhook that records the purchase, and Stripe's own portal page. What the client does
// with the plan afterwards is in subscription.spec.ts.

const checkoutPage = /\/checkout\/cs_/

/** Signed in as `email`: 'Pagar y Activar' on a plan page, 'Pagar' on the local Stripe checkout; the session id. */
async function buy(page: Page, planPath: string) {
	await openApp(page, siteURL(planPath))
	await page.getByRole('button', { name: 'Pagar y Activar' }).click()
	await page.waitForURL(checkoutPage)
	await fillCheckout(page)
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
		// Before the address, Stripe Tax has no IVA to add yet; the Spanish company's invoice has it (below).
		await expect(page.getByRole('row', { name: 'Base imponible 199,00 €' })).toBeVisible()
		await expect(page.getByRole('row', { name: 'IVA Según tu dirección' })).toBeVisible()
		await fillCheckout(page)
		await page.getByRole('button', { name: 'Pagar' }).click()

		await page.waitForURL((url) => url.pathname === '/panel-de-clientes')
		await expect(page.getByRole('heading', { name: '¡Gracias! Tu plan está activo' })).toBeVisible()
		// Scoped to the page's content: until hydration the phone menu's closed disclosure also holds a 'Business' link.
		const receipt = page.getByRole('main')
		await expect(receipt.getByText('Business', { exact: true })).toBeVisible()
		await expect(receipt.getByText('Mensual', { exact: true })).toBeVisible()
		// What was charged: 199 € and 21 % IVA.
		await expect(receipt.getByText(/^240,79\s€/)).toBeVisible()
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
		const invoice = page.getByRole('region', { name: 'Facturas' }).getByRole('row').nth(1)
		await expect(invoice).toContainText('199 €')
		await expect(invoice).toContainText('41,79 €')
		await expect(invoice).toContainText('240,79 €')
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
		await fillCheckout(page, germanCompany)
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
		// A German company with a VAT number: its invoice carries no IVA, under the reverse charge.
		const invoice = page.getByRole('region', { name: 'Facturas' }).getByRole('row').nth(1)
		await expect(invoice).toContainText('4.999 €')
		await expect(invoice).toContainText('Inversión del sujeto pasivo')
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
		await submitSignIn(page, account.email, account.password)

		await page.waitForURL(checkoutPage)
		await expect(page.getByText('KIA Business')).toBeVisible()
		await expect(page.getByRole('row', { name: 'Base imponible 199,00 €' })).toBeVisible()
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

		test('signed out, the checkout draft through sign-in reaches the checkout', async ({ page }) => {
			const account = await createAccount('sin-sesion-sin-js')
			await page.goto(siteURL('/tarifas/business'))
			await page.getByRole('button', { name: 'Pagar y Activar' }).click()
			await page.waitForURL(/\/auth\?tab=signup/)
			await expect(page.getByRole('status').filter({ hasText: 'Plan Business · anual' })).toBeVisible()
			await page.getByRole('link', { name: 'Iniciar Sesión' }).click()
			await submitSignIn(page, account.email, account.password)
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

	test('signed out, a bad plan or period is refused before any draft is kept; a link alone starts no purchase', async ({
		page,
	}) => {
		const unknownPeriod = await formPost(siteURL('/tarifas/business'), { period: 'weekly' }, visitorAddress())
		expect(unknownPeriod.status).toBe(302)
		expect(unknownPeriod.headers.location).toBe('/tarifas/business')
		expect(String(unknownPeriod.headers['set-cookie'])).not.toContain('kia-checkout-draft')
		const extraPrice = await formPost(
			siteURL('/tarifas/business'),
			{ period: 'annual', price: 'price_local_starter_monthly' },
			visitorAddress(),
		)
		expect(extraPrice.headers.location).toBe('/tarifas/business')
		expect((await formPost(siteURL('/tarifas/platinum'), { period: 'annual' }, visitorAddress())).status).toBe(404)
		const handedOff = await formPost(siteURL('/tarifas/business'), { period: 'annual' }, visitorAddress())
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
			const response = await postWebhook(payload, signedWebhook(payload))
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
		const paid = await payCheckout(page.url())
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
