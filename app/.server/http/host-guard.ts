import { redirect, type MiddlewareFunction } from 'react-router'
import type { HostKind } from '~/lib/host'
import { notFound } from './responses'
import { requestInfoContext } from './request'

/**
 * Each route tree belongs to one host: on the other host its pages, loaders
 * and actions do not exist. Middleware (not a loader) so no child loader or
 * action runs before the check.
 */
export function hostGuard(owner: HostKind): MiddlewareFunction<Response> {
	return ({ url, context }, next) => {
		const { host } = context.get(requestInfoContext)
		if (host === owner) return next()
		// Both hosts have a `/`; route paths must be unique, so the portal's is its sign-in page.
		if (host === 'portal' && url.pathname === '/') throw redirect(`/auth${url.search}`)
		throw notFound()
	}
}
