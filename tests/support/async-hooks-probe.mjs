// Loaded into a production server with `node --import` by a test (tests/e2e/deploy.spec.ts): on SIGUSR2 it
// prints whether Node's async hooks are on in that process. With them off Node gives promise callbacks no
// async ids of their own, so two in a row run under the same one; with them on, every promise gets its own.
import { executionAsyncId } from 'node:async_hooks'

process.on('SIGUSR2', () => {
	Promise.resolve().then(() => {
		const first = executionAsyncId()
		Promise.resolve().then(() => {
			console.error(`[probe] async hooks ${executionAsyncId() === first ? 'off' : 'on'}`)
		})
	})
})
