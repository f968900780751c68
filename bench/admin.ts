// The admin pages over 100,000 bookings and 10,000 users, with and without a search term: p50/p95 of the
// whole request as the production server answers it (session check, admin guard, the list function,
// render), on loopback. Part of `npm run bench`; alone: `npm run bench:admin` → bench/admin-results.md.
import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { seedScale } from '../local/supabase/scale'
import { rawRequest } from '../tests/support/urls'
import { machine, percentile, signInCookie, startBenchStack, today, type BenchStack } from './support'

const iterations = 200
const warmUp = 20

const pages = [
	['panel, live figures', '/admin'],
	['bookings, first page', '/admin/reuniones'],
	['bookings, page 2,000', '/admin/reuniones?page=2000'],
	['bookings, search “garc” (1 in 10 match)', '/admin/reuniones?q=garc'],
	['bookings, search “garcia”, no accent (1 in 10 match)', '/admin/reuniones?q=garcia'],
	['bookings, search “42424” (1 match)', '/admin/reuniones?q=42424'],
	['bookings, cancelled (1 in 10)', '/admin/reuniones?estado=cancelada'],
	['bookings, cancelled “garcia”', '/admin/reuniones?estado=cancelada&q=garcia'],
	['users, first page', '/admin/usuarios'],
	['users, search “garc” (1 in 10 match)', '/admin/usuarios?q=garc'],
	['users, search “usuario4242@” (1 match)', '/admin/usuarios?q=usuario4242%40'],
	['users, open invitations', '/admin/usuarios?estado=pendiente'],
	['support inbox, first page', '/admin/soporte'],
	['support inbox, new, search “hola”', '/admin/soporte?estado=nueva&q=hola'],
] as const

/** Seeds the volume into the stack's database and measures each admin page; a markdown section. */
export async function measureAdminPages(stack: BenchStack) {
	const db = stack.services.database
	await seedScale(db, { bookings: 100_000, users: 10_000 })
	const counts = (
		await db.query<{ reservas: number; usuarios: number }>(
			'select (select count(*) from public.reservas)::int as reservas, (select count(*) from public.usuarios)::int as usuarios',
		)
	).rows[0]
	const cookie = await signInCookie(stack, 'admin@kia.test', 'kia-admin-2025')

	const rows: string[] = []
	for (const [label, path] of pages) {
		const samples: number[] = []
		for (let i = 0; i < warmUp + iterations; i++) {
			const started = performance.now()
			const response = await rawRequest(stack.portal(path), { headers: { Cookie: cookie } })
			const ms = performance.now() - started
			if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
			if (i >= warmUp) samples.push(ms)
		}
		samples.sort((a, b) => a - b)
		rows.push(`| ${label} | \`${path}\` | ${percentile(samples, 0.5)} | ${percentile(samples, 0.95)} |`)
	}
	return `## Admin pages

${counts?.reservas.toLocaleString('en')} bookings, ${counts?.usuarios.toLocaleString('en')} users. ${iterations} sequential requests per row
after ${warmUp} to warm up, signed in as the admin, on loopback. Target: p95 ≤ 50 ms.

| page | URL | p50 ms | p95 ms |
|---|---|---|---|
${rows.join('\n')}
`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const stack = await startBenchStack()
	const section = await measureAdminPages(stack)
	await stack.stop()
	const report = `# Admin pages — benchmark\n\nMeasured ${today()} on ${machine()}.\n\n${section}`
	console.info(report)
	await writeFile('bench/admin-results.md', report)
}
