import type { IncomingMessage, ServerResponse } from 'node:http'
import SonicBoom from 'sonic-boom'

/**
 * One JSON line per request on stdout, for the production log (issue 17):
 * what a log service indexes and what a user's reported `X-Request-Id` finds.
 * The path only: a query string may carry tokens (password reset, OAuth
 * codes). Static files are logged too: they are requests like any other, a
 * line costs microseconds, and a storm of 404s on /assets is worth seeing;
 * they carry no request id (none is made for them), so theirs is null. The
 * process id tells the server's worker processes apart.
 *
 * Call it as a request arrives; call what it returns once the request has been
 * handed on (answered from memory, refused, or passed to the app).
 */
export function logRequest(req: IncomingMessage, res: ServerResponse) {
	const started = performance.now()
	// Express rewrites req.url for mounted middleware; the path is read before it does.
	const route = (req.url ?? '/').split('?', 1)[0]
	const writeLine = (answeredWith?: string) => {
		const requestId = answeredWith ?? res.getHeader('x-request-id')
		const durationMs = Math.round((performance.now() - started) * 10) / 10
		// Written out field by field: half the cost of formatting a Date and stringifying an object for every line,
		// which was most of the line's share of a cached page's answer. Every value from the request is a JSON string.
		const line = `{"time":"${isoTime(Date.now())}","pid":${process.pid},"requestId":${typeof requestId === 'string' ? JSON.stringify(requestId) : 'null'},"host":${JSON.stringify(req.headers.host ?? null)},"method":${JSON.stringify(req.method ?? null)},"route":${JSON.stringify(route)},"status":${res.statusCode},"durationMs":${durationMs}}\n`
		logStream()?.write(Buffer.from(line))
	}
	/** `requestId`: a response's id that Node does not hold as a header to read back (a page cache hit's). */
	return function handedOn(requestId?: string | null) {
		// A response sent already (a cached page, a refused host) is logged now: a 'close' listener per cached
		// page was a tenth of what answering it cost.
		if (res.writableEnded) writeLine(requestId ?? undefined)
		else res.once('close', () => writeLine())
	}
}

let isoSecond = Number.NaN
let isoSecondText = ''
/**
 * `new Date(ms).toISOString()`, with the part up to the second formatted once a second: a Date formatted per
 * line cost a busy server several microseconds a request (measured in the process at 2,000 cached pages a second).
 */
export function isoTime(ms: number) {
	const second = Math.floor(ms / 1000)
	if (second !== isoSecond) {
		isoSecond = second
		isoSecondText = new Date(second * 1000).toISOString().slice(0, -4)
	}
	return `${isoSecondText}${String(ms - second * 1000).padStart(3, '0')}Z`
}

/** sonic-boom's types describe its text mode only; in buffer mode its `write` takes bytes. */
type ByteStream = Omit<SonicBoom, 'write'> & { write(data: Uint8Array): boolean }

/**
 * stdout through sonic-boom (pino's writer): lines gather in memory and leave in writes of 16 KB or every
 * half second, on libuv's thread pool. Node writes to a pipe (a log collector) synchronously, so a write per
 * request cost a busy server more than answering a cached page, and a slow reader stalled it. Lines go in as
 * bytes: in its default text mode sonic-boom measures the whole pending string's UTF-8 length at every write,
 * which copies up to `maxWrite` bytes per line (a line through `logRequest` cost 17.6 µs that way, 6.5 µs as
 * bytes, its JSON included). A reader that stops altogether costs lines, not memory: past 32 MB waiting, lines
 * are dropped and the drop is reported on stderr. An exit writes what is left.
 */
let stream: ByteStream | null | undefined
function logStream() {
	if (stream !== undefined) return stream
	stream = new SonicBoom({
		fd: 1,
		minLength: 16 * 1024,
		maxWrite: 64 * 1024,
		maxLength: 32 * 1024 * 1024,
		periodicFlush: 500,
		contentMode: 'buffer',
	}) as unknown as ByteStream
	stream.on('drop', reportDrop)
	stream.on('error', (error: Error) => {
		// Most likely the reader is gone (EPIPE): no line would arrive anyway.
		console.error('[server] the request log cannot be written; requests are no longer logged', error)
		stream = null
	})
	process.on('exit', () => {
		// A write already on its way when the process exits is not written again; a drain awaits flushRequestLog
		// first, so this is for the few lines after it.
		try {
			stream?.flushSync()
		} catch {
			// The reader is gone: nothing can be written any more, and the exit stays as it was.
		}
	})
	return stream
}

/** Resolves once every line logged so far has been written: a drain awaits it before the process exits. */
export function flushRequestLog() {
	return new Promise<void>((resolve) => {
		if (!stream) return resolve()
		stream.flush(() => resolve())
	})
}

let dropped = 0
function reportDrop() {
	if (dropped++ > 0) return
	setTimeout(() => {
		console.error(`[server] ${dropped} request log lines dropped: stdout's reader is not keeping up`)
		dropped = 0
	}, 1_000).unref()
}
