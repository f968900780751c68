import { once } from 'node:events'
import { createConnection, createServer, type Socket } from 'node:net'

export type SmtpFault = 'none' | 'down' | 'dropping'

/**
 * A mail server that fails as real ones do, in front of the run's mail catcher: 'down' refuses connections (nothing
 * listens on its port), 'dropping' takes them and never answers (a firewall dropping packets, a server stalled),
 * 'none' passes everything through. What is in flight when its fault changes is cut off.
 */
export async function startFaultySmtp(catcherPort: number) {
	const sockets = new Set<Socket>()
	let fault: SmtpFault = 'none'
	const server = createServer((client) => {
		sockets.add(client)
		client.once('close', () => sockets.delete(client))
		client.on('error', () => client.destroy())
		if (fault === 'dropping') return
		const upstream = createConnection({ host: '127.0.0.1', port: catcherPort })
		sockets.add(upstream)
		upstream.once('close', () => sockets.delete(upstream))
		upstream.on('error', () => client.destroy())
		client.pipe(upstream).pipe(client)
		client.once('close', () => upstream.destroy())
		upstream.once('close', () => client.destroy())
	})
	server.listen(0, '127.0.0.1')
	await once(server, 'listening')
	const address = server.address()
	if (!address || typeof address === 'string') throw new Error('no port')
	const port = address.port

	const cutOff = () => {
		for (const socket of sockets) socket.destroy()
	}
	return {
		url: `smtp://127.0.0.1:${port}`,
		async set(next: SmtpFault) {
			cutOff()
			if (next === 'down' && server.listening) {
				server.close()
				await once(server, 'close')
			}
			if (next !== 'down' && !server.listening) {
				server.listen(port, '127.0.0.1')
				await once(server, 'listening')
			}
			fault = next
		},
		async stop() {
			cutOff()
			if (server.listening) {
				server.close()
				await once(server, 'close')
			}
		},
	}
}
