import { data, redirect, type MiddlewareFunction } from 'react-router'
import type { HostKind } from '~/lib/host'
import { notFoundPage } from './not-found-page'
import { requestInfoContext } from './request'

/**
 * Each route tree belongs to one host: on the other host its pages, loaders
 * and actions do not exist. Middleware (not a loader) so no child loader or
 * action runs before the check. The 404 it answers is the host's own 404 page,
 * in that host's frame, as for a path no route has (issue 68): the layout's
 * boundary draws it from the error's data (HostNotFound). It comes after
 * supabaseMiddleware, whose session that frame shows.
 */
export function hostGuard(owner: HostKind): MiddlewareFunction<Response> {
	return async ({ url, context, request }, next) => {
		const { host } = context.get(requestInfoContext)
		if (host === owner) return next()
		// Both hosts have a `/`; route paths must be unique, so the portal's is its sign-in page.
		if (host === 'portal' && url.pathname === '/') throw redirect(`/auth${url.search}`)
		throw data(await notFoundPage(context, request), { status: 404 })
	}
}
