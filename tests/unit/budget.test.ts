import { once } from 'node:events'
import { describe, expect, test } from 'vitest'
import { callSignal, perBudget, requestDeadline, withBudget } from '~/.server/budget'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long until `signal` aborted, and why. */
async function abortedAfter(signal: AbortSignal) {
	const started = performance.now()
	await once(signal, 'abort')
	return { ms: performance.now() - started, reason: signal.reason as DOMException }
}

describe('the budget of one request or task (issue 66)', () => {
	test('every call of a task ends with its budget, whatever timeout of its own it has', async () => {
		await withBudget(async () => {
			const first = abortedAfter(callSignal(10_000))
			await pause(100)
			// Started later, it gets only what is left.
			const second = abortedAfter(callSignal(10_000))
			const [a, b] = await Promise.all([first, second])
			expect(a.ms).toBeGreaterThanOrEqual(280)
			expect(a.ms).toBeLessThan(1_000)
			expect(b.ms).toBeLessThan(a.ms - 50)
			expect(a.reason.name).toBe('TimeoutError')
		}, 300)
	})

	test('a call’s own timeout, or its caller’s signal, still ends it first', async () => {
		await withBudget(async () => {
			expect((await abortedAfter(callSignal(50))).ms).toBeLessThan(1_000)
			const cancelled = new AbortController()
			const signal = callSignal(10_000, [cancelled.signal])
			cancelled.abort(new Error('el visitante se fue'))
			expect(signal.reason).toEqual(new Error('el visitante se fue'))
		})
	})

	test('outside any task, and once a task has settled, a call has only its own timeout', async () => {
		expect(requestDeadline()).toBeUndefined()
		let afterwards: Promise<AbortSignal | undefined> | undefined
		await withBudget(async () => {
			expect(requestDeadline()).toBeInstanceOf(AbortSignal)
			// A streamed body's calls, made in the request's async context after its response was made.
			afterwards = new Promise((resolve) => setTimeout(() => resolve(requestDeadline() ?? callSignal(10_000)), 20))
		}, 50)
		const signal = await afterwards
		await pause(150)
		expect(signal?.aborted).toBe(false)
	})

	test('what a task shares is made once per task, and afresh outside one', async () => {
		let made = 0
		const shared = perBudget(() => ({ made: ++made }))
		const [first, second] = await Promise.all([
			withBudget(async () => [shared(), await Promise.resolve().then(shared)]),
			withBudget(async () => [shared(), shared()]),
		])
		expect(first?.[0]).toBe(first?.[1])
		expect(second?.[0]).toBe(second?.[1])
		expect(first?.[0]).not.toBe(second?.[0])
		expect(shared()).not.toBe(shared())
	})
})
