import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hostileCases, send, sessionCookie, setCookies, urlencoded, evilOrigin } from '../support/hostile-input'
import { confirmedSubscriber } from '../support/newsletter'
import {
	buildProbes,
	cspReportModule,
	halfWrites,
	isPage,
	marker,
	modulesWithAnAction,
	oneClickModule,
	probeFactories,
	probesBudget,
	select,
	webhookModule,
} from '../support/probes'
import { postWebhook, signedWebhook } from '../support/stripe'
import { serviceClient } from '../support/supabase'
import { startTestApp, type TestApp } from '../support/test-app'
import { uniqueAddress, uniqueName } from '../support/unique'
import { portalURL, rawRequest } from '../support/urls'

// Every action of the app, through the production server: a post from another origin, or a GET with the form in
// its query, changes nothing; hostile bodies get a 4xx and write nothing or a whole row (issues 18 and 51).

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

describe('cross-site requests', { timeout: probesBudget }, () => {
	test('the probes cover every route module with an action', async () => {
		const probes = await buildProbes()
		const probed = new Set([webhookModule, cspReportModule, ...probes.map((probe) => probe.module)])
		expect(modulesWithAnAction().filter((module) => !probed.has(module))).toEqual([])
	})

	test('every action refuses a post from another origin, or with no Origin and no Referer, and nothing changes', async () => {
		const refusals: [how: string, options: { origin?: string | null; headers?: Record<string, string> }][] = [
			['Origin evil', { origin: evilOrigin }],
			['Origin null (sandboxed frame)', { origin: 'null' }],
			['no Origin, Referer evil', { origin: null, headers: { Referer: `${evilOrigin}/formulario` } }],
			['neither Origin nor Referer', { origin: null }],
		]
		const letThrough: string[] = []
		for (const probe of await buildProbes()) {
			if (probe.module === oneClickModule) continue
			const before = (await probe.rows?.()) ?? []
			// A page's action is also reached through its data request (the posts JavaScript makes).
			for (const url of isPage(probe) ? [probe.url, `${probe.url}.data`] : [probe.url]) {
				for (const [how, options] of refusals) {
					const response = await send(url, urlencoded(Object.entries(probe.valid())), {
						cookie: probe.cookie,
						...options,
					})
					if (response.status !== 403 || setCookies(response).length > 0)
						letThrough.push(`${url} (${probe.module}), ${how}: ${response.status}`)
				}
			}
			expect((await probe.rows?.()) ?? [], probe.module).toEqual(before)
		}
		expect(letThrough).toEqual([])
	})

	test('the Stripe webhook is exempt from the origin check but refuses anything unsigned', async () => {
		const payload = JSON.stringify({
			id: `evt_${uniqueName('origen')}`,
			object: 'event',
			type: 'customer.created',
			data: { object: {} },
		})
		const unsigned = await postWebhook(payload, { Origin: evilOrigin, 'Content-Type': 'application/json' })
		expect(unsigned.status).toBe(400)
		expect(JSON.parse(unsigned.body)).toEqual({ error: 'Falta la firma de Stripe' })
		const signed = await postWebhook(payload, { ...signedWebhook(payload), Origin: evilOrigin })
		expect(signed.status).toBe(200)
	})

	test('the one-click unsubscribe is exempt from the origin check, but its link’s signature is not', async () => {
		const email = `${marker()}@kia.test`
		const { unsubscribeUrl } = await confirmedSubscriber(email)
		const forged = new URL(unsubscribeUrl)
		forged.searchParams.set('firma', 'B'.repeat(43))
		for (const origin of [evilOrigin, 'null', null]) {
			const refused = await send(forged.href, urlencoded([['List-Unsubscribe', 'One-Click']]), { origin })
			expect(refused.status).toBe(400)
		}
		expect(await select(serviceClient().from('boletin_suscriptores').select('estado').eq('email', email))).toEqual([
			{ estado: 'confirmado' },
		])
		const done = await send(unsubscribeUrl, urlencoded([['List-Unsubscribe', 'One-Click']]), { origin: evilOrigin })
		expect(done.status).toBe(200)
		expect(setCookies(done)).toEqual([])
	})

	test('a GET of any action URL, with the form in the query string, changes nothing', async () => {
		const probes = await buildProbes()
		// An address of its own: the rate-limit counters show whether a GET counted as a post.
		const address = uniqueAddress()
		for (const probe of probes) {
			const before = (await probe.rows?.()) ?? []
			const url = `${probe.url}?${new URLSearchParams(probe.valid())}`
			const response = await rawRequest(url, {
				headers: { 'X-Forwarded-For': address, ...(probe.cookie ? { Cookie: probe.cookie } : {}) },
			})
			expect(response.status, url).toBeLessThan(500)
			expect(
				setCookies(response).filter((cookie) => /^(kia-theme|kia-portal-theme|kia-consent)=/.test(cookie)),
				url,
			).toEqual([])
			expect((await probe.rows?.()) ?? [], url).toEqual(before)
			// The session survives a GET of the sign-out URL (and of every other one).
			if (probe.cookie)
				expect((await rawRequest(portalURL('/dashboard'), { headers: { Cookie: probe.cookie } })).status, url).toBe(200)
		}
		expect(await select(serviceClient().from('rate_limits').select('key').like('key', `%:${address}`))).toEqual([])
		// The password forms' GETs left the passwords as they were.
		for (const probe of probes.filter((candidate) => candidate.passwordOf)) await sessionCookie(probe.passwordOf ?? '')
	})
})

describe('hostile input', { timeout: probesBudget }, () => {
	for (const [name, factory] of Object.entries(probeFactories)) {
		test(`${name}: no 5xx and never half a write, whatever is posted`, async () => {
			const probe = await factory()
			// A page's one-field variations go through its data request: the same action, without
			// rendering a whole page each time. The valid form and the broken bodies post the document.
			const dataUrl = isPage(probe) ? `${probe.url}.data` : probe.url
			const problems: string[] = []
			let before = (await probe.rows?.()) ?? []
			for (const hostile of hostileCases(probe.valid)) {
				const response = await send(hostile.oneField ? dataUrl : probe.url, hostile.body, { cookie: probe.cookie })
				const after = (await probe.rows?.()) ?? []
				if (response.status >= 500) problems.push(`${hostile.label}: ${response.status}`)
				if (hostile.label === 'the valid form' && response.status !== probe.accepted)
					problems.push(`the valid form: ${response.status}, not ${probe.accepted}`)
				problems.push(...halfWrites(probe, hostile.label, hostile.fields, before, after))
				before = after
			}
			expect(problems).toEqual([])
		})
	}

	test('the Stripe webhook: unsigned or tampered deliveries are refused and record nothing, odd signed ones get no 5xx', async () => {
		const id = `evt_${uniqueName('hostil')}`
		const event = (type: string, object: Record<string, unknown>) =>
			JSON.stringify({ id: `${id}_${type}`, object: 'event', type, data: { object } })
		const completed = event('checkout.session.completed', { id: 'cs_no_existe' })
		const unsigned: [string, string, Record<string, string>][] = [
			['no signature', completed, { 'Content-Type': 'application/json' }],
			[
				'a signature of another payload',
				completed,
				signedWebhook(event('checkout.session.completed', { id: 'cs_otro' })),
			],
			['a signature too old', completed, signedWebhook(completed, { timestamp: 1 })],
			['a signature with another secret', completed, signedWebhook(completed, { secret: 'whsec_otro' })],
			[
				'a garbage signature',
				completed,
				{ 'Content-Type': 'application/json', 'Stripe-Signature': "'; drop table stripe_eventos; --" },
			],
			['100 kB unsigned', 'x'.repeat(100_000), { 'Content-Type': 'application/json' }],
		]
		for (const [what, payload, headers] of unsigned) {
			const response = await postWebhook(payload, headers)
			expect(response.status, what).toBe(400)
		}
		expect(await select(serviceClient().from('stripe_eventos').select('id').like('id', `${id}%`))).toEqual([])

		const signed: [string, string, number][] = [
			['signed, not JSON', 'no es JSON', 400],
			['signed, 100 kB of nothing', 'x'.repeat(100_000), 400],
			['signed, an event we do not handle', event('customer.created', { id: 'cus_x' }), 200],
			['signed, a Checkout Session Stripe does not know', completed, 200],
			['signed, with a NUL byte', event('customer.updated', { name: 'a\u0000b' }), 200],
		]
		for (const [what, payload, status] of signed) {
			const response = await postWebhook(payload, signedWebhook(payload))
			expect(response.status, what).toBe(status)
		}
	})
})
