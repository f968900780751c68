import { getEventListeners } from 'node:events'
import { expect, test, vi } from 'vitest'
import { abortAfter } from '~/lib/abort'

// A large CSV export reads its rows in hundreds of batches, each bounded by abortAfter over the request's one
// Supabase connection signal; each batch used to leave an 'abort' listener on that signal until its own 10 s
// timer ran out, and past ten Node warned MaxListenersExceededWarning.
test('many calls bounded by one long-lived signal leave no listener on it, and no warning', async () => {
	const warnings: Error[] = []
	const onWarning = (warning: Error) => warnings.push(warning)
	process.on('warning', onWarning)
	try {
		const connection = new AbortController()
		const calls = Array.from({ length: 200 }, () => abortAfter(10_000, [connection.signal]))
		expect(getEventListeners(connection.signal, 'abort')).toHaveLength(0)
		await vi.waitFor(() => expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning'))
		connection.abort(new DOMException('Supabase no responde', 'AbortError'))
		expect(calls.every((signal) => signal.aborted)).toBe(true)
	} finally {
		process.off('warning', onWarning)
	}
})
