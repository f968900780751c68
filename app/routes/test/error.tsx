import { env } from '~/.server/env'
import { notFound } from '~/.server/http/responses'
import { routeComponent } from '~/lib/route-component'

/** Lets the end-to-end suite prove the error page; absent unless ENABLE_TEST_ROUTES=1. */
export function loader() {
	if (!env.ENABLE_TEST_ROUTES) throw notFound()
	throw new Error('Error provocado por la ruta de prueba')
}

// A page route, so the error renders through the nearest ErrorBoundary like any page's would.
export default routeComponent(TestError)

function TestError() {
	return null
}
