/**
 * What React's server renderer gets for `node:async_hooks` in the server build (`renderStorage` in
 * vite.config.ts): on Node 20 its `AsyncLocalStorage` would turn async hooks on for the whole worker at the
 * first render, a cost on every later callback. React needs the store only for calls from async Server
 * Components, which we do not have; inside its own synchronous work a plain variable serves. Why, what it
 * cost and when it goes: docs/decisions/012-react-request-store.md.
 */
export class AsyncLocalStorage<T> {
	#store: T | undefined

	getStore() {
		return this.#store
	}

	run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
		const outer = this.#store
		this.#store = store
		try {
			return callback(...args)
		} finally {
			this.#store = outer
		}
	}
}
