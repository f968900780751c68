/**
 * A signal that aborts when any of `signals` does, or after `timeoutMs` (reading the body included; the timer
 * never keeps a process alive).
 *
 * Node's own `AbortSignal.any`: it holds its sources weakly instead of adding an 'abort' listener to each, so
 * hundreds of calls bounded by one long-lived signal (a large CSV export's batches over the request's Supabase
 * connection) leave nothing on it, where a listener per call would stay until its own timer ran out and Node would
 * warn MaxListenersExceededWarning. A composite signal a fetch still waits on is not collected
 * (tests/unit/abort.test.ts).
 */
export function abortAfter(timeoutMs: number, signals: (AbortSignal | null | undefined)[] = []): AbortSignal {
	const sources = signals.filter((signal): signal is AbortSignal => signal != null)
	return AbortSignal.any([...sources, AbortSignal.timeout(timeoutMs)])
}
