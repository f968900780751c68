import { describe, expect, test } from 'vitest'
import { AsyncLocalStorage } from '../../server/render-storage'

describe("React's request store in the server build", () => {
	test('holds the store for the synchronous run only, and gives the callback its arguments', () => {
		const storage = new AsyncLocalStorage<string>()
		expect(storage.getStore()).toBeUndefined()
		const result = storage.run('request', (a: number, b: number) => `${storage.getStore()} ${a + b}`, 1, 2)
		expect(result).toBe('request 3')
		expect(storage.getStore()).toBeUndefined()
	})

	test('a nested run restores the outer store, also when its callback throws', () => {
		const storage = new AsyncLocalStorage<string>()
		const seen: (string | undefined)[] = []
		storage.run('outer', () => {
			expect(() =>
				storage.run('inner', () => {
					seen.push(storage.getStore())
					throw new Error('render failed')
				}),
			).toThrow('render failed')
			seen.push(storage.getStore())
		})
		expect(seen).toEqual(['inner', 'outer'])
		expect(storage.getStore()).toBeUndefined()
	})
})
