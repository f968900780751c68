/**
 * What React's server renderer gets for `node:async_hooks` in the server build (see `renderStorage` in
 * vite.config.ts). React keeps the request being rendered in an `AsyncLocalStorage`, so that a
 * `preload()` called after an `await` (in an async Server Component) still finds its request. On Node 20
 * that storage is built on async hooks, and its first `run` turns them on for the whole process, for good:
 * every promise, tick and socket callback after it pays for them, a cached page's answer about 8 % and a
 * render about 4 % (issue 19, bench/results.md).
 *
 * Our pages have no async Server Components: React reads the store only inside its own synchronous work
 * (where it also keeps the request in a variable of its own), which a plain variable holds as well. Node 22's
 * `AsyncLocalStorage` can do without async hooks (AsyncContextFrame); then this file and the plugin can go.
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
