import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * One JSON line per request on stdout, for the production log (issue 17):
 * what a log service indexes and what a user's reported `X-Request-Id` finds.
 * The path only: a query string may carry tokens (password reset, OAuth
 * codes). Static files are logged too: they are requests like any other, a
 * line costs microseconds, and a storm of 404s on /assets is worth seeing;
 * they carry no request id (none is made for them), so theirs is null. The
 * process id tells the server's worker processes apart.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse) {
	const started = performance.now()
	// Express rewrites req.url for mounted middleware; the path is read before it does.
	const route = (req.url ?? '/').split('?', 1)[0]
	res.once('close', () => {
		const requestId = res.getHeader('x-request-id')
		const line = {
			time: new Date().toISOString(),
			pid: process.pid,
			requestId: typeof requestId === 'string' ? requestId : null,
			host: req.headers.host ?? null,
			method: req.method,
			route,
			status: res.statusCode,
			durationMs: Math.round((performance.now() - started) * 10) / 10,
		}
		if (pending === '') setImmediate(flush)
		pending += `${JSON.stringify(line)}\n`
	})
}

/**
 * Lines wait for the end of the event loop's turn and go out in one write: a write per request to a pipe (a
 * log collector) cost a busy server more than answering a cached page. An exit writes what is left.
 */
let pending = ''
function flush() {
	if (pending === '') return
	process.stdout.write(pending)
	pending = ''
}
process.on('exit', flush)
