import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { startMailCatcher } from '../../local/mail'
import { startPostgres } from '../../local/postgres'
import { freePort, isPortTaken } from '../../local/service'
import { startNginx } from '../support/nginx'

// A port found free may be taken by another process before a service binds it (tests/README.md, "Ports"). A
// service started on a port another server already answers on must say the port was taken, never take that
// server for itself, so that a start on picked ports is tried again on new ones (tests/unit/ports.test.ts).

const portOf = (url: string) => Number(new URL(url).port)

/** What a start failed with: undefined when it started (it is stopped again). */
async function failureOf(starting: Promise<{ stop: () => Promise<void> }>) {
	try {
		await (await starting).stop()
		return undefined
	} catch (error) {
		return error
	}
}

describe('a service on a port another server holds', () => {
	test('MailDev: the run’s own MailDev answering on the web port is not taken for ours', async () => {
		const webPort = portOf(process.env.TEST_MAIL_URL ?? '')
		const error = await failureOf(startMailCatcher({ smtpPort: await freePort(), webPort }))
		expect(isPortTaken(error), String(error)).toBe(true)
	})

	test('PostgreSQL: the run’s own server, with the same superuser, is not taken for a new cluster', async () => {
		const port = Number(process.env.TEST_POSTGRES_PORT)
		const error = await failureOf(startPostgres({ port }))
		expect(isPortTaken(error), String(error)).toBe(true)
	}, 60_000)

	test('nginx: an HTTP server answering its health check is not taken for it', async () => {
		const other = createServer((_req, res) => res.end('ok'))
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
		const { port } = other.address() as AddressInfo
		try {
			const error = await failureOf(startNginx({ port, upstreamPort: port }))
			expect(isPortTaken(error), String(error)).toBe(true)
		} finally {
			other.close()
		}
	})
})
