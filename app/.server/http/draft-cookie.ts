import { createCookie } from 'react-router'
import { env, isHttps } from '../env'

/**
 * A signed-out visitor's unfinished step on the site (a booking, a purchase), carried to the portal's sign-in
 * and back: signed (tamper-proof), short-lived, and shared by both hosts through the cookie domain — never in
 * a query string, so a link cannot start the step for someone.
 */
export function createDraftCookie(name: string) {
	return createCookie(name, {
		domain: env.COOKIE_DOMAIN,
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: isHttps,
		secrets: [env.SESSION_SECRET],
		maxAge: 30 * 60,
	})
}
