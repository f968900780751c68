import type { RouterContextProvider } from 'react-router'
import type { HeaderUser } from '~/components/site/header'
import { companyIdentity, getPublicEnv } from '../env'
import { avatarUrl, displayName, loadProfileIfReachable } from '../auth/profile'
import { getUserIfReachable } from '../auth/session'

/**
 * What the site header shows: the portal session is visible here through the
 * shared cookie domain. Name and avatar fall back as everywhere: profile,
 * then the account's metadata, then the e-mail. While Supabase is down the
 * header shows the signed-out button rather than taking the page down.
 */
export async function loadHeaderUser(context: Readonly<RouterContextProvider>, request: Request): Promise<HeaderUser> {
	const user = await getUserIfReachable(context, request)
	if (!user) return null
	const profile = await loadProfileIfReachable(context, user)
	return { name: displayName(user, profile), avatarUrl: avatarUrl(user, profile) }
}

export async function loadSiteChrome(context: Readonly<RouterContextProvider>, request: Request) {
	return {
		user: await loadHeaderUser(context, request),
		portalUrl: getPublicEnv().PORTAL_URL,
		company: companyIdentity,
	}
}
