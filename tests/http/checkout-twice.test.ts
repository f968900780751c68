import { afterAll, beforeAll, expect, test } from 'vitest'
import { subscribe } from '../support/billing'
import { createAccount } from '../support/data'
import { send, sessionCookie, urlencoded } from '../support/hostile-input'
import { startTestApp, type TestApp } from '../support/test-app'

// 'Pagar y Activar' twice (two tabs, a double press, or on purpose): one Checkout, and never a second subscription
// for someone who already pays one (issue 64, finding 6).
let stack: TestApp
beforeAll(async () => {
	stack = await startTestApp()
})
afterAll(() => stack?.stop())

const payAndActivate = (plan: string, period: string, cookie: string) =>
	send(stack.site(`/tarifas/${plan}`), urlencoded([['period', period]]), { cookie })

test('two presses of one plan and period open the same Checkout; another price opens its own', async () => {
	const account = await createAccount('pago-doble')
	const cookie = await sessionCookie(account.email)
	const [first, second] = await Promise.all([
		payAndActivate('business', 'monthly', cookie),
		payAndActivate('business', 'monthly', cookie),
	])
	expect([first.status, second.status]).toEqual([303, 303])
	expect(first.headers.location).toMatch(/\/checkout\/cs_/)
	expect(second.headers.location).toBe(first.headers.location)
	const annual = await payAndActivate('business', 'annual', cookie)
	expect(annual.headers.location).toMatch(/\/checkout\/cs_/)
	expect(annual.headers.location).not.toBe(first.headers.location)
})

test('someone who already pays a plan is sent to change it, whatever plan they choose', async () => {
	const account = await createAccount('pago-segundo')
	const cookie = await sessionCookie(account.email)
	await subscribe({ cookie, userId: account.id }, 'business', 'monthly')
	for (const [plan, period] of [
		['business', 'monthly'],
		['starter', 'annual'],
		['enterprise', 'annual'],
	]) {
		const again = await payAndActivate(plan ?? '', period ?? '', cookie)
		expect([again.status, again.headers.location], `${plan} ${period}`).toEqual([
			302,
			stack.portal('/dashboard/suscripcion'),
		])
	}
})
