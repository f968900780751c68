import { createServer, request as forward, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buffer } from 'node:stream/consumers'

/**
 * Stands between the app and a service and passes every request on, except those `holds` picks while asked to:
 * each waits in the proxy, read whole, until `release()`. So a test can act once the requests it is about are on
 * their way (freeze the database they go to) and before they arrive. A request goes on even after the app gave up
 * on it, as one already on the wire does.
 */
export async function startHoldingProxy(target: string, holds: (req: IncomingMessage) => boolean) {
	const upstream = new URL(target)
	let wanted = 0
	let allHeld = () => {}
	const held: (() => void)[] = []

	const server = createServer((req, res) => {
		const pass = (body: Buffer) => {
			const outgoing = forward(
				{
					hostname: upstream.hostname,
					port: upstream.port,
					method: req.method,
					path: req.url,
					headers: { ...req.headers, host: upstream.host },
				},
				(answer) => {
					if (res.destroyed) return void answer.resume()
					res.writeHead(answer.statusCode ?? 502, answer.headers)
					answer.pipe(res)
				},
			)
			outgoing.once('error', () => res.destroy())
			outgoing.end(body)
		}
		void buffer(req).then((body) => {
			if (wanted === 0 || !holds(req)) return pass(body)
			held.push(() => pass(body))
			if (--wanted === 0) allHeld()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		/** Holds the next `count` requests `holds` picks; settles once they all wait. */
		hold(count: number) {
			wanted = count
			return new Promise<void>((resolve) => (allHeld = resolve))
		},
		/** Sends the held requests on. */
		release() {
			for (const send of held.splice(0)) send()
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}
