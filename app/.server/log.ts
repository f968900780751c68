import { AsyncLocalStorage } from 'node:async_hooks'
import { pino } from 'pino'

/** The id of the request being answered, for every line logged while answering it (server.js runs each in it). */
export const currentRequest = new AsyncLocalStorage<string>()

/**
 * The one log of the server: a JSON line per event on stdout, errors with their stack as one field rather than
 * lines of their own, and the request's id on every line logged while answering one, which is the id the visitor
 * sees in `X-Request-Id`.
 */
export const log = pino(
	{
		base: { pid: process.pid },
		timestamp: pino.stdTimeFunctions.isoTime,
		// Unless the line names it already (the request log's own line does: server/request-log.ts).
		mixin: (object, _level, logger) => {
			const requestId = currentRequest.getStore()
			return requestId && !('requestId' in object) && !('requestId' in logger.bindings()) ? { requestId } : {}
		},
	},
	// Each line written as it is logged. pino's default stdout writes behind and writes what is left at exit, and
	// with nothing reading stdout any more sonic-boom 4 retried that last write forever: SIGTERM never ended the
	// process. Written at once, a broken pipe only stops the logging.
	pino.destination({ dest: 1, sync: true }),
)
