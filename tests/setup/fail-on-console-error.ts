import { afterEach, beforeEach, vi } from 'vitest'
import { log } from '~/.server/log'

/** An unexpected error, logged or printed, fails the test; a test that expects one spies on it itself. */
beforeEach(() => {
	vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
	})
	vi.spyOn(log, 'error').mockImplementation((...args: unknown[]) => {
		throw new Error(`log.error was called: ${args.map((arg) => JSON.stringify(arg)).join(' ')}`)
	})
})

afterEach(() => {
	vi.restoreAllMocks()
})
