import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { abortAfter } from '~/lib/abort'

// Garbage collection on demand: what made Node's AbortSignal.any() miss its timeout (nodejs/node#57736).
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

let server: Server
let slowUrl = ''

beforeAll(async () => {
	server = createServer((_request, response) => {
		setTimeout(() => response.end('tarde'), 3_000)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	slowUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
	server.closeAllConnections()
	server.close()
})

/** How long a fetch of the slow server took to settle with `signal`, collecting garbage all along. */
async function settleTime(signal: AbortSignal) {
	const collecting = setInterval(collectGarbage, 20)
	const started = performance.now()
	try {
		await fetch(slowUrl, { signal })
		return { ms: performance.now() - started, error: undefined }
	} catch (error) {
		return { ms: performance.now() - started, error: error as Error }
	} finally {
		clearInterval(collecting)
	}
}

describe('abortAfter', () => {
	test('a fetch to a server that does not answer gives up at the timeout, whatever the garbage collector does', async () => {
		for (let attempt = 0; attempt < 3; attempt++) {
			const { ms, error } = await settleTime(abortAfter(200, [new AbortController().signal]))
			expect(error?.name).toBe('TimeoutError')
			expect(ms).toBeLessThan(1_500)
		}
	})

	test('aborts with the reason of the first source that aborts', async () => {
		const caller = new AbortController()
		const signal = abortAfter(10_000, [undefined, caller.signal])
		setTimeout(() => caller.abort(new DOMException('Supabase no responde', 'AbortError')), 100)
		const { ms, error } = await settleTime(signal)
		expect(error?.message).toBe('Supabase no responde')
		expect(ms).toBeLessThan(1_500)
	})

	test('is aborted at once when a source already is', () => {
		const reason = new Error('ya cancelado')
		const signal = abortAfter(10_000, [AbortSignal.abort(reason)])
		expect(signal.aborted).toBe(true)
		expect(signal.reason).toBe(reason)
	})

	test('stays open while nothing aborts and nothing times out', async () => {
		const signal = abortAfter(1_000, [new AbortController().signal])
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(signal.aborted).toBe(false)
	})
})
