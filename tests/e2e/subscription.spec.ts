import type { Page } from '@playwright/test'
import { localStripe } from '../../app/.server/billing/local-stripe'
import { formatLongDate } from '../../app/lib/dates'
import { formatAmount } from '../../app/lib/money'
import { stripeRequestsAbout, subscribe } from '../support/billing'
import { expect, openApp, reloadApp, test } from '../support/e2e-test'
import { stripeClient } from '../support/stripe'
import { portalURL, stripeURL } from '../support/urls'
import { createAccount } from '../support/data'
import { cookieHeader, postAs, signIn } from '../support/browser'
import { serviceClient } from '../support/supabase'

// A plan bought, on /dashboard/suscripcion: cancel and undo, a change of plan or period, the invoices, the payment
// method's billing portal, a declined card, and what is refused; with JavaScript and without. Buying it (checkout, its
// webhook, tampering, Stripe's portal page) is in billing.spec.ts.

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
	 * (`webhookWaitMs`, app/.server/billing/billing.ts): its answer may take that long, and on a loaded machine longer.
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

	test('the way to the billing portal: 303 to a portal session that returns to the page, pending while it loads', async ({
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
