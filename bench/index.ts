// `npm run bench` (builds first): the figures of issue 52 on this machine, printed and written to
// bench/results.md. Anonymous pages through nginx's cache against nginx serving the same page as a file, in
// alternating runs (bench/throughput.ts); the CPU of an anonymous render per page (bench/render.ts) and where it
// goes (bench/profile.ts); signed-in pages at hosted latency (bench/latency.ts); first-load JavaScript per route;
// Lighthouse (mobile); the admin pages at volume; a client's documents (bench/documents.ts); a soak. A benchmark,
// not a test: nothing here fails the build.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { launchOptions } from '../playwright.config'
import { budgetedSitePaths, firstLoadBudgetKb, gzipKb, modulePreloadsOf } from '../tests/support/first-load'
import { rawRequest } from '../tests/support/urls'
import { measureAdminPages } from './admin'
import { measureChatAnswers } from './chat'
import { measureDocuments } from './documents'
import { machine, residentMiB, signInCookie, startBenchStack, today, type BenchStack } from './support'
import { hostedLatency } from './latency'
import { lighthouse, lighthouseBudgets } from './lighthouse'
import { renderProfile } from './profile'
import { renderCpu } from './render'
import { cachedPages, measure } from './throughput'

const tmp = join('bench', '.tmp')

type JsRoute = { path: string; url: string; cookie?: string }

/**
 * Gzipped JavaScript per route: what a first visit loads before the page can hydrate (the module
 * preloads of the server-rendered HTML, the entry among them), the budgeted figure; and, for the
 * record, what the page goes on to fetch by itself in Chromium until the network is idle, with no
 * interaction (code deferred until after hydration, such as the toaster and the header's dropdown).
 */
async function firstLoadJs(routes: JsRoute[]) {
	const browser = await chromium.launch(launchOptions)
	const rows: string[] = []
	for (const { path, url, cookie } of routes) {
		const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
		const html = (await rawRequest(url, { headers })).body
		const preloaded = modulePreloadsOf(html)
		const context = await browser.newContext({ extraHTTPHeaders: headers })
		const page = await context.newPage()
		const fetched = new Set<string>()
		page.on('response', (response) => {
			const { pathname } = new URL(response.url())
			if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) fetched.add(pathname)
		})
		await page.goto(url, { waitUntil: 'networkidle' })
		await context.close()
		const kb = await gzipKb(preloaded)
		const afterwards = await gzipKb([...fetched].filter((file) => !preloaded.includes(file)))
		const budget = firstLoadBudgetKb(path)
		rows.push(
			`| \`${path}\` | ${preloaded.length} | ${kb.toFixed(1)} | ${budget} | ${kb <= budget ? 'yes' : '**no**'} | ${afterwards.toFixed(1)} |`,
		)
		console.info(rows.at(-1))
	}
	await browser.close()
	return `## First-load JavaScript

Per route, gzip level 6. **First load**: every script a first visit loads before the page hydrates (the module
preloads of the server-rendered HTML, the entry among them). Budget: ≤ 150 KB on \`/\`, ≤ 200 KB on any route.
**Then, by itself**: what the page fetches afterwards in Chromium, with no interaction, until the network is
idle (code deferred past hydration); not part of the budget. Dialogs, the booking form and the cookie
preferences are fetched only when opened.

| route | files | first load KB | budget KB | within | then, by itself KB |
|---|---|---|---|---|---|
${rows.join('\n')}
`
}

async function soak(stack: BenchStack) {
	const target = {
		url: `http://127.0.0.1:${stack.app.port}/`,
		headers: { Host: `kia.localhost:${stack.app.port}` },
		pid: stack.app.pid,
	}
	// Growth is measured from a server already at this concurrency (sockets, buffers, JIT), so it shows leaks.
	await measure(target, { connections: 200, seconds: 10 })
	const before = await residentMiB(stack.app.pid)
	const result = await measure(target, { connections: 200, seconds: 60 })
	const after = await residentMiB(stack.app.pid)
	const growth = ((after / before - 1) * 100).toFixed(1)
	return `## Soak

\`/\` rendered by the app itself (no cache in front) at 200 connections for 60 s, after 10 s at the same load to warm up. Budget: 0 errors, memory growth under 20 %.

| req/s | p50 / p97.5 / p99 ms | errors (connection, timeout, non-2xx) | server memory at start → end (RSS) | growth |
|---|---|---|---|---|
| ${Math.round(result.rps).toLocaleString('en')} | ${result.p50} / ${result.p97_5} / ${result.p99} | ${result.errors} | ${before.toFixed(0)} → ${after.toFixed(0)} MiB | ${growth} % |
`
}

await mkdir(tmp, { recursive: true })
const stack = await startBenchStack()
const firstPost = /href="(\/blog\/[a-z0-9-]+)"/.exec((await rawRequest(stack.site('/blog'))).body)?.[1] ?? '/blog'

/**
 * Fresh sessions for a section: an access token lives 15 minutes (supabase/config.toml) and the whole bench
 * runs longer, so a later section would otherwise refresh one token from many requests at once.
 */
const signIn = async () => ({
	client: await signInCookie(stack, 'cliente@kia.test', 'kia-cliente-2025'),
	admin: await signInCookie(stack, 'admin@kia.test', 'kia-admin-2025'),
})
const { client: clienteCookie, admin: adminCookie } = await signIn()
const jsRoutes: JsRoute[] = [
	...budgetedSitePaths.map((path) => ({ path, url: stack.site(path) })),
	{ path: 'portal /auth', url: stack.portal('/auth') },
	...['/dashboard', '/dashboard/reuniones', '/dashboard/cuenta'].map((path) => ({
		path: `portal ${path} (cliente)`,
		url: stack.portal(path),
		cookie: clienteCookie,
	})),
	...['/admin/reuniones', '/admin/usuarios'].map((path) => ({
		path: `portal ${path} (admin)`,
		url: stack.portal(path),
		cookie: adminCookie,
	})),
]

/** `npm run bench -- <section>…` runs only those (printed, not written); with none, all, into bench/results.md. */
const wanted = process.argv.slice(2)
const runs = (section: string) => wanted.length === 0 || wanted.includes(section)

// Quietest first: Lighthouse scores what one browser observes on this machine, so it runs before the
// throughput runs and the soak load the server, and its pages were each rendered once already.
const sections: string[] = []
if (runs('first-load')) sections.push(await firstLoadJs(jsRoutes))
if (runs('lighthouse')) {
	const sitePages = ['/', '/tarifas', '/blog', firstPost].map((path) => ({
		label: path,
		url: stack.site(path),
		performanceBudget: lighthouseBudgets.site,
	}))
	const auth = { label: 'portal /auth', url: stack.portal('/auth'), performanceBudget: lighthouseBudgets.portal }
	sections.push(await lighthouse([...sitePages, auth], tmp))
}
const pages = ['/', '/tarifas', '/blog', firstPost]
if (runs('cached')) sections.push(await cachedPages(stack.app, pages, tmp))
if (runs('render')) sections.push(await renderCpu(stack, pages))
if (runs('profile')) sections.push(await renderProfile(stack, await signIn()))
if (runs('latency')) sections.push(await hostedLatency(stack, await signIn()))
if (runs('chat')) sections.push(await measureChatAnswers(stack))
if (runs('admin')) sections.push(await measureAdminPages(stack))
if (runs('documents')) sections.push(await measureDocuments(stack))
if (runs('soak')) sections.push(await soak(stack))
await stack.stop()

const report = `# Benchmark

Measured ${today()} on ${machine()}, with \`npm run bench\`: the production build (\`npm start\`) on the local services.

${sections.join('\n')}`
console.info(report)
if (wanted.length === 0) await writeFile(join('bench', 'results.md'), report)
