import { describe, expect, test } from 'vitest'
import { isPortTaken, retryOnTakenPort } from '../../local/service'

// A start on picked ports that meets one taken is tried again (tests/README.md, "Ports"); the services' own
// refusals are read as taken in tests/integration/local-ports.test.ts.

describe('retryOnTakenPort', () => {
	test('starts again after a taken port, and stops at the third attempt', async () => {
		let attempts = 0
		const started = await retryOnTakenPort(async () => {
			if (++attempts < 3) throw new Error('listen EADDRINUSE: address already in use 127.0.0.1:4000')
			return 'started'
		})
		expect([started, attempts]).toEqual(['started', 3])

		attempts = 0
		const taken = retryOnTakenPort(async () => {
			attempts++
			throw new Error('port 4000 (postgres, POSTGRES_PORT) already in use')
		})
		await expect(taken).rejects.toThrow('already in use')
		expect(attempts).toBe(3)
	})

	test('any other failure is thrown at once', async () => {
		let attempts = 0
		const refused = retryOnTakenPort(async () => {
			attempts++
			throw new Error('initdb failed: permission denied')
		})
		await expect(refused).rejects.toThrow('initdb failed')
		expect(attempts).toBe(1)
	})
})

test('the refusals of server.js, PostgreSQL, nginx and the dev stack read as a taken port', () => {
	for (const message of [
		'[server] listen EADDRINUSE: address already in use 127.0.0.1:4000',
		'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
		'nginx: [emerg] bind() to 127.0.0.1:4000 failed (98: Address already in use)',
		'port 4000 (postgres, POSTGRES_PORT) already in use.',
	])
		expect(isPortTaken(new Error(message)), message).toBe(true)
	expect(isPortTaken(new Error('connect ECONNREFUSED 127.0.0.1:4000'))).toBe(false)
})
