import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pinoHttp } from 'pino-http'
import { env } from '~/.server/env'
import { currentRequest, log } from '~/.server/log'

/** nginx's `$request_id` (32 hex digits) or a UUID: a proxy's id in one of these shapes is kept, so both logs share it. */
const requestIdShape = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

/**
 * One JSON line per request, with its id (`X-Request-Id`), host, method, status and time; the path without its
 * query string, which may carry tokens (password reset, OAuth codes). Every line logged while the request is
 * answered carries the same id (app/.server/log.ts).
 */
const requestLog = pinoHttp({
	logger: log,
	genReqId: (req) => {
		const sent = req.headers['x-request-id']
		return typeof sent === 'string' && requestIdShape.test(sent) ? sent : randomUUID()
	},
	// Development keeps a quiet console.
	autoLogging: env.NODE_ENV === 'production',
	quietReqLogger: true,
	customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
	customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
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

export function logRequests(req: IncomingMessage, res: ServerResponse, next: () => void) {
	requestLog(req, res)
	res.setHeader('X-Request-Id', String(req.id))
	currentRequest.run(String(req.id), next)
}
