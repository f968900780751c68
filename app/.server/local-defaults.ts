import { localStripe } from './billing/local-stripe'
import { localSupabase } from './supabase/local'

/**
 * The production variables' values on the local services at their default ports, with the site and the portal
 * on `port`: what development runs on with nothing configured (env.ts), and what `npm run preview:nginx` gives
 * the production server.
 */
export function localDefaults(port: string): Record<string, string> {
	return {
		SITE_URL: `http://kia.localhost:${port}`,
		PORTAL_URL: `http://portal.kia.localhost:${port}`,
		COOKIE_DOMAIN: 'kia.localhost',
		SESSION_SECRET: 'local-development-secret-not-for-production',
		SMTP_URL: 'smtp://127.0.0.1:1025',
		...localSupabase,
		...localStripe,
	}
}
