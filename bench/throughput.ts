// Anonymous pages through nginx's cache (the shipped deploy/nginx rules in front of the app) against nginx serving
// the same page as a file, side by side in one run. This machine is shared and noisy, so the sides take turns in
// short runs (A B A B …) and each side's median is compared; the spread of its repeats is shown.
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { freePort } from '../local/service'
import { startNginx } from '../tests/support/nginx'
import { rawRequest } from '../tests/support/urls'
import { cpuMs, median, type BenchApp } from './support'

const connections = 50
const runSeconds = 4
const warmUpSeconds = 2
const rounds = 5

type Target = { url: string; headers: Record<string, string>; pid: number }
type Summary = { rps: number; spread: number; p50: number; p97_5: number; errors: number; cpuUs: number }

/**
 * One autocannon run; errors count failed connections, timeouts and non-2xx answers. CPU per answer is nginx's
 * (master and worker, every thread) over the answers it gave: autocannon runs on the same two cores and can be
 * the limit, and then requests per second are the client's figure while CPU per answer stays the server's.
 */
export async function measure(target: Target, options: { connections: number; seconds: number }) {
	const cpuBefore = await cpuMs(target.pid)
	const result = await autocannon({
		url: target.url,
		headers: target.headers,
		connections: options.connections,
		duration: options.seconds,
	})
	return {
		rps: result.requests.average,
		p50: result.latency.p50,
		p97_5: result.latency.p97_5,
		p99: result.latency.p99,
		errors: result.errors + result.timeouts + result.non2xx,
		cpuUs: (((await cpuMs(target.pid)) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
	}
}

type Run = Awaited<ReturnType<typeof measure>>

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

/** Both sides warmed up once, then in turn, `rounds` times; one summary per side, in order. */
async function alternate(targets: Target[]) {
	for (const target of targets) await measure(target, { connections, seconds: warmUpSeconds })
	const runs = targets.map((): Run[] => [])
	for (let round = 0; round < rounds; round++) {
		for (const [index, target] of targets.entries()) {
			runs[index]?.push(await measure(target, { connections, seconds: runSeconds }))
		}
	}
	return runs.map(summarize)
}

const cell = (summary: Summary) =>
	`${Math.round(summary.rps).toLocaleString('en')} (±${(summary.spread / 2).toFixed(0)} %)`

/**
 * The app (one process, the production build) behind the shipped nginx rules on one port, and on another port
 * of the same nginx the pages' HTML as files with their gzip beside them (`gzip_static`): the same bytes, once
 * from nginx's cache and once from disk (the page cache of the kernel, in practice).
 */
export async function cachedPages(app: BenchApp, paths: string[], tmp: string) {
	const files = resolve(tmp, 'pages')
	await mkdir(files, { recursive: true })
	const [port, filePort] = [await freePort(), await freePort()]
	const nginx = await startNginx({
		port,
		upstreamPort: app.port,
		alsoInHttp: `server {
		listen 127.0.0.1:${filePort};
		root ${files};
		gzip_static on;
		location / { try_files $uri.html =404; default_type text/html; }
	}`,
	})
	const rows: string[] = []
	try {
		for (const path of paths) {
			// nginx passes the Host on as it came, and the app serves its own configured name.
			const host = { Host: `kia.localhost:${app.port}` }
			await rawRequest(`http://127.0.0.1:${port}${path}`, { headers: host })
			const page = await rawRequest(`http://127.0.0.1:${port}${path}`, { headers: host })
			if (page.status !== 200 || page.headers['x-cache-status'] !== 'HIT')
				throw new Error(`${path}: ${page.status} ${String(page.headers['x-cache-status'])}, not a HIT`)
			const name = path.replace(/\W+/g, '_') || 'home'
			await writeFile(join(files, `${name}.html`), page.body)
			await writeFile(join(files, `${name}.html.gz`), gzipSync(page.body, { level: 6 }))
			const headers = { 'Accept-Encoding': 'gzip, deflate, br' }
			const [cached, file] = await alternate([
				{
					url: `http://127.0.0.1:${port}${path}`,
					headers: { ...headers, Host: `kia.localhost:${port}` },
					pid: nginx.pid,
				},
				{ url: `http://127.0.0.1:${filePort}/${name}`, headers, pid: nginx.pid },
			])
			if (!cached || !file) throw new Error('two sides were measured')
			const ratio = (cached.rps / file.rps) * 100
			rows.push(
				`| \`${path}\` | ${cell(file)} | ${cell(cached)} | **${ratio.toFixed(0)} %** | ${Math.round(file.cpuUs)} / ${Math.round(cached.cpuUs)} | ${cached.p50} / ${cached.p97_5} | ${cached.errors + file.errors} |`,
			)
			console.info(rows.at(-1))
		}
	} finally {
		await nginx.stop()
	}
	return `## Anonymous pages: nginx's cache against nginx serving the same page as a file

The app (one process) behind the shipped nginx rules (\`deploy/nginx\`), and beside it on the same nginx (one worker)
the page saved from that cache as a file with its gzip (\`gzip_static\`); both asked as a browser asks (gzip).
${connections} connections, autocannon on the same machine. The sides take turns: a ${warmUpSeconds} s warm-up each, then ${rounds} rounds of
${runSeconds} s runs; the figure is the median run, ± half the spread between the fastest and the slowest. **CPU per answer**
is nginx's own (master and worker) over the answers it gave, median run, in µs. The app renders each page once
(then once a minute); every other answer here is nginx's.

| page | file req/s | cache req/s | cache / file | CPU per answer µs: file / cache | cache p50 / p97.5 ms | errors |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`
}
