/**
 * A signal that aborts when any of `signals` does, or after `timeoutMs`.
 *
 * Not `AbortSignal.any()`: on Node 20 a composite signal can be garbage-collected while a fetch
 * still waits on it, and then it never aborts, timeout included (nodejs/node#57736). Reproduced on
 * this project's Node: a fetch given `AbortSignal.any([AbortSignal.timeout(300)])` waited out a
 * 3 s response six times out of six. One controller, its own timer and plain listeners have no such
 * weak links. The timer also covers reading the body, as `AbortSignal.timeout()` does; it is unref'd,
 * so it never keeps a process alive.
 */
export function abortAfter(timeoutMs: number, signals: (AbortSignal | null | undefined)[] = []): AbortSignal {
	const controller = new AbortController()
	const abort = (reason: unknown) => {
		clearTimeout(timer)
		for (const signal of sources) signal.removeEventListener('abort', onSourceAbort)
		controller.abort(reason)
	}
	const onSourceAbort = (event: Event) => abort((event.target as AbortSignal).reason)
	const timer = setTimeout(() => abort(new DOMException('The operation timed out.', 'TimeoutError')), timeoutMs)
	if (typeof timer === 'object') timer.unref()
	const sources = signals.filter((signal): signal is AbortSignal => signal != null)
	const already = sources.find((signal) => signal.aborted)
	if (already) abort(already.reason)
	else for (const signal of sources) signal.addEventListener('abort', onSourceAbort, { once: true })
	return controller.signal
}
