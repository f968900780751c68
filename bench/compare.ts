// Two builds' CPU per anonymous render, side by side, for a change that must cost no more:
// `npx tsx bench/compare.ts <checkout> <checkout> [path…]`, each checkout built beforehand (`npx react-router build`
// in it). Both servers run at once on one set of local services; round after round each page is asked of one and
// then the other, the order turning every round (ABBA), so the host's speed, which moves by more than such a change
// within minutes, falls on both alike and each round's pair is compared within itself. Printed, not written.
import { Agent } from 'node:http'
import { resolve } from 'node:path'
import { cpuPerRender, get } from './render'
import { machine, median, startBenchStack, today } from './support'

const warmUpRequests = 300
const requestsPerRound = 200
const rounds = 30
const defaultPaths = ['/', '/tarifas', '/blog', '/blog/verifactu-que-cambia-y-como-prepararte']

/** The k-th smallest to the k-th largest ratio: a 95 % interval for the median with no assumption on the spread. */
function medianInterval(sorted: number[]) {
	const n = sorted.length
	let below = 0
	let k = 0
	// Binomial(n, ½): the largest k with P(X < k) ≤ 2.5 %.
	for (let i = 0; i <= n; i++) {
		const p = binomial(n, i) / 2 ** n
		if (below + p > 0.025) break
		below += p
		k = i + 1
	}
	return [sorted[Math.max(0, k - 1)] ?? 0, sorted[Math.min(n - 1, n - k)] ?? 0] as const
}

function binomial(n: number, k: number) {
	let result = 1
	for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
	return result
}

const [first, second, ...rest] = process.argv.slice(2)
if (!first || !second) throw new Error('usage: tsx bench/compare.ts <checkout A> <checkout B> [path…]')
const paths = rest.length > 0 ? rest : defaultPaths
const stack = await startBenchStack({ cwd: resolve(first) })
const servers = [stack.app, await stack.startApp({ cwd: resolve(second) })].map((app) => ({
	app,
	agent: new Agent({ keepAlive: true, maxSockets: 1 }),
	samples: paths.map((): number[] => []),
}))
type Server = (typeof servers)[number]
const measure = ({ app, agent }: Server, path: string, count: number) =>
	cpuPerRender(app.pid, () => get(agent, app.port, path, { 'Accept-Encoding': 'gzip' }), count)
try {
	for (const path of paths) for (const server of servers) await measure(server, path, warmUpRequests)
	for (let round = 0; round < rounds; round++) {
		const order = round % 2 === 0 ? servers : [...servers].reverse()
		for (const [index, path] of paths.entries()) {
			for (const server of order) server.samples[index]?.push(await measure(server, path, requestsPerRound))
		}
		process.stderr.write(`round ${round + 1} of ${rounds}\n`)
	}
	console.info(`${today()}, ${machine()}: A = ${first}, B = ${second}; ${rounds} rounds of ${requestsPerRound} requests a page each
| page | A ms | B ms | B / A, median of the rounds' | 95 % interval |
|---|---|---|---|---|`)
	const [a, b] = servers
	for (const [index, path] of paths.entries()) {
		const ofA = a?.samples[index] ?? []
		const ofB = b?.samples[index] ?? []
		const ratios = ofA.map((one, round) => (ofB[round] ?? 0) / one).sort((x, y) => x - y)
		const [low, high] = medianInterval(ratios)
		console.info(
			`| \`${path}\` | ${median(ofA).toFixed(2)} | ${median(ofB).toFixed(2)} | ${median(ratios).toFixed(3)} | ${low.toFixed(3)}–${high.toFixed(3)} |`,
		)
	}
} finally {
	for (const { agent } of servers) agent.destroy()
	await servers[1]?.app.stop()
	await stack.stop()
}
