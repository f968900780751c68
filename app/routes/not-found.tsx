import { notFound } from '~/.server/http/responses'
import { routeComponent } from '~/lib/route-component'

export function loader() {
	throw notFound()
}

export function action() {
	throw notFound()
}

// The root ErrorBoundary renders the not-found page.
export default routeComponent(NotFound)

function NotFound() {
	return null
}
