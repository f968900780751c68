import { afterAll, beforeAll, expect, test } from 'vitest'
import { requestBudgetMs } from '~/.server/budget'
import { paymentErrorToast } from '~/content/billing'
import { createAccount } from '../support/data'
import { send, sessionCookie, setCookies, urlencoded } from '../support/hostile-input'
import { startSilentServer } from '../support/silent-server'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest } from '../support/urls'

// Stripe that fails without refusing (issue 66): a Stripe that takes the connection and never answers, then one
// whose packets are dropped, so that connecting itself never ends. Either way 'Pagar y Activar' must say 'Error en
// el pago' while the visitor is still there, well before nginx gives up on the request (60 s).
let stripe: Awaited<ReturnType<typeof startSilentServer>>
let app: TestApp
beforeAll(async () => {
	stripe = await startSilentServer()
	app = await startTestApp({ STRIPE_API_URL: stripe.url })
})
afterAll(async () => {
	await app?.stop()
	await stripe?.stop()
})

/** 'Pagar y Activar' for a new client, and how long until the page said so. */
async function payAndActivate(label: string) {
	const cookie = await sessionCookie((await createAccount(label)).email)
	const startedAt = performance.now()
	const answer = await send(app.site('/tarifas/business'), urlencoded([['period', 'monthly']]), { cookie })
	const ms = performance.now() - startedAt
	const toast = setCookies(answer).find((line) => line.startsWith('kia-toast='))
	const next = await rawRequest(app.site(String(answer.headers.location)), {
		headers: { Cookie: [cookie, toast?.split(';')[0]].join('; ') },
	})
	return { ms, status: answer.status, location: answer.headers.location, page: next.body }
}

// Outside calls share the request's budget; past it there is only the page's own work left.
const answeredWithin = requestBudgetMs + 5_000

test('a Stripe that never answers: the payment error within the request’s budget', async () => {
	const checkout = await payAndActivate('stripe-mudo')
	expect(checkout).toMatchObject({ status: 302, location: '/tarifas/business' })
	expect(checkout.page).toContain(paymentErrorToast.title)
	expect(checkout.ms).toBeLessThan(answeredWithin)
})

test(
	'a Stripe that drops packets: the payment error within the request’s budget too',
	{ timeout: 60_000 },
	async () => {
		await stripe.dropPackets()
		const checkout = await payAndActivate('stripe-sin-red')
		expect(checkout).toMatchObject({ status: 302, location: '/tarifas/business' })
		expect(checkout.page).toContain(paymentErrorToast.title)
		expect(checkout.ms).toBeLessThan(answeredWithin)
	},
)
