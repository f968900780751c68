import { data } from 'react-router'
import { notFoundPage } from '~/.server/http/not-found-page'
import { supabaseMiddleware } from '~/.server/supabase/client'
import { HostNotFound } from '~/components/host-not-found'
import { routeComponent } from '~/lib/route-component'
import type { Route } from './+types/not-found'

// Who is signed in decides the frame: the site's header names them, the portal shows them their menus.
export const middleware: Route.MiddlewareFunction[] = [supabaseMiddleware]

export const meta: Route.MetaFunction = () => [
	{ title: 'Página no encontrada · KIA' },
	{ name: 'robots', content: 'noindex' },
]

/** A path no route has: the host's 404 page (notFoundPage), as a path of the other host's gets. */
export async function loader({ context, request }: Route.LoaderArgs) {
	return data(await notFoundPage(context, request), { status: 404 })
}

// A form posted to a path no route has: the same page, with the same status.
export function action() {
	return data(null, { status: 404 })
}

export default routeComponent(NotFound)

function NotFound({ loaderData }: Route.ComponentProps) {
	return <HostNotFound page={loaderData} />
}
