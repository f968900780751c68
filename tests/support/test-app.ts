import { existsSync } from 'node:fs'
import type { LocalSupabase } from '../../local/supabase/server'
import { startApp } from './app-server'
import { localAnonKey, localServiceRoleKey } from './keys'
import { e2eStripe } from './stripe'
import { startTestSupabase } from './supabase'
import { rawRequest, smtpPort } from './urls'

/**
 * The production build (`npm run build` first) on a free port, over a Supabase stand-in and a database of
 * this test file's own, mailing to the run's catcher: for what a visitor's HTTP requests do, which needs no
 * browser. The Stripe variables name no running stand-in; billing's tests start one.
 */
export async function startTestApp(extraEnv: Record<string, string> = {}) {
	if (!existsSync('build/server/index.js')) throw new Error('No production build: run `npm run build` first.')
	const supabase: LocalSupabase = await startTestSupabase()
	const app = await startApp((port) => ({
		SITE_URL: `http://kia.localhost:${port}`,
		PORTAL_URL: `http://portal.kia.localhost:${port}`,
		COOKIE_DOMAIN: 'kia.localhost',
		SESSION_SECRET: 'http-tests-session-secret-with-more-than-32-characters',
		SUPABASE_URL: supabase.url,
		SUPABASE_ANON_KEY: localAnonKey,
		SUPABASE_SERVICE_ROLE_KEY: localServiceRoleKey,
		SMTP_URL: `smtp://127.0.0.1:${smtpPort()}`,
		...e2eStripe('http://127.0.0.1:9'),
		...extraEnv,
	})).catch(async (error: unknown) => {
		await supabase.stop()
		throw error
	})
	supabase.setSiteUrl(`http://portal.kia.localhost:${app.port}`)
	// For the helpers shared with the browser tests (urls.ts, e2e-data.ts): this file's app is the one under test.
	Object.assign(process.env, { TEST_APP_PORT: String(app.port), TEST_SUPABASE_URL: supabase.url })
	const site = (path = '/') => `http://kia.localhost:${app.port}${path}`
	const portal = (path = '/') => `http://portal.kia.localhost:${app.port}${path}`
	return {
		supabase,
		app,
		site,
		portal,
		/** A form post from the page at `url`'s own origin, as a visitor at `address` sends it. */
		post: (url: string, fields: Record<string, string>, address: string, headers: Record<string, string> = {}) =>
			rawRequest(url, {
				method: 'POST',
				body: new URLSearchParams(fields).toString(),
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Origin: new URL(url).origin,
					'X-Forwarded-For': address,
					...headers,
				},
			}),
		stop: async () => {
			await app.stop()
			await supabase.stop()
		},
	}
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>
