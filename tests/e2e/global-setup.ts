import type { FullConfig } from '@playwright/test'
import { startLocalServices } from '../../local'
import { localAnonKey, localServiceRoleKey } from '../support/keys'
import { startApp } from '../support/app-server'
import { e2eStripe } from '../support/stripe'
import { latestBooking } from '../support/latest-booking'
import { chooseRun } from '../support/unique'

/**
 * Starts the local services (fresh in-memory database) and the production
 * build on free ports, configured as production would be; tests read the
 * addresses from the environment.
 */
export default async function globalSetup(config: FullConfig) {
	const services = await startLocalServices({
		ports: { supabase: 0, postgres: 0, smtp: 0, mailWeb: 0, stripe: 0 },
		log: false,
	})
	const app = await startApp((port) => ({
		SITE_URL: `http://kia.localhost:${port}`,
		PORTAL_URL: `http://portal.kia.localhost:${port}`,
		COOKIE_DOMAIN: 'kia.localhost',
		SESSION_SECRET: 'e2e-session-secret-with-more-than-32-characters',
		SUPABASE_URL: services.supabaseUrl,
		SUPABASE_ANON_KEY: localAnonKey,
		SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
		SMTP_URL: `smtp://127.0.0.1:${services.smtpPort}`,
		...e2eStripe(services.stripeUrl),
		ENABLE_TEST_ROUTES: '1',
	}))
	services.setStripeWebhookUrl(`http://127.0.0.1:${app.port}/api/stripe/webhook`)
	// The project's Site URL is the portal (supabase/config.toml): e-mail links lead to this app's.
	services.setSupabaseSiteUrl(`http://portal.kia.localhost:${app.port}`)
	chooseRun({ latestBooking: await latestBooking(services.supabaseUrl), lanes: config.workers })
	process.env.E2E_PORT = String(app.port)
	process.env.E2E_SUPABASE_URL = services.supabaseUrl
	process.env.E2E_MAIL_URL = services.mailUrl
	process.env.E2E_STRIPE_URL = services.stripeUrl
	return async () => {
		await app.stop()
		await services.stop()
	}
}
