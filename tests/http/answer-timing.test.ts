import { afterAll, beforeAll, expect, test } from 'vitest'
import { formPost } from '../support/form-posts'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueEmail } from '../support/unique'

// What the time of an answer tells (decision 014): a failed sign-in, a recovery request and a newsletter
// sign-up are answered in the same time whether the account or the subscriber exists or not. Samples
// alternate between the two kinds, so a busy moment of the machine falls on both alike.
let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

const password = 'contraseña-segura-1'
const samples = 7

async function account(label: string) {
	const email = uniqueEmail(label)
	const created = await serviceClient(app.supabase.url).auth.admin.createUser({ email, password, email_confirm: true })
	if (created.error) throw created.error
	return email
}

async function timed(send: () => Promise<{ status: number }>) {
	const started = performance.now()
	const { status } = await send()
	return { ms: performance.now() - started, status }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** Medians of `samples` answers of each kind, alternated; every answer's status is `status`. */
async function compare(
	known: () => Promise<{ status: number }>,
	unknown: () => Promise<{ status: number }>,
	status: number,
) {
	const times = { known: [] as number[], unknown: [] as number[] }
	for (let sample = 0; sample < samples; sample++) {
		for (const [kind, send] of [
			['known', known],
			['unknown', unknown],
		] as const) {
			const answer = await timed(send)
			expect(answer.status, kind).toBe(status)
			times[kind].push(answer.ms)
		}
	}
	return { known: median(times.known), unknown: median(times.unknown) }
}

test('a wrong password is answered in the same time for an account and for an unknown address', async () => {
	// A new account per sample: each e-mail may fail five times (sign-in limits).
	const accounts = await Promise.all(Array.from({ length: samples }, (_, index) => account(`tiempo-${index}`)))
	const post = (email: string) =>
		formPost(app.portal('/auth'), { intent: 'signin', email, password: 'incorrecta' }, uniqueAddress())
	const { known, unknown } = await compare(
		() => post(accounts.pop() ?? ''),
		() => post(uniqueEmail('nadie')),
		400,
	)
	expect(Math.min(known, unknown)).toBeGreaterThanOrEqual(400)
	expect(Math.abs(known - unknown)).toBeLessThan(60)
})

test('a recovery request is answered in the same time for an account and for an unknown address', async () => {
	const accounts = await Promise.all(Array.from({ length: samples }, (_, index) => account(`olvido-${index}`)))
	const post = (email: string) => formPost(app.portal('/auth'), { intent: 'recover', email }, uniqueAddress())
	const { known, unknown } = await compare(
		() => post(accounts.pop() ?? ''),
		() => post(uniqueEmail('nadie')),
		302,
	)
	expect(Math.abs(known - unknown)).toBeLessThan(60)
})

test('a newsletter sign-up is answered in the same time for a confirmed subscriber and a new address', async () => {
	const subscriber = uniqueEmail('suscrita')
	await serviceClient(app.supabase.url)
		.from('boletin_suscriptores')
		.insert({ email: subscriber, estado: 'confirmado', confirmado_at: new Date().toISOString() })
		.throwOnError()
	const post = (email: string) =>
		formPost(app.site('/resources/newsletter'), { email, redirectTo: '/' }, uniqueAddress())
	const { known, unknown } = await compare(
		() => post(subscriber),
		() => post(uniqueEmail('nueva')),
		302,
	)
	expect(Math.abs(known - unknown)).toBeLessThan(60)
})
