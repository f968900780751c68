// Throughput of the production server against the fastest a Node process can answer with the same page
// (bench/static-server.js), side by side in one run. This machine is shared and noisy, so the sides take
// turns in short runs (A B C A B C …) and each side's median is compared; the spread of its repeats is shown.
import { execFileSync, fork } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { freePort } from '../local/service'
import { perResponseHeaders } from '../server/response-headers'
import { rawRequest } from '../tests/support/urls'
import { cpuMs, median, type BenchApp, type BenchStack } from './support'

const connections = 50
const runSeconds = 4
const warmUpSeconds = 2
const rounds = 5
/** Budgets of issue 19: cached pages at ≥ 90 % of the static file, an uncached render at ≥ 3 %. */
const cachedBudget = 90
const uncachedBudget = 3
/** An own cookie that is not the session: the page cache lets it through, so every request renders. */
const bypassCookie = 'kia-bench=1'

/** `pid`: the server's process (its workers are its children), whose CPU time per answer is measured. */
type Target = { url: string; headers: Record<string, string>; pid?: number }
type Run = Awaited<ReturnType<typeof measure>>
type Summary = { rps: number; spread: number; p50: number; p97_5: number; errors: number; cpuUs: number }

/**
 * One autocannon run against `target`; errors count failed connections, timeouts and non-2xx answers. With the
 * server's pid, also the server's CPU time per answer (µs, every thread): autocannon runs on the same two cores
 * and a fast server can answer more than it can ask, so requests per second can be the client's figure while
 * CPU per answer stays the server's.
 */
export async function measure(target: Target, options: { connections: number; seconds: number }) {
	const cpuBefore = target.pid === undefined ? 0 : await cpuMs(target.pid)
	const result = await autocannon({
		url: target.url,
		headers: target.headers,
		connections: options.connections,
		duration: options.seconds,
	})
	const cpuUsed = target.pid === undefined ? Number.NaN : (await cpuMs(target.pid)) - cpuBefore
	return {
		rps: result.requests.average,
		p50: result.latency.p50,
		p97_5: result.latency.p97_5,
		p99: result.latency.p99,
		errors: result.errors + result.timeouts + result.non2xx,
		cpuUs: (cpuUsed * 1000) / Math.max(1, result.requests.total),
	}
}

const run = (target: Target, seconds: number) => measure(target, { connections, seconds })

function summarize(runs: Run[]): Summary {
	const rps = median(runs.map((one) => one.rps))
	const spread = ((Math.max(...runs.map((one) => one.rps)) - Math.min(...runs.map((one) => one.rps))) / rps) * 100
	return {
		rps,
		spread,
		p50: median(runs.map((one) => one.p50)),
		p97_5: median(runs.map((one) => one.p97_5)),
		errors: runs.reduce((sum, one) => sum + one.errors, 0),
		cpuUs: median(runs.map((one) => one.cpuUs)),
	}
}

/**
 * Gives the client (autocannon runs in this process) the first core and each one-process server the last, for
 * as long as `work` runs: on a machine this small, a client and a server left to the scheduler share a core in
 * some runs and not in others, and one side's repeats then differ for that alone. A server with several workers
 * is left on every core, as production runs it. Without `taskset` (util-linux) or with a single core, nothing is
 * pinned and the section says so.
 */
async function onSeparateCores<T>(servers: (number | undefined)[], work: () => Promise<T>) {
	const last = availableParallelism() - 1
	const everyCore = `0-${last}`
	const pids = servers.filter((pid) => pid !== undefined)
	const pinned =
		last > 0 && [setCores(process.pid, '0'), ...pids.map((pid) => setCores(pid, String(last)))].every(Boolean)
	if (!pinned) for (const pid of [process.pid, ...pids]) setCores(pid, everyCore)
	try {
		return { pinned, result: await work() }
	} finally {
		setCores(process.pid, everyCore)
	}
}

/** Runs a process and its threads on `cpus` (taskset's list); false where that cannot be done (no util-linux). */
function setCores(pid: number, cpus: string) {
	try {
		execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], { stdio: 'ignore' })
		return true
	} catch {
		return false
	}
}

const placement = (pinned: boolean) =>
	pinned
		? "autocannon (this process) runs on the first core and every one-process server (the static sides, the app with 1 worker) on the last; the app with the default workers runs on every core, autocannon's included"
		: 'autocannon and the servers share the cores as the scheduler places them (no `taskset`, or a single core)'

/** Every side warmed up once, then all of them in turn, `rounds` times; one summary per side, in order. */
async function alternate(targets: Target[]) {
	for (const target of targets) await run(target, warmUpSeconds)
	const runs = targets.map((): Run[] => [])
	for (let round = 0; round < rounds; round++) {
		for (const [index, target] of targets.entries()) runs[index]?.push(await run(target, runSeconds))
	}
	return runs.map(summarize)
}

/**
 * The page's HTML behind bench/static-server.js, from memory; with `headers`, each answer also carries them,
 * with a fresh nonce and request id as the app's do.
 */
async function startStaticServer(html: string, tmp: string, name: string, headers?: Record<string, string>) {
	const file = join(tmp, `${name}.html`)
	await writeFile(file, html)
	const args = [file, String(await freePort())]
	if (headers) {
		args.push(join(tmp, `${name}.headers.json`))
		await writeFile(args[2] ?? '', JSON.stringify(headers))
	}
	const port = Number(args[1])
	const child = fork('bench/static-server.js', args, { stdio: 'ignore' })
	await new Promise((resolve) => child.once('message', resolve))
	return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill() }
}

/** The app's URL on loopback with the Host header that names the site. */
export function appTarget(app: BenchApp, path: string, headers: Record<string, string> = {}): Target {
	return {
		url: `http://127.0.0.1:${app.port}${path}`,
		headers: { Host: `kia.localhost:${app.port}`, ...headers },
		pid: app.pid,
	}
}

const rps = (summary: Summary) => Math.round(summary.rps).toLocaleString('en')
const cell = (summary: Summary) => `${rps(summary)} (±${(summary.spread / 2).toFixed(0)} %)`
const ratio = (app: Summary, plain: Summary) => (app.rps / plain.rps) * 100
const cpu = (summary: Summary) => Math.round(summary.cpuUs).toLocaleString('en')

/** Checks that the app answers `path` the way the row says it does (from the page cache or rendered). */
async function expectCache(
	app: BenchApp,
	path: string,
	expected: 'hit' | 'rendered',
	headers: Record<string, string> = {},
) {
	const response = await rawRequest(`http://kia.localhost:${app.port}${path}`, { headers })
	const state = response.headers['x-page-cache']
	if (response.status !== 200 || (state === 'hit') !== (expected === 'hit')) {
		throw new Error(`${path}: expected ${expected} from the page cache, got ${response.status} ${String(state)}`)
	}
}

/** The headers of a page-cache hit of `path`, as the app sends them, less those of the transfer. */
async function hitHeaders(app: BenchApp, path: string) {
	const url = `http://kia.localhost:${app.port}${path}`
	// The first request may be the one that renders the page and keeps it.
	await rawRequest(url)
	const hit = await rawRequest(url)
	if (hit.headers['x-page-cache'] !== 'hit') throw new Error(`${path}: a second request should be a page-cache hit`)
	return Object.fromEntries(
		Object.entries(hit.headers).flatMap(([name, value]) =>
			perResponseHeaders.has(name) || value === undefined ? [] : [[name, [value].flat().join(', ')]],
		),
	)
}

const encodings = [
	{ name: 'none', headers: {} },
	{ name: 'gzip', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
] as const

/**
 * Anonymous pages from the page cache, with one worker (as many processes as the static side) and with the
 * production default, asked without compression and as a browser asks (gzip).
 */
export async function cachedPages(stack: BenchStack, single: BenchApp, paths: string[], tmp: string) {
	const rows: string[] = []
	// One placement is described for every row: pinned only if every row's runs were.
	let pinned = true
	for (const path of paths) {
		const page = await rawRequest(stack.site(path))
		if (page.status !== 200) throw new Error(`${path}: ${page.status}`)
		const name = path.replace(/\W+/g, '_') || 'home'
		const staticServer = await startStaticServer(page.body, tmp, name)
		const withHeaders = await startStaticServer(page.body, tmp, `${name}-headers`, await hitHeaders(single, path))
		for (const encoding of encodings) {
			const turns = await onSeparateCores([staticServer.pid, withHeaders.pid, single.pid], () =>
				alternate([
					{ url: staticServer.url, headers: { ...encoding.headers }, pid: staticServer.pid },
					{ url: withHeaders.url, headers: { ...encoding.headers }, pid: withHeaders.pid },
					appTarget(single, path, encoding.headers),
					appTarget(stack.app, path, encoding.headers),
				]),
			)
			pinned &&= turns.pinned
			const [plain, floor, one, every] = turns.result
			if (!plain || !floor || !one || !every) throw new Error('four sides were measured')
			await expectCache(single, path, 'hit', encoding.headers)
			const within = ratio(one, plain) >= cachedBudget ? '' : ' (under budget)'
			rows.push(
				`| \`${path}\` | ${encoding.name} | ${cell(plain)} | ${cell(floor)} (${ratio(floor, plain).toFixed(0)} %) | ${cell(one)} | **${ratio(one, plain).toFixed(0)} %**${within} | ${ratio(one, floor).toFixed(0)} % | ${cell(every)} | ${ratio(every, plain).toFixed(0)} % | ${cpu(plain)} / ${cpu(floor)} / ${cpu(one)} | ${one.p50} / ${one.p97_5} | ${one.errors + every.errors} |`,
			)
			console.info(rows.at(-1))
		}
		staticServer.stop()
		withHeaders.stop()
	}
	return `## Anonymous pages from the page cache vs. the static file in memory

${connections} connections, autocannon on the same machine. The static side is the page's own HTML (saved from the app)
served from memory by \`bench/static-server.js\`, with its gzip made once at start-up: the fastest a Node process
answers. A second static server sends the same page with the headers of the app's own page-cache hit (the security
headers, a CSP with a nonce made for each response, a request id): what our rules cost a hit with nothing else of
the app's, the floor of the app's side. The sides take turns: a ${warmUpSeconds} s warm-up each, then ${rounds} rounds of ${runSeconds} s runs
(static, static with the app's headers, app with 1 worker, app with the default ${stack.app.workers} workers); the figure is the median run,
± half the spread between the fastest and the slowest. Cores: ${placement(pinned)}. Budget: the app with **1 worker**
(one process, as the static side) at ≥ ${cachedBudget} % of the static side. Latency in ms, 1 worker (autocannon reports
p97.5, not p95). **CPU per answer** is each server's own CPU time (every thread) over the answers it gave, median
run, in µs: where the answers per second are autocannon's limit rather than the server's, this is the figure that
tells the servers apart.

| page | compression | static req/s | static + app's headers req/s (of static) | app, 1 worker req/s | 1 worker / static | 1 worker / static + headers | app, default workers req/s | default / static | CPU per answer µs: static / + headers / app | p50 / p97.5 ms | errors |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`
}

/** `/tarifas` rendered on every request (a cookie the page cache lets through), with 1 worker and the default. */
export async function uncachedRender(stack: BenchStack, single: BenchApp, tmp: string) {
	const path = '/tarifas'
	const headers = { Cookie: bypassCookie }
	await expectCache(single, path, 'rendered', headers)
	const page = await rawRequest(stack.site(path))
	const staticServer = await startStaticServer(page.body, tmp, 'uncached')
	const turns = await onSeparateCores([staticServer.pid, single.pid], () =>
		alternate([
			{ url: staticServer.url, headers: {}, pid: staticServer.pid },
			appTarget(single, path, headers),
			appTarget(stack.app, path, headers),
		]),
	)
	const [plain, one, every] = turns.result
	staticServer.stop()
	if (!plain || !one || !every) throw new Error('three sides were measured')
	const row = (name: string, summary: Summary) =>
		`| ${name} | ${cell(summary)} | **${ratio(summary, plain).toFixed(1)} %** | ${(summary.cpuUs / 1000).toFixed(2)} | ${summary.p50} / ${summary.p97_5} | ${summary.errors} |`
	const section = `## \`/tarifas\` rendered on every request

The cookie \`${bypassCookie}\` makes the page cache let every request through to React Router (no session: the page
reads nothing from Supabase). Same method as above: turns of ${runSeconds} s, ${rounds} rounds, median ± half the spread. Cores:
${placement(turns.pinned)}. Budget: the default workers at ≥ ${uncachedBudget} % of the static file in memory. CPU per answer as above (all of the server's
processes and threads, compression included).

| server | req/s | of the static file | CPU per answer ms | p50 / p97.5 ms | errors |
|---|---|---|---|---|---|
| static file in memory | ${cell(plain)} | 100 % | ${(plain.cpuUs / 1000).toFixed(2)} | ${plain.p50} / ${plain.p97_5} | ${plain.errors} |
${row('app, 1 worker', one)}
${row(`app, default (${stack.app.workers} workers)`, every)}
`
	console.info(section)
	return section
}
