// `npm run bench:supabase`: figures for the local Supabase stand-in (a benchmark, not a test).
// Cold start with migrations and seed, start from the cached snapshot, and p50/p95 of a single-row
// lookup and of a counted page of 100,000 reservas, through the real HTTP API and RLS. The admin pages
// themselves, search included, are measured end to end by `npm run bench:admin`.
import { rm, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { startMailCatcher } from '../local/mail'
import { openDatabase } from '../local/supabase/db'
import { seedScale } from '../local/supabase/scale'
import { startSupabase } from '../local/supabase/server'
import { localAnonKey } from '../tests/support/keys'

const iterations = 200
const mail = await startMailCatcher({ smtpPort: 0, webPort: 0 })
const mailSettings = { host: '127.0.0.1', port: mail.smtpPort, from: 'bench@kia.test' }

async function timed<T>(work: () => Promise<T>) {
	const started = performance.now()
	const value = await work()
	return { ms: performance.now() - started, value }
}

await rm(join('node_modules', '.cache', 'kia-local-supabase'), { recursive: true, force: true })
const cold = await timed(() => openDatabase())
await cold.value.close()
const warm = await timed(() => openDatabase())
await warm.value.close()
const serverStart = await timed(() => startSupabase({ port: 0, log: false, mail: mailSettings }))
const supabase = serverStart.value

await seedScale(supabase.db.pg, { bookings: 100_000, users: 0 })
const total = (await supabase.db.pg.query<{ count: number }>('select count(*)::int as count from public.reservas'))
	.rows[0]?.count

const login = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
	method: 'POST',
	headers: { apikey: localAnonKey, 'Content-Type': 'application/json' },
	body: JSON.stringify({ email: 'admin@kia.test', password: 'kia-admin-2025' }),
})
const { access_token: token } = (await login.json()) as { access_token: string }
const headers = { apikey: localAnonKey, Authorization: `Bearer ${token}` }

async function percentiles(path: string, extra: Record<string, string> = {}) {
	const samples: number[] = []
	for (let i = 0; i < iterations; i++) {
		const { ms, value } = await timed(() => fetch(`${supabase.url}${path}`, { headers: { ...headers, ...extra } }))
		if (!value.ok) throw new Error(`${path}: ${value.status} ${await value.text()}`)
		await value.arrayBuffer()
		samples.push(ms)
	}
	samples.sort((a, b) => a - b)
	const at = (p: number) => (samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0).toFixed(1)
	return { p50: at(0.5), p95: at(0.95) }
}

const single = await percentiles('/rest/v1/usuarios?select=full_name,role&id=eq.a0000000-0000-4000-8000-000000000001', {
	Accept: 'application/vnd.pgrst.object+json',
})
const page = await percentiles('/rest/v1/reservas?select=*&order=fecha.desc,hora.desc&limit=20&offset=40000', {
	Prefer: 'count=exact',
})

await supabase.stop()
await mail.stop()

const report = `# Local Supabase stand-in — benchmark

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.
${iterations} sequential requests per row, through HTTP, as the signed-in admin (RLS applies).

| measure | figure |
|---|---|
| cold start: new database, bootstrap + migrations + seed | ${cold.ms.toFixed(0)} ms |
| start from the cached snapshot (what each test file does) | ${warm.ms.toFixed(0)} ms |
| HTTP server ready (snapshot + schema) | ${serverStart.ms.toFixed(0)} ms |
| single-row lookup (usuarios by id, single) p50 / p95 | ${single.p50} / ${single.p95} ms |
| admin bookings page 2,001 of ${total} (count=exact) p50 / p95 | ${page.p50} / ${page.p95} ms |
`
console.info(report)
await writeFile(join('bench', 'supabase-results.md'), report)
