import { cpus, totalmem } from 'node:os'
import { localStripe } from '../app/.server/billing/local-stripe'
import { startLocalServices } from '../local'
import { startApp } from '../tests/support/app-server'
import { localAnonKey, localServiceRoleKey } from '../tests/support/keys'
import { rawRequest } from '../tests/support/urls'
import { localCompany } from '../app/.server/local-defaults'

/** "2 × Intel(R) Xeon(R) …, 24 GiB, Node v20…": where the figures were measured. */
export function machine() {
	return `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
}

export const today = () => new Date().toISOString().slice(0, 10)

/**
 * The production build on a free port against fresh local services, configured
 * as production is (every variable set), so the server runs exactly as deployed.
 * `startApp` starts another server on the same services, e.g. with Supabase
 * behind a latency proxy or with Node's CPU profiler on. `cwd`: another checkout's build.
 */
export async function startBenchStack({ cwd }: { cwd?: string } = {}) {
	const services = await startLocalServices({
		ports: { supabase: 0, postgres: 0, smtp: 0, mailWeb: 0, stripe: 0 },
		log: false,
	})
	const startProductionApp = ({ supabaseUrl = services.supabaseUrl, nodeArgs = [], cwd }: AppOptions = {}) =>
		startApp(
			(port) => ({
				SITE_URL: `http://kia.localhost:${port}`,
				PORTAL_URL: `http://portal.kia.localhost:${port}`,
				COOKIE_DOMAIN: 'kia.localhost',
				...localCompany,
				SESSION_SECRET: 'bench-session-secret-with-more-than-32-characters',
				SUPABASE_URL: supabaseUrl,
				SUPABASE_ANON_KEY: localAnonKey,
				SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
				SMTP_URL: `smtp://127.0.0.1:${services.smtpPort}`,
				...localStripe,
				STRIPE_API_URL: services.stripeUrl,
			}),
			{ keepOutput: false, nodeArgs, cwd },
		)
	const app = await startProductionApp({ cwd })
	return {
		app,
		services,
		startApp: startProductionApp,
		site: (path: string) => `http://kia.localhost:${app.port}${path}`,
		portal: (path: string) => `http://portal.kia.localhost:${app.port}${path}`,
		stop: async () => {
			await app.stop()
			await services.stop()
		},
	}
}

type AppOptions = { supabaseUrl?: string; nodeArgs?: string[]; cwd?: string }

export type BenchStack = Awaited<ReturnType<typeof startBenchStack>>
export type BenchApp = BenchStack['app']

/** The session cookies of a password sign-in through the app's own form. */
export async function signInCookie(stack: BenchStack, email: string, password: string) {
	const signIn = await rawRequest(stack.portal('/auth'), {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(stack.portal('/')).origin },
		body: new URLSearchParams({ intent: 'signin', email, password, redirectTo: '/dashboard' }).toString(),
	})
	const setCookie = [signIn.headers['set-cookie'] ?? []].flat()
	if (signIn.status !== 302 || setCookie.length === 0) throw new Error(`Sign-in of ${email} failed: ${signIn.status}`)
	return setCookie.map((cookie) => cookie.split(';')[0]).join('; ')
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** p-th percentile of sorted samples, formatted in ms. */
export function percentile(sorted: number[], p: number) {
	return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1)
}

/** The fields of /proc/<pid>/stat after the command name (Linux), so field n of proc(5) is at index n - 3. */
export async function procStat(pid: number | string) {
	const { readFile } = await import('node:fs/promises')
	const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
	return stat.split(') ')[1]?.split(' ') ?? []
}

/** A process and its children (nginx's master and its worker), on Linux. */
async function withChildren(pid: number) {
	const { readdir } = await import('node:fs/promises')
	const processes = (await readdir('/proc')).filter((name) => /^\d+$/.test(name))
	const children = []
	for (const id of processes) if (Number((await procStat(id))[1]) === pid) children.push(id)
	return [String(pid), ...children]
}

/** Resident memory in MiB of a process and its children, on Linux. */
export async function residentMiB(pid: number) {
	const { readFile } = await import('node:fs/promises')
	const rssKib = async (id: string) =>
		Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${id}/status`, 'utf8').catch(() => ''))?.[1] ?? 0)
	const kib = await Promise.all((await withChildren(pid)).map(rssKib))
	return kib.reduce((sum, one) => sum + one, 0) / 1024
}

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const clockTicksPerSecond = 100

/** CPU time in ms a process and its children have used so far, every thread, user and system (Linux). */
export async function cpuMs(pid: number) {
	const ticks = await Promise.all(
		(await withChildren(pid)).map(async (id) => {
			const fields = await procStat(id)
			return Number(fields[11] ?? 0) + Number(fields[12] ?? 0)
		}),
	)
	return (ticks.reduce((sum, one) => sum + one, 0) * 1000) / clockTicksPerSecond
}
