// Where a render's time goes: the production server (one process) under load with V8's CPU profiler
// on, each sample put in one category by its call stack. Part of `npm run bench` (section `profile`).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { procStat, type BenchStack } from './support'

const seconds = 10
const connections = 10
/** Linux clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const ticksPerSecond = 100

type Frame = { functionName: string; url: string; lineNumber: number }
type ProfileNode = { id: number; callFrame: Frame; children?: number[] }
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const categories = [
	'render (React, our components)',
	'streaming (Node and web streams)',
	'compression (gzip)',
	'data (Supabase client, fetch)',
	'HTTP and sockets',
	'routing, middleware, loaders',
	'garbage collection',
	'other',
] as const
type Category = (typeof categories)[number]

/** The category a frame decides by itself, or null (the frames around it decide). */
function categoryOf(frame: Frame): Category | null {
	const { url, functionName } = frame
	if (/zlib|\/compression\//.test(url)) return 'compression (gzip)'
	if (/internal\/(streams|webstreams)|@react-router\/node/.test(url)) return 'streaming (Node and web streams)'
	if (/react-dom|\/react\/cjs|tailwind-merge/.test(url)) return 'render (React, our components)'
	if (/@supabase|undici|jose/.test(url)) return 'data (Supabase client, fetch)'
	if (
		/node:_http|node:net|internal\/stream_base/.test(url) ||
		/^(writev|writeBuffer|writeUtf8String)$/.test(functionName)
	)
		return 'HTTP and sockets'
	if (functionName === '(garbage collector)') return 'garbage collection'
	return null
}

/** The first frame from the leaf up that decides; else routing and middleware when our code or the router's ran. */
function categorize(stack: Frame[]): Category {
	for (const frame of stack) {
		const category = categoryOf(frame)
		if (category) return category
	}
	return stack.some((frame) => /react-router|express|\/router\/|serve-static|build\/server/.test(frame.url))
		? 'routing, middleware, loaders'
		: 'other'
}

function summarize(profile: CpuProfile, from: number, to: number) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]))
	const parentOf = new Map<number, number>()
	for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
	const stackOf = (id: number) => {
		const stack: Frame[] = []
		for (let node = byId.get(id); node; node = byId.get(parentOf.get(node.id) ?? -1)) stack.push(node.callFrame)
		return stack
	}
	const counts = new Map<Category, number>()
	let busy = 0
	let time = profile.startTime
	for (const [index, id] of profile.samples.entries()) {
		time += profile.timeDeltas[index] ?? 0
		if (time < from || time > to) continue
		const leaf = byId.get(id)?.callFrame.functionName
		if (leaf === '(idle)' || leaf === '(program)') continue
		busy++
		const category = categorize(stackOf(id))
		counts.set(category, (counts.get(category) ?? 0) + 1)
	}
	return categories.map((category) => ((counts.get(category) ?? 0) / Math.max(busy, 1)) * 100)
}

/** User + system CPU time of a process (proc(5) fields 14 and 15), in clock ticks. */
async function cpuTicks(pid: number) {
	const fields = await procStat(pid)
	return Number(fields[11]) + Number(fields[12])
}

type Target = { label: string; host: 'site' | 'portal'; path: string; cookie: string }

async function profileOne(stack: BenchStack, target: Target) {
	const directory = await mkdtemp(join(tmpdir(), 'kia-profile-'))
	const app = await stack.startApp({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${directory}`] })
	const host = `${target.host === 'site' ? '' : 'portal.'}kia.localhost:${app.port}`
	const options = {
		url: `http://127.0.0.1:${app.port}${target.path}`,
		headers: { Host: host, Cookie: target.cookie, 'Accept-Encoding': 'gzip' },
		connections,
	}
	await autocannon({ ...options, duration: 3 })
	const ticksBefore = await cpuTicks(app.pid)
	const started = performance.now()
	const result = await autocannon({ ...options, duration: seconds })
	const elapsedUs = (performance.now() - started) * 1000
	const cpuMsPerRequest = (((await cpuTicks(app.pid)) - ticksBefore) / ticksPerSecond / result.requests.total) * 1000
	await app.stop()
	const file = (await readdir(directory)).find((name) => name.endsWith('.cpuprofile'))
	if (!file) throw new Error('No CPU profile was written')
	const profile = JSON.parse(await readFile(join(directory, file), 'utf8')) as CpuProfile
	await rm(directory, { recursive: true })
	// The measured run is the last `seconds` before the server was stopped (its drain takes a moment).
	const shares = summarize(profile, profile.endTime - elapsedUs - 1e6, profile.endTime - 0.5e6)
	if (result.non2xx > 0) throw new Error(`${target.path}: ${result.non2xx} answers were not 2xx`)
	return { rps: result.requests.average, cpuMsPerRequest, shares }
}

export async function renderProfile(stack: BenchStack, cookies: { client: string }) {
	const targets: Target[] = [
		{ label: '`/tarifas`, anonymous', host: 'site', path: '/tarifas', cookie: '' },
		{ label: '`/tarifas`, signed in', host: 'site', path: '/tarifas', cookie: cookies.client },
		{ label: 'portal `/dashboard`, signed in', host: 'portal', path: '/dashboard', cookie: cookies.client },
	]
	const results: Awaited<ReturnType<typeof profileOne>>[] = []
	for (const target of targets) {
		results.push(await profileOne(stack, target))
		console.info(target.label, results.at(-1))
	}
	const header = `| | ${targets.map((target) => target.label).join(' | ')} |`
	const divider = `|---|${targets.map(() => '---|').join('')}`
	const rows = [
		`| CPU per request (ms, all threads) | ${results.map((one) => one.cpuMsPerRequest.toFixed(2)).join(' | ')} |`,
		`| req/s while profiled | ${results.map((one) => Math.round(one.rps)).join(' | ')} |`,
		...categories.map(
			(category, index) =>
				`| ${category} | ${results.map((one) => `${(one.shares[index] ?? 0).toFixed(1)} %`).join(' | ')} |`,
		),
	]
	return `## Where a render's time goes

One production server process with V8's CPU profiler, ${connections} connections for ${seconds} s after a warm-up, asked for gzip as a
browser asks. Each busy sample of the main thread goes to the first category found from the innermost frame up (a
sample under React's renderer writing into a stream counts as streaming). CPU per request is the process's user +
system time (compression runs on Node's thread pool) over the requests answered.

${header}
${divider}
${rows.join('\n')}
`
}
