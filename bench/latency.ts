// Signed-in pages as a hosted Supabase would make them wait: the production server with every Supabase call
// held 50 ms by tests/support/latency-proxy.ts, side by side with the same server on the local Supabase
// (its render time). Part of `npm run bench` (section `latency`).
import { startLatencyProxy } from '../tests/support/latency-proxy'
import { rawRequest } from '../tests/support/urls'
import { percentile, type BenchApp, type BenchStack } from './support'

const latencyMs = 50
const samples = 60
const warmUp = 5
/** Issue 19: each page within the latency, plus its render time, plus 20 %. */
const allowance = 1.2

type Page = { who: string; host: 'site' | 'portal'; path: string; cookie: string }

/** Sequential requests, so each figure is one page's own time, not a queue's. */
async function pageTimes(app: BenchApp, page: Page) {
	const host = page.host === 'site' ? 'kia.localhost' : 'portal.kia.localhost'
	const url = `http://${host}:${app.port}${page.path}`
	const times: number[] = []
	for (let index = 0; index < warmUp + samples; index++) {
		const started = performance.now()
		const response = await rawRequest(url, { headers: { Cookie: page.cookie } })
		const elapsed = performance.now() - started
		if (response.status !== 200) throw new Error(`${page.path} as ${page.who}: ${response.status}`)
		if (index >= warmUp) times.push(elapsed)
	}
	return times.sort((a, b) => a - b)
}

export async function hostedLatency(stack: BenchStack, cookies: { client: string; admin: string }) {
	const proxy = await startLatencyProxy(stack.services.supabaseUrl, latencyMs)
	const distant = await stack.startApp({ supabaseUrl: proxy.url })
	const pages: Page[] = [
		{ who: 'client', host: 'portal', path: '/dashboard', cookie: cookies.client },
		{ who: 'client', host: 'portal', path: '/dashboard/reuniones', cookie: cookies.client },
		{ who: 'client', host: 'portal', path: '/dashboard/suscripcion', cookie: cookies.client },
		{ who: 'admin', host: 'portal', path: '/admin/reuniones', cookie: cookies.admin },
		{ who: 'client', host: 'site', path: '/tarifas', cookie: cookies.client },
	]
	const rows: string[] = []
	for (const page of pages) {
		const local = await pageTimes(stack.app, page)
		const hosted = await pageTimes(distant, page)
		const p50 = (times: number[]) => Number(percentile(times, 0.5))
		const p95 = (times: number[]) => Number(percentile(times, 0.95))
		const bound50 = (latencyMs + p50(local)) * allowance
		const bound95 = (latencyMs + p95(local)) * allowance
		const within = p50(hosted) <= bound50 && p95(hosted) <= bound95 ? 'yes' : '**no**'
		rows.push(
			`| ${page.who} | ${page.host === 'site' ? '' : 'portal '}\`${page.path}\` | ${p50(local).toFixed(0)} / ${p95(local).toFixed(0)} | ${p50(hosted).toFixed(0)} / ${p95(hosted).toFixed(0)} | ${bound50.toFixed(0)} / ${bound95.toFixed(0)} | ${within} |`,
		)
		console.info(rows.at(-1))
	}
	await distant.stop()
	await proxy.stop()
	return `## Signed-in pages at hosted latency

The production server (one process) with every Supabase call held **${latencyMs} ms** by a proxy (the round trip from an
app host to a hosted project), and the same server on the local Supabase for the render time alone. ${samples} sequential
requests per page after ${warmUp} to warm up, over loopback. Budget: p50 and p95 each within (${latencyMs} ms + the page's
own time at that percentile) × ${allowance}, i.e. one batch of Supabase calls per page, whatever it reads.

| who | page | local p50 / p95 ms | at ${latencyMs} ms p50 / p95 ms | bound p50 / p95 ms | within |
|---|---|---|---|---|---|
${rows.join('\n')}
`
}
