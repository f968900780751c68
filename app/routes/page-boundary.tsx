import { Outlet, useRouteLoaderData } from 'react-router'
import { RouteErrorPage } from '~/components/error-pages'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/page-boundary'

/**
 * A pathless route between each layout and its pages: what a page's loader, action or render throws
 * is shown inside the layout, whose header, menus and footer stay usable, instead of replacing the
 * whole document. A layout's own failure still reaches the root's boundary.
 */
export default function PageBoundary() {
	return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return <RouteErrorPage error={error} homeUrl={rootData?.env.SITE_URL ?? '/'} placement="section" />
}

/**
 * The root's boundary, for a layout's own failure: the whole document. Defined here so the root imports this
 * module and the error pages ship inside its chunk, instead of a chunk of their own on every first visit.
 */
export function DocumentErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return <RouteErrorPage error={error} homeUrl={rootData?.env.SITE_URL ?? '/'} placement="page" />
}
