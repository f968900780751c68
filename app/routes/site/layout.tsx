import { lazy, Suspense } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { ClientOnly } from 'remix-utils/client-only'
import { loadSiteChrome, marketingMiddleware } from '~/.server/site'
import { ConsentProvider } from '~/components/consent'
import { SiteFooter } from '~/components/site/footer'
import { SiteHeader } from '~/components/site/header'
import { SkipLink } from '~/components/skip-link'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/layout'

// Only ever rendered in the browser (it is all interaction), so it need not weigh on the first load.
const ChatWidget = lazy(() => import('~/components/site/chat-widget').then((module) => ({ default: module.ChatWidget })))

export const middleware: Route.MiddlewareFunction[] = marketingMiddleware

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSiteChrome(context, request)
}

/** The common layout of SPEC §2: header, footer, cookie banner and preferences, chat. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<ConsentProvider initial={rootData?.consent ?? null}>
			<div className="flex min-h-dvh flex-col">
				<SkipLink />
				<SiteHeader user={loaderData.user} portalUrl={loaderData.portalUrl} />
				<main id="contenido" className="flex-1">
					<Outlet />
				</main>
				<SiteFooter />
			</div>
			<ClientOnly>
				{() => (
					<Suspense fallback={null}>
						<ChatWidget />
					</Suspense>
				)}
			</ClientOnly>
		</ConsentProvider>
	)
}
