import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'
import { pino } from 'pino'

/** A warning or an error met while answering a request, as it was logged. */
export type Problem = Record<string, unknown> & { level: number; msg: string; times?: number }

/**
 * The request being answered (server.js runs each in it): its id, for every line logged while answering it, and,
 * while its own line is still to be written (server/request-log.ts), the problems met, which go on that line.
 */
export type RequestRecord = { id: string; problems?: Problem[] }

export const currentRequest = new AsyncLocalStorage<RequestRecord>()

/** pino's level of a warning: it and everything worse is a problem. */
const warnLevel = 40

/** Past this many, a request's problems are counted rather than kept. */
const problemsKept = 20

/**
 * The one log of the server: a JSON line per event on stdout, errors with their stack as one field rather than
 * lines of their own, and the request's id on every line logged while answering one, which is the id the visitor
 * sees in `X-Request-Id`. A request is one event: a warning or an error logged while it is answered goes on the
 * request's own line (`problems`; its level the worst of them) rather than on lines of its own, so an unexpected
 * error, or Supabase down under every query of a page, is one line. Outside a request (start-up, the work queue's
 * jobs) each is a line.
 */
export const log = pino(
	{
		base: { pid: process.pid },
		timestamp: pino.stdTimeFunctions.isoTime,
		// Unless the line names it already (the request log's own line does: server/request-log.ts).
		mixin: (object, _level, logger) => {
			const requestId = currentRequest.getStore()?.id
			return requestId && !('requestId' in object) && !('requestId' in logger.bindings()) ? { requestId } : {}
		},
		hooks: {
			logMethod(args, write, level) {
				const problems = currentRequest.getStore()?.problems
				if (level < warnLevel || !problems) return write.apply(this, args)
				keep(problems, problemOf(args as unknown[], level))
			},
		},
	},
	// Each line written as it is logged. pino's default stdout writes behind and writes what is left at exit, and
	// with nothing reading stdout any more sonic-boom 4 retried that last write forever: SIGTERM never ended the
	// process. Written at once, a broken pipe only stops the logging.
	pino.destination({ dest: 1, sync: true }),
)

/** `log.error({ err }, 'message')`, `log.warn('message')` or `log.error(err)` as one problem, its error serialized. */
function problemOf([first, second]: unknown[], level: number): Problem {
	if (typeof first === 'string') return { level, msg: first }
	if (first instanceof Error) return { level, msg: typeof second === 'string' ? second : first.message, err: first }
	const fields = (first ?? {}) as Record<string, unknown>
	return { ...fields, level, msg: typeof second === 'string' ? second : '' }
}

/** The same problem again (two rate limits failing alike) is counted on the first. */
function keep(problems: Problem[], problem: Problem) {
	const same = problems.find((kept) => kept.msg === problem.msg && kept.level === problem.level)
	if (same) same.times = (same.times ?? 1) + 1
	else if (problems.length < problemsKept) problems.push(problem)
}

/**
 * The problems as they go on the request's line: each error in one line (`error`), since the line's `err` carries the
 * stack of the first.
 */
export function describeProblems(problems: Problem[]) {
	return problems.map(({ err, ...rest }) => (err === undefined ? rest : { ...rest, error: oneLine(err) }))
}

function oneLine(error: unknown) {
	if (error instanceof Error)
		return error.message.startsWith(error.name) ? error.message : `${error.name}: ${error.message}`
	const message = (error as { message?: unknown } | null)?.message
	return typeof message === 'string' ? message : String(error)
}

/**
 * What packages print with `console` (supabase-js prints the error of a call we aborted) goes through this log too:
 * every line on stdout stays JSON, and what is printed while answering a request goes on its line. For the
 * production server only: development keeps Vite's console as it is.
 */
export function logConsole() {
	const through =
		(level: 'error' | 'warn' | 'info') =>
		(...args: unknown[]) => {
			const err = args.find((arg) => arg instanceof Error)
			const rest = args.filter((arg) => arg !== err)
			const msg = rest.length > 0 ? format(...rest) : err instanceof Error ? err.message : ''
			log[level](err === undefined ? {} : { err }, msg)
		}
	Object.assign(console, {
		error: through('error'),
		warn: through('warn'),
		info: through('info'),
		log: through('info'),
	})
}
