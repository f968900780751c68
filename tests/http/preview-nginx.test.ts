import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { connect } from 'node:net'
import { expect, test } from 'vitest'
import { freePorts } from '../../local/service'
import { rawRequest } from '../support/urls'

// `npm run preview:nginx` (docs/deploy.md, "nginx in front"), less its build (this suite's is made already): the
// production server on the local services behind the shipped nginx, answering through it, and gone on SIGTERM.

const closed = (port: number) =>
	new Promise<boolean>((resolve) => {
		const socket = connect(port, '127.0.0.1')
		socket.once('connect', () => {
			socket.destroy()
			resolve(false)
		})
		socket.once('error', () => resolve(true))
	})

test('the production build behind the shipped nginx on the local services, one command', async () => {
	const [port = 0, supabase, postgres, stripe, smtp, mailWeb] = await freePorts(6)
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/preview-nginx.ts', String(port)], {
		env: {
			...process.env,
			SUPABASE_PORT: String(supabase),
			POSTGRES_PORT: String(postgres),
			STRIPE_PORT: String(stripe),
			SMTP_PORT: String(smtp),
			MAILDEV_PORT: String(mailWeb),
			LOCAL_DATA_DIR: ':memory:',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	const exited = once(child, 'exit')
	try {
		await expect
			.poll(() => child.exitCode !== null || output.includes(`[preview] nginx on port ${port}`), { timeout: 90_000 })
			.toBe(true)
		expect(child.exitCode, output).toBeNull()
		const site = (path: string) => `http://kia.localhost:${port}${path}`
		const first = await rawRequest(site('/tarifas'))
		const second = await rawRequest(site('/tarifas'))
		expect([first.status, first.headers['x-cache-status']]).toEqual([200, 'MISS'])
		expect([second.status, second.headers['x-cache-status']]).toEqual([200, 'HIT'])
		expect((await rawRequest(`http://portal.kia.localhost:${port}/auth`)).status).toBe(200)
		expect((await rawRequest(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)
		// The server's own request line, shown in the terminal.
		expect(output).toContain('"path":"/tarifas"')
	} finally {
		child.kill('SIGTERM')
		await exited
	}
	expect(child.exitCode).toBe(0)
	for (const used of [port, supabase, postgres, stripe, smtp]) expect(await closed(used ?? 0), String(used)).toBe(true)
}, 120_000)
