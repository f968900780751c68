import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { startApp } from '../support/app-server'
import { readEnvFile } from '../support/env-file'
import { localAnonKey, localServiceRoleKey } from '../support/keys'
import { startTestSupabase } from '../support/supabase'
import { rawRequest, smtpPort } from '../support/urls'
import { localCompany } from '../../app/.server/local-defaults'

// What the production server does with its environment (app/.server/env.ts): it refuses to start on a partial
// configuration, or none, rather than run on development defaults.

describe('configuration', () => {
	test('the production server refuses a partial configuration, naming what is missing', async () => {
		const start = startApp({ SITE_URL: 'https://kia.es', PORTAL_URL: 'https://clientes.kia.es' })
		await expect(start).rejects.toThrow(
			/exited at start-up[\s\S]*COOKIE_DOMAIN: falta[\s\S]*COMPANY_NIF: falta[\s\S]*PORTAL_URL: .*portal/,
		)
	})

	test('the production server with no configuration at all refuses to start unless LOCAL_SERVICES=1', async () => {
		await expect(startApp({})).rejects.toThrow(
			/exited at start-up[\s\S]*Producción sin configuración[\s\S]*LOCAL_SERVICES=1/,
		)
	})

	// docs/deploy.md, section 5: `cp .env.example production.env`, fill in what production requires, `docker run
	// --env-file production.env`. Every other line of the copy is there, empty, over the image's own values: an
	// empty TRUST_PROXY used to stop the server at start-up ('invalid IP address'), an empty NODE_ENV to start Vite.
	test('the documented Docker run: the example file copied, only its required values filled in, serves', async () => {
		const example = readEnvFile(await readFile('.env.example', 'utf8'))
		expect(Object.entries(example).filter(([, value]) => value !== '')).toEqual([])
		const supabase = await startTestSupabase()
		try {
			const app = await startApp(
				(port) => ({
					...example,
					SITE_URL: `http://kia.localhost:${port}`,
					PORTAL_URL: `http://portal.kia.localhost:${port}`,
					COOKIE_DOMAIN: 'kia.localhost',
					...localCompany,
					SESSION_SECRET: 'a-production-secret-of-more-than-32-characters',
					SUPABASE_URL: supabase.url,
					SUPABASE_ANON_KEY: localAnonKey,
					SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
					SMTP_URL: `smtp://127.0.0.1:${smtpPort()}`,
					STRIPE_SECRET_KEY: 'sk_live_documentedDockerRun',
					STRIPE_WEBHOOK_SECRET: 'whsec_documentedDockerRun',
				}),
				{ asTheImage: true },
			)
			try {
				const page = await rawRequest(`http://kia.localhost:${app.port}/`)
				expect(page.status).toBe(200)
				const script = /"(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1]
				expect((await rawRequest(`http://kia.localhost:${app.port}${String(script)}`)).status).toBe(200)
				expect((await rawRequest(`http://portal.kia.localhost:${app.port}/auth`)).status).toBe(200)
				expect((await rawRequest(`http://127.0.0.1:${app.port}/readyz`)).status).toBe(200)
				// The production server's request log, and SHUTDOWN_DRAIN_MS at its default rather than 0.
				await expect.poll(() => app.output()).toContain('"msg":"request completed"')
				await app.stop()
				expect(await app.exited).toBe(0)
				expect(app.output()).toContain('finishing requests in flight (up to 8000 ms)')
			} finally {
				await app.stop()
			}
		} finally {
			await supabase.stop()
		}
	})
})
