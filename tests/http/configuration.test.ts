import { describe, expect, test } from 'vitest'
import { startApp } from '../support/app-server'

// What the production server does with its environment (app/.server/env.ts): it refuses to start on a partial
// configuration, or none, rather than run on development defaults.

describe('configuration', () => {
	test('the production server refuses a partial configuration, naming what is missing', async () => {
		const start = startApp({ SITE_URL: 'https://kia.es', PORTAL_URL: 'https://clientes.kia.es' })
		await expect(start).rejects.toThrow(/exited at start-up[\s\S]*COOKIE_DOMAIN: falta[\s\S]*PORTAL_URL: .*portal/)
	})

	test('the production server with no configuration at all refuses to start unless LOCAL_SERVICES=1', async () => {
		await expect(startApp({})).rejects.toThrow(
			/exited at start-up[\s\S]*Producción sin configuración[\s\S]*LOCAL_SERVICES=1/,
		)
	})
})
