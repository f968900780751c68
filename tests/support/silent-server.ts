import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'

/**
 * A TCP server in a process of its own that takes every connection and never says a word, like a service whose
 * process hangs (a frozen database under PostgREST, an API behind a broken load balancer). It listens with a
 * backlog of one, so once `dropPackets()` stops the process (SIGSTOP) and fills its accept queue, the kernel
 * drops each new SYN instead of answering it: a connection attempt hangs in its connect phase, as to a host
 * behind a firewall that drops packets rather than refusing them.
 */
export async function startSilentServer() {
	const child = spawn(
		process.execPath,
		[
			'-e',
			`const held = []
			const server = require('node:net').createServer((socket) => held.push(socket.on('error', () => {})))
			server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => console.log(server.address().port))`,
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	)
	const [line] = (await once(child.stdout, 'data')) as [Buffer]
	const port = Number(String(line).trim())
	const fillers: Socket[] = []

	return {
		url: `http://127.0.0.1:${port}`,
		/** From now on no connection is accepted: an attempt waits in its connect phase until its caller gives up. */
		async dropPackets() {
			child.kill('SIGSTOP')
			while (await connects(port, fillers)) {
				// Each connection the kernel still completes takes a place in the accept queue nobody empties.
			}
		},
		async stop() {
			for (const socket of fillers) socket.destroy()
			const exited = once(child, 'exit')
			child.kill('SIGKILL')
			await exited
		},
	}
}

/** Whether a connection to `port` completes within a moment; kept open in `fillers` if it does. */
function connects(port: number, fillers: Socket[]) {
	return new Promise<boolean>((resolve) => {
		const socket = connect({ port, host: '127.0.0.1' })
		socket.on('error', () => resolve(false))
		const timer = setTimeout(() => {
			socket.destroy()
			resolve(false)
		}, 500)
		socket.once('connect', () => {
			clearTimeout(timer)
			fillers.push(socket)
			resolve(true)
		})
	})
}
