// `npm run dev`: the local services and, once they answer, the development server (server.js). Ctrl-C,
// SIGTERM or SIGHUP, to npm or to this process, stops both and everything they started; so does npm dying.
// package.json starts it with `exec`, so npm's signals reach this process rather than a shell.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { appEnvFor, developmentServices, startLocalServices } from '../local'

// A rejection rather than a throw, so a malformed port variable is reported like a taken port.
const starting = Promise.resolve().then(() => startLocalServices(developmentServices(process.env)))
let server: ChildProcess | undefined
let stopping = false

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0))
// npm passes SIGINT and SIGTERM on to this process but dies of a SIGHUP without a word: being handed
// to another parent is the only sign of it.
const parent = process.ppid
setInterval(() => process.ppid !== parent && void stop(0), 500).unref()
// Whatever ends this process, the server does not outlive it (the stand-ins see to their own child).
process.once('exit', () => server?.kill())

try {
	const services = await starting
	for (const service of services.services) console.info(`[services] ${service.name}: ${service.description}`)
	if (!stopping) {
		server = spawn(process.execPath, ['server.js'], {
			stdio: ['ignore', 'inherit', 'inherit'],
			env: { ...process.env, ...appEnvFor(services), NODE_ENV: 'development' },
		})
		server.once('exit', (code) => void stop(code ?? 0))
	}
} catch (error) {
	// e.g. a port already taken: the message says which; the stack adds nothing.
	console.error(`[services] could not start: ${error instanceof Error ? error.message : String(error)}`)
	await stop(1)
}

async function stop(code: number) {
	if (stopping) return
	stopping = true
	// Bounded: a stand-in that does not close in time must not keep the terminal.
	setTimeout(() => process.exit(code || 1), 10_000).unref()
	if (server && server.exitCode === null && server.signalCode === null) {
		server.kill('SIGTERM')
		await once(server, 'exit')
	}
	const services = await starting.catch(() => undefined)
	await services?.stop()
	process.exit(code)
}
