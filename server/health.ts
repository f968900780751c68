import type { IncomingMessage, ServerResponse } from 'node:http'
import { env } from '~/.server/env'
import { parseQueueStatus, type QueueStatus } from '~/.server/jobs/queue'
import { log } from '~/.server/log'
import { failureOf } from '~/.server/supabase/client'
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

/** What /readyz says: whether pages can be served, what failed if not, and the work queue's backlog. */
export type Readiness = {
	status: 'ready' | 'unavailable'
	/** 'ok', or why a query through PostgREST to PostgreSQL, as every page's data makes, failed. */
	database: string
	/** 'ok', or why Supabase Auth, which signs visitors in and refreshes their sessions, did not answer. */
	auth: string
	/** The backlog (decision 017); a metric to alert on, never a reason to be unready. Absent without the database. */
	queue?: {
		/** Jobs waiting, due or for a retry's later time. */
		waiting: number
		/** Of them, those due now. */
		due: number
		running: number
		/** Of them, those whose worker stopped answering: another takes them once their claim runs out. */
		stuck: number
		/** Given up on after their attempts, until an admin retries them. */
		failed: number
		/** How long the oldest due job has waited. */
		oldestWaitSeconds: number
	}
}

/**
 * `GET /healthz` (the process answers; touches nothing) and `GET /readyz`
 * (what a page needs answers: a query through PostgREST to PostgreSQL, and
 * Supabase Auth) for load balancers and orchestrators. Answered before the
 * host check, the request log and the app: a health check may come by IP,
 * must stay cheap, and would drown the log. True when the request has been
 * answered.
 */
export function answerHealthCheck(req: IncomingMessage, res: ServerResponse) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	const path = req.url?.split('?', 1)[0]
	if (path === '/healthz') {
		reply(req, res, 200, 'text/plain; charset=utf-8', 'ok')
		return true
	}
	if (path === '/readyz') {
		void readiness().then((answer) =>
			reply(req, res, answer.status === 'ready' ? 200 : 503, 'application/json', JSON.stringify(answer)),
		)
		return true
	}
	return false
}

/**
 * `check` asked at most once per `freshForMs`: callers while it runs wait for
 * that run, and its answer is reused for `freshForMs` from when it came (an
 * outage's answer too, so probes during one do not pile up). A check that
 * throws answers `failed`.
 */
export function cachedAnswer<T>(
	check: () => Promise<T>,
	{ freshForMs, failed, now = () => performance.now() }: { freshForMs: number; failed: T; now?: () => number },
) {
	let answer: Promise<T> | undefined
	let running = false
	let freshUntil = -Infinity
	return () => {
		if (answer && (running || now() < freshUntil)) return answer
		running = true
		answer = check()
			.catch(() => failed)
			.finally(() => {
				running = false
				freshUntil = now() + freshForMs
			})
		return answer
	}
}

const readiness = cachedAnswer(checkReadiness, {
	freshForMs: readinessFreshForMs,
	failed: { status: 'unavailable', database: 'unknown', auth: 'unknown' },
})

let wasReady = true

async function checkReadiness(): Promise<Readiness> {
	const [queue, auth] = await Promise.allSettled([readQueue(), authAnswers()])
	const answer: Readiness = {
		status: queue.status === 'fulfilled' && auth.status === 'fulfilled' ? 'ready' : 'unavailable',
		database: queue.status === 'fulfilled' ? 'ok' : failureOf(queue.reason),
		auth: auth.status === 'fulfilled' ? 'ok' : failureOf(auth.reason),
		...(queue.status === 'fulfilled' ? { queue: backlogOf(queue.value) } : {}),
	}
	// One line when readiness changes, not one per probe.
	const ready = answer.status === 'ready'
	if (ready !== wasReady) {
		if (ready) log.info('[ready] Supabase answers again: ready')
		else log.warn({ database: answer.database, auth: answer.auth }, '[ready] not ready: Supabase does not answer')
		wasReady = ready
	}
	return answer
}

/**
 * The queue's figures through PostgREST with the service role: a real query, so it fails when PostgreSQL does.
 * A request of its own rather than a service client: its own 2 s bound, no retries, nothing logged per probe.
 */
async function readQueue() {
	const response = await fetch(new URL('/rest/v1/rpc/estado_cola', env.SUPABASE_URL), {
		method: 'POST',
		headers: {
			apikey: env.SUPABASE_SERVICE_ROLE_KEY,
			Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
			'Content-Type': 'application/json',
		},
		body: '{}',
		signal: abortAfter(readinessTimeoutMs),
	})
	if (!response.ok) {
		await response.body?.cancel()
		throw new Error(`PostgREST answered ${response.status}`)
	}
	return parseQueueStatus(await response.json())
}

async function authAnswers() {
	const response = await fetch(new URL('/auth/v1/health', env.SUPABASE_URL), {
		headers: { apikey: env.SUPABASE_ANON_KEY },
		signal: abortAfter(readinessTimeoutMs),
	})
	await response.body?.cancel()
	if (!response.ok) throw new Error(`Auth answered ${response.status}`)
}

function backlogOf(status: QueueStatus): NonNullable<Readiness['queue']> {
	return {
		waiting: status.pendientes,
		due: status.vencidos,
		running: status.en_curso,
		stuck: status.atascados,
		failed: status.fallidos,
		oldestWaitSeconds: status.espera_segundos,
	}
}

function reply(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string) {
	res.statusCode = status
	res.setHeader('Cache-Control', cacheControl.none)
	res.setHeader('Content-Type', type)
	// Answered before the app, so without the security headers it adds: a browser must still read this as text.
	res.setHeader('X-Content-Type-Options', 'nosniff')
	res.setHeader('Content-Length', Buffer.byteLength(body))
	res.end(req.method === 'HEAD' ? undefined : body)
}
