import { afterEach, beforeEach, vi } from 'vitest'

/** An unexpected console.error fails the test; a test that expects one spies on it itself. */
beforeEach(() => {
	vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
	})
})

afterEach(() => {
	vi.restoreAllMocks()
})
