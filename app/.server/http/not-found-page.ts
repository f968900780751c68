import type { RouterContextProvider } from 'react-router'
import { loadProfileIfReachable } from '../auth/profile'
import { getUserIfReachable } from '../auth/session'
import { dashboardShellUser } from '../auth/shell-user'
import { getPublicEnv } from '../env'
import { readConsent } from './consent'
import { requestInfoContext } from './request'
import { notFoundQuote } from './responses'
import { loadSiteChrome } from './site-chrome'
import { readTheme } from './theme'

/**
 * The root's reading of the visitor that a frame shows (theme switch, cookie banner). Where a host guard refuses the
 * request, no loader runs, the root's neither: the 404's data carries it instead (rootOrWrongHost).
 */
function visitorView(request: Request, host: 'site' | 'portal') {
	return { theme: readTheme(request, host), consent: host === 'site' ? readConsent(request) : null }
}

/**
 * What the 404 page needs to show in the frame of the host's pages, as a 404 inside one of them looks (a plan that
 * does not exist): the site's header and footer; the portal's menus for someone signed in, its sign-in header
 * otherwise. While Supabase is down, the frame of someone not signed in. Needs the request's Supabase client
 * (supabaseMiddleware).
 */
export async function notFoundPage(context: Readonly<RouterContextProvider>, request: Request) {
	const { host } = context.get(requestInfoContext)
	const quote = notFoundQuote()
	const visitor = visitorView(request, host)
	if (host === 'site')
		return { quote, visitor, frame: { host, chrome: await loadSiteChrome(context, request) } } as const
	const { SITE_URL: siteUrl } = getPublicEnv()
	const user = await getUserIfReachable(context, request)
	const profile = user ? await loadProfileIfReachable(context, user) : null
	const shell = user ? dashboardShellUser(user, profile) : null
	return { quote, visitor, frame: { host, siteUrl, shell } } as const
}

export type NotFoundPage = Awaited<ReturnType<typeof notFoundPage>>
