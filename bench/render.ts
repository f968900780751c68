// CPU per anonymous render: one server process, warm, one kept-alive connection asking as nginx asks (gzip),
// every request rendered (the app keeps no pages; nginx does). Part of `npm run bench` (section `render`).
import { Agent, request } from 'node:http'
import { cpuMs, median, type BenchStack } from './support'

const warmUpRequests = 300
const requestsPerRound = 200
const rounds = 5
/** Issue 52's goal: each page's render at most this much CPU. */
export const renderBudgetMs = 4

export function get(agent: Agent, port: number, path: string, headers: Record<string, string>) {
	return new Promise<number>((resolve, reject) => {
		const req = request(
			{ agent, host: '127.0.0.1', port, path, headers: { Host: `kia.localhost:${port}`, ...headers } },
			(res) => {
				res.resume()
				res.once('end', () => resolve(res.statusCode ?? 0))
			},
		)
		req.once('error', reject)
		req.end()
	})
}

/** `count` sequential requests for `path`; the server's CPU time per request, in ms. */
export async function cpuPerRender(pid: number, send: () => Promise<number>, count: number) {
	const before = await cpuMs(pid)
	for (let index = 0; index < count; index++) {
		const status = await send()
		if (status !== 200) throw new Error(`answered ${status}`)
	}
	return ((await cpuMs(pid)) - before) / count
}

/**
 * The pages take turns, round after round, so a busy moment of this shared machine falls on all of them; the
 * figure is each page's median round. `headers` lets a run before issue 52 force a render past the old page
 * cache (an own cookie it let through).
 */
export async function renderCpu(stack: BenchStack, paths: string[], headers: Record<string, string> = {}) {
	const app = await stack.startApp()
	const agent = new Agent({ keepAlive: true, maxSockets: 1 })
	const send = (path: string) => () => get(agent, app.port, path, { 'Accept-Encoding': 'gzip', ...headers })
	try {
		for (const path of paths) await cpuPerRender(app.pid, send(path), warmUpRequests)
		const samples = paths.map((): number[] => [])
		for (let round = 0; round < rounds; round++) {
			for (const [index, path] of paths.entries()) {
				samples[index]?.push(await cpuPerRender(app.pid, send(path), requestsPerRound))
			}
		}
		const rows = paths.map((path, index) => {
			const ms = median(samples[index] ?? [])
			const spread = samples[index]?.map((one) => one.toFixed(2)).join(', ')
			return `| \`${path}\` | **${ms.toFixed(2)}** | ${spread} | ${ms <= renderBudgetMs ? 'yes' : '**no**'} |`
		})
		for (const row of rows) console.info(row)
		return `## CPU per anonymous render

One server process, warmed up with ${warmUpRequests} requests a page, then ${rounds} rounds of ${requestsPerRound} sequential
requests a page on one kept-alive connection, the pages taking turns; each asks for gzip, as nginx does. The figure
is the process's user + system CPU time (every thread, compression included) over the requests of a round, the
median round in bold and every round after it. Goal (issue 52): at most ${renderBudgetMs} ms a page.

| page | CPU per render ms | rounds | within |
|---|---|---|---|
${rows.join('\n')}
`
	} finally {
		agent.destroy()
		await app.stop()
	}
}
