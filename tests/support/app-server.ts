import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { freePort, retryOnTakenPort } from '../../local/service'
import { localAnonKey, localServiceRoleKey } from './keys'
import { e2eStripe } from './stripe'
import { stripeURL, supabaseURL } from './urls'
import { localCompany } from '../../app/.server/local-defaults'

const startUpBoundMs = 60_000

type AppOptions = {
	keepOutput?: boolean
	nodeArgs?: string[]
	/**
	 * The process's environment as the image's container has it: only the image's own variables (NODE_ENV=production,
	 * PORT, the PATH), and `extraEnv` over them as `docker run --env-file` puts a file's, even an empty value
	 * replacing the image's. Otherwise this process's environment, `extraEnv`, then NODE_ENV and PORT.
	 */
	asTheImage?: boolean
	/** The server's output on this process's too, as it comes (a preview in a terminal). */
	echo?: boolean
	/** The checkout whose `server.js` and build run; this process's working directory by default. */
	cwd?: string
}

/**
 * A production server's settings in the tests: both hosts on `port` (https origins as production has, still reached
 * over plain HTTP as behind a load balancer that ends TLS), the local services' company, a session secret, and the
 * services it talks to; by default the suite's (tests/e2e/global-setup.ts), and a mail server that is never there.
 */
export function testAppEnv(
	port: number,
	{
		supabase = supabaseURL(),
		stripe = stripeURL(),
		smtp = 'smtp://127.0.0.1:9',
		scheme = 'http',
	}: { supabase?: string; stripe?: string; smtp?: string; scheme?: 'http' | 'https' } = {},
) {
	return {
		SITE_URL: `${scheme}://kia.localhost:${port}`,
		PORTAL_URL: `${scheme}://portal.kia.localhost:${port}`,
		COOKIE_DOMAIN: 'kia.localhost',
		...localCompany,
		SESSION_SECRET: 'e2e-session-secret-with-more-than-32-characters',
		SUPABASE_URL: supabase,
		SUPABASE_ANON_KEY: localAnonKey,
		SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
		SMTP_URL: smtp,
		...e2eStripe(stripe),
	}
}

/**
 * Runs the production server (`server.js` on the build made beforehand) and waits until it listens. With
 * `keepOutput: false` the request log is read and dropped, as a log collector would, instead of kept in memory
 * (a benchmark's hundreds of thousands of lines). `nodeArgs` go to Node itself (a benchmark's `--cpu-prof`).
 */
export function startApp(
	extraEnv: Record<string, string> | ((port: number) => Record<string, string>) = {},
	options: AppOptions = {},
) {
	return retryOnTakenPort(async () => startAppOn(await freePort(), extraEnv, options))
}

async function startAppOn(
	port: number,
	extraEnv: Record<string, string> | ((port: number) => Record<string, string>),
	{ keepOutput = true, nodeArgs = [] as string[], asTheImage = false, echo = false, cwd }: AppOptions,
) {
	const env = typeof extraEnv === 'function' ? extraEnv(port) : extraEnv
	const image = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port) }
	const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
		env: asTheImage ? { ...image, ...env } : { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port) },
		stdio: ['ignore', 'pipe', 'pipe'],
		cwd,
	})
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	const closed = once(child, 'close')
	let output = ''
	// Its own line says it listens: another process's server may answer on the port (retryOnTakenPort).
	let listening = false
	let head = ''
	child.stdout.on('data', (chunk: Buffer) => {
		if (!listening) listening = (head += chunk).includes(`listening on port ${port}`)
		if (keepOutput) output += chunk
		if (echo) process.stdout.write(chunk)
	})
	child.stderr.on('data', (chunk: Buffer) => {
		output += chunk
		if (echo) process.stderr.write(chunk)
	})

	// About a second on an idle machine; over 20 s (not a line printed yet) on a 2-core one whose cores a
	// build and a second test run kept busy. The bound only catches a server that never comes up.
	const deadline = Date.now() + startUpBoundMs
	while (Date.now() < deadline) {
		if (child.exitCode !== null) {
			await closed
			throw new Error(`The app exited at start-up:\n${output}`)
		}
		if (listening)
			return {
				port,
				pid: child.pid ?? 0,
				output: () => output,
				/** The exit code, once the process has exited (null when a signal ended it). */
				exited,
				/**
				 * SIGTERM, as a deploy sends it. An app that already exited resolves at once (waiting for an
				 * 'exit' that has been emitted would wait forever), and one still running past its drain bound
				 * (server.js, 8 s) is killed, so a stuck app fails its own test instead of hanging the suite.
				 */
				stop: async () => {
					if (child.exitCode !== null || child.signalCode !== null) return
					const killer = setTimeout(() => {
						console.error(`[app-server] still running 15 s after SIGTERM; killed. Its output:\n${output}`)
						child.kill('SIGKILL')
					}, 15_000)
					child.kill('SIGTERM')
					await exited
					clearTimeout(killer)
				},
			}
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	child.kill('SIGKILL')
	throw new Error(`The app did not listen within ${startUpBoundMs / 1000} s:\n${output}`)
}

/**
 * A second app beside the suite's, on the same services (tests/e2e/global-setup.ts), with https origins as
 * production has: it is still reached over plain HTTP, as behind a load balancer that ends TLS.
 */
export function startHttpsApp(overrides: Record<string, string> = {}, options: { nodeArgs?: string[] } = {}) {
	return startApp(
		(port) => ({ ...testAppEnv(port, { scheme: 'https' }), ENABLE_TEST_ROUTES: '1', ...overrides }),
		options,
	)
}
