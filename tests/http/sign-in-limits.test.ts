import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formPost } from '../support/form-posts'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { addressInSameNetwork, uniqueAddress, uniqueEmail } from '../support/unique'
import type { RawResponse } from '../support/urls'

// Sign-in's limits (decision 014) through the production server's form posts: failures count, per network
// (an IPv4 address, an IPv6 /64), per e-mail from browsers new to the account, and per browser that has
// signed in to it before; the guesser is slowed, the owner and an office behind one address are not.
let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

const password = 'contraseña-segura-1'
const limited = 'Has hecho demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.'

async function account(label: string) {
	const email = uniqueEmail(label)
	const { error } = await serviceClient(app.supabase.url).auth.admin.createUser({
		email,
		password,
		email_confirm: true,
	})
	if (error) throw error
	return email
}

function signIn(email: string, tried: string, address: string, cookie?: string) {
	return formPost(
		app.portal('/auth'),
		{ intent: 'signin', email, password: tried },
		address,
		cookie ? { Cookie: cookie } : {},
	)
}

const deviceCookieOf = (response: RawResponse) =>
	[response.headers['set-cookie'] ?? []]
		.flat()
		.find((cookie) => cookie.startsWith('kia-device='))
		?.split(';')[0]

describe('per e-mail', () => {
	test('five wrong passwords from five networks, and the next new browser is refused, the right password too', async () => {
		const victim = await account('victima')
		for (let guess = 0; guess < 5; guess++)
			expect((await signIn(victim, `incorrecta-${guess}`, uniqueAddress())).status).toBe(400)
		const refused = await signIn(victim, password, uniqueAddress())
		expect(refused.status).toBe(429)
		expect(refused.body).toContain(limited)
	})

	test('the owner’s browser, which signed in before, still gets in while others are refused', async () => {
		const owner = await account('propietaria')
		const home = uniqueAddress()
		const first = await signIn(owner, password, home)
		expect(first.status).toBe(302)
		const device = deviceCookieOf(first)
		expect(device).toBeDefined()
		for (let guess = 0; guess < 5; guess++) await signIn(owner, `incorrecta-${guess}`, uniqueAddress())
		expect((await signIn(owner, password, uniqueAddress())).status).toBe(429)
		const again = await signIn(owner, password, home, device)
		expect(again.status).toBe(302)
		expect(again.headers.location).toBe('/dashboard')
	})

	test('a known browser has a budget of its own: five failures, then it waits too', async () => {
		const owner = await account('propietaria-despistada')
		const home = uniqueAddress()
		const device = deviceCookieOf(await signIn(owner, password, home))
		for (let guess = 0; guess < 5; guess++)
			expect((await signIn(owner, `incorrecta-${guess}`, home, device)).status).toBe(400)
		expect((await signIn(owner, password, home, device)).status).toBe(429)
		// Its failures are not the e-mail's: a new browser still has its five.
		expect((await signIn(owner, password, uniqueAddress())).status).toBe(302)
	})

	test('a device cookie of another account, or forged, is a new browser', async () => {
		const owner = await account('cookie-ajena')
		const other = await account('cookie-otra')
		const device = deviceCookieOf(await signIn(other, password, uniqueAddress()))
		for (let guess = 0; guess < 5; guess++) await signIn(owner, `incorrecta-${guess}`, uniqueAddress())
		expect((await signIn(owner, password, uniqueAddress(), device)).status).toBe(429)
		const forged = `kia-device=${encodeURIComponent(btoa(JSON.stringify({ id: crypto.randomUUID(), accounts: [] })))}`
		expect((await signIn(owner, password, uniqueAddress(), forged)).status).toBe(429)
	})

	test('twenty wrong passwords sent at once: five reach Auth, the others are refused', async () => {
		const victim = await account('a-la-vez')
		const answers = await Promise.all(
			Array.from({ length: 20 }, (_, guess) => signIn(victim, `incorrecta-${guess}`, uniqueAddress())),
		)
		expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(5).fill(400), ...Array(15).fill(429)])
	})
})

describe('per network', () => {
	test('an office behind one address: eleven colleagues sign in, none is refused', async () => {
		const office = uniqueAddress()
		const colleagues = await Promise.all(Array.from({ length: 11 }, (_, index) => account(`oficina-${index}`)))
		for (const colleague of colleagues) expect((await signIn(colleague, password, office)).status).toBe(302)
	})

	test('ten failures from one IPv4 address, then it is refused for any e-mail', async () => {
		const address = `198.51.100.${Number(process.env.VITEST_WORKER_ID ?? 0) % 250}`
		for (let guess = 0; guess < 10; guess++)
			expect((await signIn(uniqueEmail('red'), 'incorrecta', address)).status).toBe(400)
		expect((await signIn(await account('red-correcta'), password, address)).status).toBe(429)
	})

	test('an attacker rotating addresses inside one IPv6 /64 is one network', async () => {
		const base = uniqueAddress()
		for (let guess = 0; guess < 10; guess++)
			expect((await signIn(uniqueEmail('rotando'), 'incorrecta', addressInSameNetwork(base, guess + 2))).status).toBe(
				400,
			)
		expect((await signIn(uniqueEmail('rotando'), 'incorrecta', addressInSameNetwork(base, 99))).status).toBe(429)
		// The next /64 is someone else.
		expect((await signIn(uniqueEmail('rotando'), 'incorrecta', uniqueAddress())).status).toBe(400)
	})
})

test('forty-five visitors signing in through our server, five a second: Auth’s own limit lets every one in', async () => {
	// Auth sees every one of them coming from this server; supabase/config.toml's token_refresh (3000 per 5
	// minutes) sizes its bucket for that. At the Supabase CLI's default (150) the 35th would be refused.
	const visitors = await Promise.all(Array.from({ length: 45 }, (_, index) => account(`visitante-${index}`)))
	const statuses: number[] = []
	for (const visitor of visitors) {
		const paced = new Promise((resolve) => setTimeout(resolve, 200))
		statuses.push((await signIn(visitor, password, uniqueAddress())).status)
		await paced
	}
	expect(statuses).toEqual(Array(45).fill(302))
})
