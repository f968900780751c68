import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startNginx, type Nginx } from '../support/nginx'
import { rawRequest } from '../support/urls'

// The shipped nginx rules (deploy/nginx) in front of a stand-in whose answers each test chooses: what nginx keeps
// whatever the app says, which the app's own answers cannot show (it never marks a page public with a cookie).
type Answer = { status?: number; headers: Record<string, string>; body: string }
const answers = new Map<string, Answer>()
const asked: IncomingMessage[] = []
const upstream: Server = createServer((req, res) => {
	asked.push(req)
	const answer = answers.get(req.url ?? '') ?? { headers: {}, body: 'sin respuesta' }
	res.writeHead(answer.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8', ...answer.headers })
	res.end(answer.body)
})
let nginx: Nginx
let port: number
beforeAll(async () => {
	await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
	answers.set('/healthz', { headers: { 'Cache-Control': 'no-store' }, body: 'ok' })
	nginx = await startNginx({ upstreamPort: (upstream.address() as AddressInfo).port })
	port = nginx.port
})
afterAll(async () => {
	await nginx?.stop()
	await new Promise((resolve) => upstream.close(resolve))
})

const get = (path: string, headers: Record<string, string> = {}) =>
	rawRequest(`http://kia.localhost:${port}${path}`, { headers })
const timesAsked = (path: string) => asked.filter((req) => req.url === path).length
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a public answer that sets a cookie is never stored', async () => {
	answers.set('/con-cookie', {
		headers: { 'Cache-Control': 'public, s-maxage=60', 'Set-Cookie': 'kia-toast=x; Path=/' },
		body: 'para una persona',
	})
	for (let visit = 0; visit < 3; visit++) expect((await get('/con-cookie')).headers['x-cache-status']).toBe('MISS')
	expect(timesAsked('/con-cookie')).toBe(3)
})

test('a session or any other cookie of ours skips the cache both ways; the theme does not', async () => {
	answers.set('/publica', { headers: { 'Cache-Control': 'public, s-maxage=60' }, body: 'para todos' })
	for (const cookie of ['sb-127-auth-token=abc', 'kia-booking-draft=x', 'a=1; sb-x-auth-token.0=y']) {
		expect((await get('/publica', { Cookie: cookie })).headers['x-cache-status'], cookie).toBe('BYPASS')
	}
	expect((await get('/publica')).headers['x-cache-status']).toBe('MISS')
	expect((await get('/publica')).headers['x-cache-status']).toBe('HIT')
	expect((await get('/publica', { Cookie: 'sb-127-auth-token=abc' })).headers['x-cache-status']).toBe('BYPASS')
	expect((await get('/publica', { Cookie: 'kia-theme=light' })).headers['x-cache-status']).toBe('MISS')
	expect((await get('/publica', { Cookie: 'kia-theme=light' })).headers['x-cache-status']).toBe('HIT')
})

test('a page is kept for its s-maxage, then served stale once while the fresh one is fetched', async () => {
	answers.set('/blog', {
		headers: { 'Cache-Control': 'public, max-age=0, s-maxage=1, stale-while-revalidate=60' },
		body: 'antes',
	})
	expect((await get('/blog')).body).toBe('antes')
	expect((await get('/blog')).headers['x-cache-status']).toBe('HIT')
	answers.set('/blog', { ...(answers.get('/blog') as Answer), body: 'después' })
	await sleep(2_100)
	const stale = await get('/blog')
	expect([stale.headers['x-cache-status'], stale.body]).toEqual(['STALE', 'antes'])
	await expect.poll(async () => (await get('/blog')).body).toBe('después')
	expect(timesAsked('/blog')).toBe(2)
})

test('private and no-store answers are not kept', async () => {
	for (const [path, cacheControl] of [
		['/privada', 'private, no-store'],
		['/sin-guardar', 'no-store'],
		['/sin-cabecera', ''],
	] as const) {
		answers.set(path, { headers: cacheControl ? { 'Cache-Control': cacheControl } : {}, body: path })
		await get(path)
		expect((await get(path)).headers['x-cache-status'], path).toBe('MISS')
	}
})

test('while the app fails, visitors get the last stored copy', async () => {
	answers.set('/caida', { headers: { 'Cache-Control': 'public, s-maxage=1' }, body: 'la última copia' })
	await get('/caida')
	answers.set('/caida', { status: 503, headers: { 'Cache-Control': 'private, no-store' }, body: 'caída' })
	await sleep(2_100)
	const during = await get('/caida')
	expect([during.status, during.headers['x-cache-status'], during.body]).toEqual([200, 'STALE', 'la última copia'])
})
