import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One call that went through the proxy, with the app's request id (the page that made it) and its times. */
export type ProxiedCall = {
	requestId: string | null
	method: string
	path: string
	startedAt: number
	endedAt: number
}

export type LatencyProxy = {
	url: string
	calls: ProxiedCall[]
	stop: () => Promise<void>
}

function header(headers: IncomingHttpHeaders, name: string) {
	const value = headers[name]
	return typeof value === 'string' ? value : null
}

/**
 * Stands between the app and the local Supabase and holds every request for
 * `delayMs` before passing it on: the round trip to a hosted project, which
 * the local one (on the same machine) does not have. Records each call.
 */
export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
	const upstream = new URL(target)
	const calls: ProxiedCall[] = []
	const server = createServer((req, res) => {
		const startedAt = performance.now()
		const call = {
			requestId: header(req.headers, 'x-request-id'),
			method: req.method ?? 'GET',
			path: (req.url ?? '/').split('?', 1)[0] ?? '/',
		}
		setTimeout(() => {
			const outgoing = forward(
				{
					hostname: upstream.hostname,
					port: upstream.port,
					method: req.method,
					path: req.url,
					headers: { ...req.headers, host: upstream.host },
				},
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers)
					answer.pipe(res)
					answer.once('end', () => calls.push({ ...call, startedAt, endedAt: performance.now() }))
				},
			)
			outgoing.once('error', () => res.destroy())
			req.pipe(outgoing)
		}, delayMs)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		calls,
		stop: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

/** The calls of one page render that began after another call of the same render had ended. */
export function sequentialCalls(calls: ProxiedCall[]) {
	const firstEnd = Math.min(...calls.map((call) => call.endedAt))
	return calls.filter((call) => call.startedAt >= firstEnd)
}
