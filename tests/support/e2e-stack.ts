import { startLocalServices } from '../../local'
import { copyDatabase } from '../../local/supabase/db'
import { startApp, testAppEnv } from './app-server'
import { seededStorageDir } from './urls'

/** The database the run's global setup builds (tests/e2e/global-setup.ts). */
export const e2eTemplate = 'e2e_template'

/**
 * A Playwright worker's own stack: a copy of the run's database behind a Supabase stand-in (with the seed's Storage files), a Stripe
 * stand-in, a mail catcher and the production build on free ports, configured as production would be. The
 * addresses go into the worker's environment, where the suite's helpers read them (tests/support/urls.ts).
 */
export async function startWorkerStack() {
	const port = Number(process.env.TEST_POSTGRES_PORT)
	if (!port) throw new Error('TEST_POSTGRES_PORT is not set: run the suite through `playwright test`.')
	const database = await copyDatabase(
		(name) => `postgresql://postgres:postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`,
		e2eTemplate,
	)
	const services = await startLocalServices({
		ports: { supabase: 0, postgres: 0, smtp: 0, mailWeb: 0, stripe: 0 },
		database,
		storageFrom: seededStorageDir(),
		log: false,
	})
	const app = await startApp((appPort) => ({
		...testAppEnv(appPort, {
			supabase: services.supabaseUrl,
			stripe: services.stripeUrl,
			smtp: `smtp://127.0.0.1:${services.smtpPort}`,
		}),
		ENABLE_TEST_ROUTES: '1',
	})).catch(async (error: unknown) => {
		await services.stop()
		throw error
	})
	services.setStripeWebhookUrl(`http://127.0.0.1:${app.port}/api/stripe/webhook`)
	// The project's Site URL is the portal (supabase/config.toml): e-mail links lead to this app's.
	services.setSupabaseSiteUrl(`http://portal.kia.localhost:${app.port}`)
	Object.assign(process.env, {
		TEST_APP_PORT: String(app.port),
		TEST_SUPABASE_URL: services.supabaseUrl,
		TEST_MAIL_URL: services.mailUrl,
		TEST_STRIPE_URL: services.stripeUrl,
	})
	return {
		app,
		stop: async () => {
			await app.stop()
			await services.stop()
		},
	}
}
