// `npm run bench:supabase`: figures for the local Supabase stand-in (a benchmark, not a test).
// A new cluster, a database built from the migrations and seed, one copied from it (what each test file
// does), and p50/p95 of a single-row lookup and of a counted page of 100,000 reservas, through the real
// HTTP API and RLS, one request at a time and eight at once. The admin pages themselves, search included,
// are measured end to end by `npm run bench:admin`.
import { writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { startMailCatcher } from '../local/mail'
import { startPostgres } from '../local/postgres'
import { buildDatabase, copyDatabase } from '../local/supabase/db'
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

const server = await timed(() => startPostgres())
const postgres = server.value
const built = await timed(() => buildDatabase(postgres.url, { name: 'bench_template' }))
const copied = await timed(() => copyDatabase(postgres.url, 'bench_template'))
const serverStart = await timed(() =>
	startSupabase({ database: copied.value, port: 0, log: false, mail: mailSettings }),
)
const supabase = serverStart.value

await seedScale(supabase.db, { bookings: 100_000, users: 0 })
const total = (await supabase.db.query<{ count: number }>('select count(*)::int as count from public.reservas')).rows[0]
	?.count

const login = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
	method: 'POST',
	headers: { apikey: localAnonKey, 'Content-Type': 'application/json' },
	body: JSON.stringify({ email: 'admin@kia.test', password: 'kia-admin-2025' }),
})
const { access_token: token } = (await login.json()) as { access_token: string }
const headers = { apikey: localAnonKey, Authorization: `Bearer ${token}` }

/** p50/p95 of `iterations` requests, `concurrency` of them in flight at a time. */
async function percentiles(path: string, extra: Record<string, string> = {}, concurrency = 1) {
	const samples: number[] = []
	const lane = async () => {
		while (samples.length < iterations) {
			const { ms, value } = await timed(() => fetch(`${supabase.url}${path}`, { headers: { ...headers, ...extra } }))
			if (!value.ok) throw new Error(`${path}: ${value.status} ${await value.text()}`)
			await value.arrayBuffer()
			samples.push(ms)
		}
	}
	await Promise.all(Array.from({ length: concurrency }, lane))
	samples.sort((a, b) => a - b)
	const at = (p: number) => (samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0).toFixed(1)
	return `${at(0.5)} / ${at(0.95)}`
}

const singlePath = '/rest/v1/usuarios?select=full_name,role&id=eq.a0000000-0000-4000-8000-000000000001'
const single = { Accept: 'application/vnd.pgrst.object+json' }
const pagePath = '/rest/v1/reservas?select=*&order=fecha.desc,hora.desc&limit=20&offset=40000'
const counted = { Prefer: 'count=exact' }
const rows = [
	[
		'single-row lookup (usuarios by id, single)',
		await percentiles(singlePath, single),
		await percentiles(singlePath, single, 8),
	],
	[
		`admin bookings page 2,001 of ${total} (count=exact)`,
		await percentiles(pagePath, counted),
		await percentiles(pagePath, counted, 8),
	],
]

await supabase.stop()
await postgres.stop()
await mail.stop()

const report = `# Local Supabase stand-in — benchmark

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.
${iterations} requests per row, through HTTP, as the signed-in admin (RLS applies), one at a time and eight at once.

| measure | figure |
|---|---|
| a new PostgreSQL cluster (initdb) started | ${server.ms.toFixed(0)} ms |
| a database built: bootstrap + migrations + seed | ${built.ms.toFixed(0)} ms |
| a database copied from that one (what each test file does) | ${copied.ms.toFixed(0)} ms |
| HTTP server ready (schema cache) | ${serverStart.ms.toFixed(0)} ms |

| request | p50 / p95, one at a time | p50 / p95, eight at once |
|---|---|---|
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}
`
console.info(report)
await writeFile(join('bench', 'supabase-results.md'), report)
