import type { IncomingMessage, ServerResponse } from 'node:http'
import { env } from '~/.server/env'
import { abortAfter } from '~/lib/abort'
import { cacheControl } from '~/.server/http/cache-control'

/**
 * How long /readyz waits for Supabase: a load balancer probes every few
 * seconds and must hear "not ready" before its own timeout, not a hang.
 */
const readinessTimeoutMs = 2_000

/**
 * How long one answer of Supabase's serves every /readyz: /readyz is public,
 * so without this anyone could make this server call Supabase as often as
 * they liked. A probe sees a state at most this old, well under the usual
 * probe intervals (5 s and up on load balancers, 10 s by default in Kubernetes).
 */
const readinessFreshForMs = 2_000

/**
 * `GET /healthz` (the process answers; touches nothing) and `GET /readyz`
 * (Supabase answers its auth health endpoint) for load balancers and
 * orchestrators. Answered before the host check, the request log and the
 * app: a health check may come by IP, must stay cheap, and would
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
		void supabaseIsReady().then((ready) => reply(req, res, ready ? 200 : 503, ready ? 'ok' : 'Supabase no responde'))
		return true
	}
	return false
}

/**
 * `check` asked at most once per `freshForMs`: callers while it runs wait for
 * that run, and its answer is reused for `freshForMs` from when it came (an
 * outage's answer too, so probes during one do not pile up). A check that
 * throws reads as false.
 */
export function cachedAnswer(
	check: () => Promise<boolean>,
	{ freshForMs, now = () => performance.now() }: { freshForMs: number; now?: () => number },
) {
	let answer: Promise<boolean> | undefined
	let running = false
	let freshUntil = -Infinity
	return () => {
		if (answer && (running || now() < freshUntil)) return answer
		running = true
		answer = check()
			.catch(() => false)
			.finally(() => {
				running = false
				freshUntil = now() + freshForMs
			})
		return answer
	}
}

const supabaseIsReady = cachedAnswer(supabaseAnswers, { freshForMs: readinessFreshForMs })

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
	res.setHeader('Cache-Control', cacheControl.none)
	res.setHeader('Content-Type', 'text/plain; charset=utf-8')
	// Answered before the app, so without the security headers it adds: a browser must still read this as text.
	res.setHeader('X-Content-Type-Options', 'nosniff')
	res.setHeader('Content-Length', Buffer.byteLength(body))
	res.end(req.method === 'HEAD' ? undefined : body)
}
