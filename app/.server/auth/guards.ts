import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { getRequestInfo } from '../http/request'
import { loadProfile } from './profile'
import { getConfirmedUser, getOptionalUser, type SessionUser } from './session'

type Context = Readonly<RouterContextProvider>

/** The sign-in page, coming back to this page afterwards. */
function toSignIn(context: Context) {
	const { url } = getRequestInfo(context)
	return redirect(`/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

/** Portal pages need a user: signed out, go to /auth and come back here afterwards. */
export async function requireUser(context: Context, request: Request): Promise<SessionUser> {
	const user = await getOptionalUser(context, request)
	if (user) return user
	throw toSignIn(context)
}

/** Who the pages behind a guarded layout are for, set by its middleware before any of their loaders or actions. */
const guardedUserContext = createContext<SessionUser | null>(null)

/** The user of a page behind the dashboard's or the back office's guard. */
export function guardedUser(context: Context): SessionUser {
	const user = context.get(guardedUserContext)
	if (!user) throw new Error('guardedUser: this route is not behind requireUserMiddleware or requireAdminMiddleware')
	return user
}

/** The dashboard's layout: every page in it needs a user, checked once, before any of their loaders runs. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	context.set(guardedUserContext, await requireUser(context, request))
	return next()
}

/**
 * The back office's layout: an admin, whose session Supabase Auth confirms (a token left over from a sign-out
 * opens nothing here), before any of its loaders or actions runs, so a visitor or a client never sets the admin
 * queries off. The profile is read while Auth answers. Anyone else goes to /dashboard (RLS enforces the same).
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const user = await requireUser(context, request)
	const [confirmed, profile] = await Promise.all([getConfirmedUser(context, request), loadProfile(context, user)])
	if (!confirmed) throw toSignIn(context)
	if (profile?.role !== 'admin') throw redirect('/dashboard')
	context.set(guardedUserContext, confirmed)
	return next()
}
