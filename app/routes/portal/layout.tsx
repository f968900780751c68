import { Outlet } from 'react-router'
import { hostGuard } from '~/.server/http/host-guard'
import { supabaseMiddleware } from '~/.server/supabase/client'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/layout'
import { cacheControl } from '~/.server/http/cache-control'

/** Portal pages are personal: never stored by a browser cache or a proxy. */
const noStore: Route.MiddlewareFunction = async (_, next) => {
	const response = await next()
	response.headers.set('Cache-Control', cacheControl.personal)
	return response
}

// The session first: on the site host the guard answers the site's 404 page, whose header shows who is signed in.
export const middleware: Route.MiddlewareFunction[] = [supabaseMiddleware, hostGuard('portal'), noStore]

export default routeComponent(PortalLayout)

function PortalLayout() {
	return <Outlet />
}
