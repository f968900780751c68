import type { ReactNode } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome, siteMiddleware } from '~/.server/site'
import { ConsentProvider } from '~/components/consent'
import { RouteErrorPage } from '~/components/error-pages'
import { SiteFooter } from '~/components/site/footer'
import { SiteHeader } from '~/components/site/header'
import { SkipLink } from '~/components/skip-link'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/bare-layout'

export const middleware: Route.MiddlewareFunction[] = siteMiddleware

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSiteChrome(context, request)
}

/** SPEC §2: the demo page has the header, a breadcrumb and the footer only. */
export default function BareLayout({ loaderData }: Route.ComponentProps) {
	return (
		<BareFrame chrome={loaderData}>
			<Outlet />
		</BareFrame>
	)
}

/** A page that failed keeps the header and footer; a failure of the layout itself is the root's whole page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const chrome = useRouteLoaderData<typeof loader>('routes/site/bare-layout')
	if (!chrome) return <RouteErrorPage error={error} />
	return (
		<BareFrame chrome={chrome}>
			<RouteErrorPage error={error} inLayout />
		</BareFrame>
	)
}

function BareFrame({ chrome, children }: { chrome: Route.ComponentProps['loaderData']; children: ReactNode }) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<ConsentProvider initial={rootData?.consent ?? null} showBanner={false}>
			<div className="flex min-h-dvh flex-col">
				<SkipLink />
				<SiteHeader user={chrome.user} portalUrl={chrome.portalUrl} />
				<main id="contenido" className="flex-1">
					{children}
				</main>
				<SiteFooter />
			</div>
		</ConsentProvider>
	)
}
