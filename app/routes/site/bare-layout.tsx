import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome, siteMiddleware } from '~/.server/site'
import { ConsentProvider } from '~/components/consent'
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
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<ConsentProvider initial={rootData?.consent ?? null} showBanner={false}>
			<div className="flex min-h-dvh flex-col">
				<SkipLink />
				<SiteHeader user={loaderData.user} portalUrl={loaderData.portalUrl} />
				<main id="contenido" className="flex-1">
					<Outlet />
				</main>
				<SiteFooter />
			</div>
		</ConsentProvider>
	)
}
