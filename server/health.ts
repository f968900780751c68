import type { IncomingMessage, ServerResponse } from 'node:http'
import { env } from '~/.server/env'
import { abortAfter } from '~/lib/abort'

/**
 * How long /readyz waits for Supabase: a load balancer probes every few
 * seconds and must hear "not ready" before its own timeout, not a hang.
 */
const readinessTimeoutMs = 2_000

/**
 * `GET /healthz` (the process answers; touches nothing) and `GET /readyz`
 * (Supabase answers its auth health endpoint) for load balancers and
 * orchestrators. Answered before the host check, the page cache, the request
 * log and the app: a health check may come by IP, must stay cheap, and would
 * drown the log. True when the request has been answered.
 */
export function answerHealthCheck(req: IncomingMessage, res: ServerResponse) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	const path = req.url?.split('?', 1)[0]
	if (path === '/healthz') {
		reply(req, res, 200, 'ok')
		return true
	}
	if (path === '/readyz') {
		void supabaseAnswers().then((ready) => reply(req, res, ready ? 200 : 503, ready ? 'ok' : 'Supabase no responde'))
		return true
	}
	return false
}

async function supabaseAnswers() {
	try {
		const response = await fetch(new URL('/auth/v1/health', env.SUPABASE_URL), {
			headers: { apikey: env.SUPABASE_ANON_KEY },
			signal: abortAfter(readinessTimeoutMs),
		})
		await response.body?.cancel()
		return response.ok
	} catch {
		return false
	}
}

function reply(req: IncomingMessage, res: ServerResponse, status: number, body: string) {
	res.statusCode = status
	res.setHeader('Cache-Control', 'no-store')
	res.setHeader('Content-Type', 'text/plain; charset=utf-8')
	res.setHeader('Content-Length', Buffer.byteLength(body))
	res.end(req.method === 'HEAD' ? undefined : body)
}
