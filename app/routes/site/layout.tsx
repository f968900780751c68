import { lazy, Suspense } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome, marketingMiddleware } from '~/.server/site'
import { ConsentProvider } from '~/components/consent'
import { SiteFooter } from '~/components/site/footer'
import { SiteHeader } from '~/components/site/header'
import { useIdle } from '~/components/idle'
import { SkipLink } from '~/components/skip-link'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/layout'

// All interaction and nothing to read: fetched once the browser is idle after hydration.
const ChatWidget = lazy(() =>
	import('~/components/site/chat-widget').then((module) => ({ default: module.ChatWidget })),
)

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
			<Chat />
		</ConsentProvider>
	)
}

function Chat() {
	const idle = useIdle()
	return idle ? (
		<Suspense fallback={null}>
			<ChatWidget />
		</Suspense>
	) : null
}
