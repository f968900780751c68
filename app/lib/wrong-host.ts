import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router'
import type { NotFoundPage } from '~/.server/http/not-found-page'
import type { loader as rootLoader } from '~/root'

/** The host guard's 404 (a path of the other host's), with what its frame needs; null for any other error. */
export function wrongHostPage(error: unknown): NotFoundPage | null {
	if (!isRouteErrorResponse(error) || error.status !== 404) return null
	const page = error.data as Partial<NotFoundPage> | null
	return page?.frame ? (page as NotFoundPage) : null
}

/**
 * The host, theme and consent the root read, or, on the host guard's 404, where the root's loader did not run, the
 * same read by the guard: the frame drawn by the root's boundary shows the visitor's theme and consent as any page.
 */
export function useVisitorView() {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	const wrongHost = wrongHostPage(useRouteError())
	if (rootData) return { host: rootData.host, theme: rootData.theme, consent: rootData.consent }
	if (wrongHost) return { host: wrongHost.frame.host, ...wrongHost.visitor }
	return null
}
