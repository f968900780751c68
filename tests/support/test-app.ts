import { existsSync } from 'node:fs'
import { startStripe } from '../../local/stripe/server'
import type { LocalSupabase } from '../../local/supabase/server'
import { startApp, testAppEnv } from './app-server'
import { startTestSupabase } from './supabase'
import { smtpPort } from './urls'

/**
 * The production build (`npm run build` first) on a free port, over a Supabase stand-in and a database of
 * this test file's own (`database`, or a fresh copy of the seeded one), a Stripe stand-in of its own, mailing to the run's catcher: for what a visitor's HTTP
 * requests do, which needs no browser. It is the app under test of this file (tests/support/urls.ts).
 */
export async function startTestApp(
	extraEnv: Record<string, string> = {},
	/** A stand-in of the test's own (over a database it controls) instead of one over a copy of the suite's; stopped with the app. */
	{ supabase: given }: { supabase?: LocalSupabase } = {},
) {
	if (!existsSync('build/server/index.js')) throw new Error('No production build: run `npm run build` first.')
	const supabase = given ?? (await startTestSupabase())
	const stripe = await startStripe({ port: 0 })
	const stopServices = () => Promise.all([supabase.stop(), stripe.stop()])
	const appEnv = (port: number) => ({
		...testAppEnv(port, { supabase: supabase.url, stripe: stripe.url, smtp: `smtp://127.0.0.1:${smtpPort()}` }),
		ENABLE_TEST_ROUTES: '1',
		...extraEnv,
	})
	const app = await startApp(appEnv).catch(async (error: unknown) => {
		await stopServices()
		throw error
	})
	supabase.setSiteUrl(`http://portal.kia.localhost:${app.port}`)
	stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/api/stripe/webhook`)
	Object.assign(process.env, {
		TEST_APP_PORT: String(app.port),
		TEST_SUPABASE_URL: supabase.url,
		TEST_STRIPE_URL: stripe.url,
	})
	const site = (path = '/') => `http://kia.localhost:${app.port}${path}`
	const portal = (path = '/') => `http://portal.kia.localhost:${app.port}${path}`
	return {
		supabase,
		app,
		site,
		portal,
		/**
		 * Another production server on the same services and settings (`overrides` over them): the server that
		 * comes up after this one died, or a second one beside it. Stopping it is the caller's.
		 */
		startAnother: (overrides: Record<string, string> = {}) => startApp((port) => ({ ...appEnv(port), ...overrides })),
		stop: async () => {
			await app.stop()
			await stopServices()
		},
	}
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>
