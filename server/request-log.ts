import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pino } from 'pino'
import { pinoHttp } from 'pino-http'
import { env } from '~/.server/env'
import { currentRequest, describeProblems, log, type Problem, type RequestRecord } from '~/.server/log'

/** nginx's `$request_id` (32 hex digits) or a UUID: a proxy's id in one of these shapes is kept, so both logs share it. */
const requestIdShape = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

/** Development keeps a quiet console: no line per request, and each problem on a line of its own. */
const oneLinePerRequest = env.NODE_ENV === 'production'

const records = new WeakMap<IncomingMessage, RequestRecord>()
/** pino's levels, as numbers on its lines. */
const levels = { info: 30, error: 50 } as const

/** The build's fingerprinted files: a page asks for several, and they say nothing a page's own line does not. */
const isAsset = (req: IncomingMessage & { originalUrl?: string }) =>
	(req.originalUrl ?? req.url ?? '').startsWith('/assets/')

/** The problems met while answering, taken off the record: its line is being written, anything later is a line of its own. */
function takeProblems(req: IncomingMessage): Problem[] {
	const record = records.get(req)
	const problems = record?.problems ?? []
	if (record) record.problems = undefined
	return problems
}

function levelOf(req: IncomingMessage, res: ServerResponse) {
	const worst = Math.max(
		res.statusCode >= 500 ? levels.error : levels.info,
		...(records.get(req)?.problems ?? []).map((problem) => problem.level),
	)
	if (worst === levels.info && res.statusCode < 400 && isAsset(req)) return 'debug'
	return (pino.levels.labels[worst] ?? 'error') as pino.Level
}

/**
 * One JSON line per request, with its id (`X-Request-Id`), host, method, status and time; the path without its
 * query string, which may carry tokens (password reset, OAuth codes); the warnings and errors met while answering
 * it (`problems`, the first error's stack as `err`). Every line logged while the request is answered carries the
 * same id (app/.server/log.ts). The build's assets are logged at debug level, below the default.
 */
const requestLog = pinoHttp({
	logger: log,
	genReqId: (req) => {
		const sent = req.headers['x-request-id']
		return typeof sent === 'string' && requestIdShape.test(sent) ? sent : randomUUID()
	},
	autoLogging: oneLinePerRequest,
	quietReqLogger: true,
	customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
	customLogLevel: (req, res) => levelOf(req, res),
	customSuccessMessage: (req, res) => (levelOf(req, res) === 'error' ? 'request failed' : 'request completed'),
	customErrorMessage: () => 'request failed',
	customSuccessObject: (req, _res, value: Record<string, unknown>) => withProblems(req, value),
	// pino-http makes up an error ('failed with status code 503') for an answer that is a 5xx by design: the line
	// carries only a real one, the first error logged while answering.
	customErrorObject: (req, _res, _error, { err: _madeUp, ...value }: Record<string, unknown>) =>
		withProblems(req, value),
	// Given the request and response themselves, not pino's full copies of them (headers, cookies included).
	wrapSerializers: false,
	serializers: {
		req: (req: IncomingMessage & { originalUrl?: string }) => ({
			method: req.method,
			host: req.headers.host,
			path: (req.originalUrl ?? req.url ?? '/').split('?', 1)[0],
		}),
		res: (res: ServerResponse) => ({ status: res.statusCode }),
	},
})

/** The line's own fields and the problems met; the first error among them stands as the line's `err`. */
function withProblems(req: IncomingMessage, value: Record<string, unknown>) {
	const problems = takeProblems(req)
	if (problems.length === 0) return value
	const first = problems.find((problem) => problem.err !== undefined)
	const described = describeProblems(
		problems.map((problem) => (problem === first ? { ...problem, err: undefined } : problem)),
	)
	return { ...value, ...(first ? { err: first.err } : {}), problems: described }
}

export function logRequests(req: IncomingMessage, res: ServerResponse, next: () => void) {
	requestLog(req, res)
	const record: RequestRecord = { id: String(req.id), problems: oneLinePerRequest ? [] : undefined }
	records.set(req, record)
	res.setHeader('X-Request-Id', record.id)
	currentRequest.run(record, next)
}
