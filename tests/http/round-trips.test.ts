import { afterAll, beforeAll, expect, test } from 'vitest'
import { startApp, testAppEnv } from '../support/app-server'
import { sessionCookie } from '../support/hostile-input'
import { sequentialCalls, startLatencyProxy, type LatencyProxy, type ProxiedCall } from '../support/latency-proxy'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest, supabaseURL } from '../support/urls'
import { createAccount, createSupportRequest } from '../support/data'
import { serviceClient } from '../support/supabase'

/**
 * Hosted Supabase is a network round trip away (tens of milliseconds); the
 * local one is not, so a page that waits on Supabase several times in a row
 * looks fast here and is slow in production. This app reaches the suite's
 * Supabase through a proxy that adds 50 ms to every call, and each page
 * render may make one batch of calls: none may start once another of the
 * same render has ended. The app tags its calls with the page's request id.
 */
const latencyMs = 50
const renders = 5
/** This file's app and services; sessions are made through it, and are good for the proxied app too. */
let stack: TestApp
let proxy: LatencyProxy
let app: Awaited<ReturnType<typeof startApp>>
const timings: { who: string; path: string; medianMs: number; maxMs: number }[] = []

beforeAll(async () => {
	stack = await startTestApp()
	proxy = await startLatencyProxy(supabaseURL(), latencyMs)
	app = await startApp((port) => ({
		...testAppEnv(port, { supabase: proxy.url }),
	}))
})

afterAll(async () => {
	await app?.stop()
	await proxy?.stop()
	await stack?.stop()
	if (timings.length > 0) {
		console.info(`Page times with ${latencyMs} ms per Supabase call (${renders} renders each, after a warm-up):`)
		for (const { who, path, medianMs, maxMs } of timings)
			console.info(`  ${who} ${path}: median ${medianMs} ms, max ${maxMs} ms`)
	}
})

const site = (path: string) => `http://kia.localhost:${app.port}${path}`
const portal = (path: string) => `http://portal.kia.localhost:${app.port}${path}`

/** One render of `url` with the session of `cookie` (none: a visitor), and the Supabase calls it made. */
async function render(cookie: string, url: string) {
	const started = performance.now()
	const response = await rawRequest(url, { headers: cookie ? { Cookie: cookie } : {} })
	const ms = performance.now() - started
	expect(response.status, url).toBe(200)
	const requestId = response.headers['x-request-id']
	const calls = proxy.calls.filter((call) => requestId && call.requestId === requestId)
	return { calls, ms }
}

const describeCalls = (calls: ProxiedCall[]) =>
	calls.map((call) => `${call.method} ${call.path} ${Math.round(call.startedAt)}–${Math.round(call.endedAt)}`)

/** The back office's guard: Auth's word on the session and the profile's role, asked together. */
const guardPaths = ['/auth/v1/user', '/rest/v1/usuarios']

/**
 * The calls a page may make before its own: none, or (the back office) the guard's, which must all have
 * answered before any of the page's starts. Returns the page's own calls.
 */
function pageCallsAfter(guarded: boolean, calls: ProxiedCall[], url: string) {
	if (!guarded) {
		// The session is checked against the cached signing keys: Auth is never asked who is signed in.
		expect(calls.filter((call) => /^\/auth\/v1\/(user|token)$/.test(call.path))).toEqual([])
		return calls
	}
	const guard = calls.filter((call) => guardPaths.includes(call.path))
	expect(guard.map((call) => call.path).sort(), url).toEqual(guardPaths)
	const guardEnd = Math.max(...guard.map((call) => call.endedAt))
	const page = calls.filter((call) => !guard.includes(call))
	expect(
		describeCalls(page.filter((call) => call.startedAt < guardEnd)),
		`${url}: page calls before the guard ended`,
	).toEqual([])
	return page
}

/**
 * Renders each page (a warm-up, then `renders` times) and checks it makes one batch of calls (after its
 * guard's, for the back office). A call that waits for another's answer starts after it ends in every render,
 * while a busy machine can only delay starts: so one render with no call started after another ended proves
 * the page issues its calls together, and a page that chains them can never pass.
 */
async function checkPages(who: string, cookie: string, urls: string[], expectData: boolean, guarded = false) {
	for (const url of urls) {
		await render(cookie, url)
		const times: number[] = []
		const sequentialByRender: string[][] = []
		for (let attempt = 0; attempt < renders; attempt++) {
			const { calls, ms } = await render(cookie, url)
			times.push(ms)
			const page = pageCallsAfter(guarded, calls, url)
			sequentialByRender.push(page.length > 0 ? describeCalls(sequentialCalls(page)) : [])
			if (expectData) expect(page.length, url).toBeGreaterThan(0)
		}
		const oneBatch = sequentialByRender.some((sequential) => sequential.length === 0)
		expect(
			oneBatch,
			`${url}: calls started after another ended, per render: ${JSON.stringify(sequentialByRender)}`,
		).toBe(true)
		times.sort((a, b) => a - b)
		timings.push({
			who,
			path: new URL(url).host.startsWith('portal.') ? `portal ${new URL(url).pathname}` : new URL(url).pathname,
			medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
			maxMs: Math.round(times.at(-1) ?? 0),
		})
	}
}

test('signed out: each page makes at most one batch of Supabase calls', async () => {
	await checkPages(
		'anónimo',
		'',
		[site('/'), site('/blog'), site('/tarifas/business'), site('/solicitar-demostracion-kia'), portal('/auth')],
		false,
	)
})

test('a signed-in client: every site and portal page makes one batch of Supabase calls, none to Auth', async () => {
	const client = await createAccount('latencia')
	const requestId = await createSupportRequest(client.id, 'Latencia')
	const cookie = await sessionCookie(client.email)
	await checkPages(
		'cliente',
		cookie,
		[
			portal('/dashboard'),
			portal('/dashboard/reuniones'),
			portal('/dashboard/suscripcion'),
			portal('/dashboard/asistentes'),
			portal('/dashboard/soporte'),
			portal(`/dashboard/soporte/${requestId}`),
			portal('/dashboard/cuenta'),
		],
		true,
	)
	await checkPages(
		'cliente',
		cookie,
		[
			site('/'),
			site('/tarifas'),
			site('/tarifas/business'),
			site('/funcionalidades/facturas'),
			site('/solicitar-demostracion-kia'),
			site('/blog'),
		],
		true,
	)
})

test('an admin: the admin pages make one batch of Supabase calls once the guard has answered', async () => {
	const admin = await createAccount('latencia-admin')
	const { error } = await serviceClient().from('usuarios').update({ role: 'admin' }).eq('id', admin.id)
	expect(error).toBeNull()
	const cookie = await sessionCookie(admin.email)
	await checkPages(
		'admin',
		cookie,
		[
			portal('/admin'),
			portal('/admin/reuniones'),
			portal('/admin/usuarios'),
			portal('/admin/asistentes'),
			portal('/admin/facturacion'),
		],
		true,
		true,
	)
	// Stripe's catalogue, checked on every visit, is all this page asks for once its guard has answered.
	await checkPages('admin', cookie, [portal('/admin/servicios')], false, true)
})

test('a client sent away from the back office sets none of its queries off', async () => {
	const client = await createAccount('latencia-fuera')
	const cookie = await sessionCookie(client.email)
	for (const path of ['/admin', '/admin/reuniones', '/admin/usuarios', '/admin/facturacion']) {
		const response = await rawRequest(portal(path), { headers: { Cookie: cookie } })
		expect([response.status, response.headers.location]).toEqual([302, '/dashboard'])
		const calls = proxy.calls.filter((call) => call.requestId === response.headers['x-request-id'])
		expect(calls.map((call) => call.path).sort(), path).toEqual(guardPaths)
	}
})
