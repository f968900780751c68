// `npm run bench:admin`: p50/p95 of the two admin pages, as the production server answers them, over
// 100,000 bookings and 10,000 users, with and without a search term (a benchmark, not a test).
// The time is the whole request on loopback: session check, admin guard, both queries, render.
import { writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { startMailCatcher } from '../local/mail'
import { seedScale } from '../local/supabase/scale'
import { startSupabase } from '../local/supabase/server'
import { localStripe } from '../app/.server/local-stripe'
import { startApp } from '../tests/support/app-server'
import { localAnonKey, localServiceRoleKey } from '../tests/support/keys'
import { rawRequest } from '../tests/support/urls'

const iterations = 200
const warmUp = 20

const mail = await startMailCatcher({ smtpPort: 0, webPort: 0 })
const supabase = await startSupabase({ port: 0, log: false, mail: { host: '127.0.0.1', port: mail.smtpPort, from: 'bench@kia.test' } })
await seedScale(supabase.db.pg, { bookings: 100_000, users: 10_000 })
const counts = (
	await supabase.db.pg.query<{ reservas: number; usuarios: number }>(
		'select (select count(*) from public.reservas)::int as reservas, (select count(*) from public.usuarios)::int as usuarios',
	)
).rows[0]

const app = await startApp((port) => ({
	SITE_URL: `http://kia.localhost:${port}`,
	PORTAL_URL: `http://portal.kia.localhost:${port}`,
	COOKIE_DOMAIN: 'kia.localhost',
	SESSION_SECRET: 'bench-session-secret-with-more-than-32-characters',
	SUPABASE_URL: supabase.url,
	SUPABASE_ANON_KEY: localAnonKey,
	SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
	SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
	// The admin pages never reach Stripe; the production server only needs it configured.
	...localStripe,
}))
const portal = (path: string) => `http://portal.kia.localhost:${app.port}${path}`

async function adminCookie() {
	const signIn = await rawRequest(portal('/auth'), {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(portal('/')).origin },
		body: new URLSearchParams({ intent: 'signin', email: 'admin@kia.test', password: 'kia-admin-2025', redirectTo: '/admin' }).toString(),
	})
	const setCookie = [signIn.headers['set-cookie'] ?? []].flat()
	if (signIn.status !== 302 || setCookie.length === 0) throw new Error(`Admin sign-in failed: ${signIn.status}`)
	return setCookie.map((cookie) => cookie.split(';')[0]).join('; ')
}

const cookie = await adminCookie()

async function measure(path: string) {
	const samples: number[] = []
	for (let i = 0; i < warmUp + iterations; i++) {
		const started = performance.now()
		const response = await rawRequest(portal(path), { headers: { Cookie: cookie } })
		const ms = performance.now() - started
		if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
		if (i >= warmUp) samples.push(ms)
	}
	samples.sort((a, b) => a - b)
	const at = (p: number) => (samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0).toFixed(1)
	return { path, p50: at(0.5), p95: at(0.95) }
}

const pages = [
	['bookings, first page', '/admin/reuniones'],
	['bookings, page 2,000', '/admin/reuniones?page=2000'],
	['bookings, search “garc” (1 in 10 match)', '/admin/reuniones?q=garc'],
	['bookings, search “42424” (1 match)', '/admin/reuniones?q=42424'],
	['users, first page', '/admin/usuarios'],
	['users, search “garc” (1 in 10 match)', '/admin/usuarios?q=garc'],
	['users, search “usuario4242@” (1 match)', '/admin/usuarios?q=usuario4242%40'],
] as const

const rows: string[] = []
for (const [label, path] of pages) {
	const { p50, p95 } = await measure(path)
	rows.push(`| ${label} | \`${path}\` | ${p50} | ${p95} |`)
}

await app.stop()
await supabase.stop()
await mail.stop()

const adminReport = `## Admin pages

${counts?.reservas.toLocaleString('en')} bookings, ${counts?.usuarios.toLocaleString('en')} users. ${iterations} sequential requests per row
after ${warmUp} to warm up, signed in as the admin, production build, on loopback. Target: p95 ≤ 50 ms.

| page | URL | p50 ms | p95 ms |
|---|---|---|---|
${rows.join('\n')}
`

const report = `# Admin pages — benchmark

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.

${adminReport}`
console.info(report)
await writeFile(join('bench', 'admin-results.md'), report)
