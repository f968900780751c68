import { lazy, Suspense, type ReactNode } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { loadSiteChrome, marketingMiddleware } from '~/.server/site'
import { ConsentProvider } from '~/components/consent'
import { RouteErrorPage } from '~/components/error-pages'
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
	return (
		<SiteFrame chrome={loaderData}>
			<Outlet />
		</SiteFrame>
	)
}

/** A page that failed keeps the header and footer; a failure of the layout itself is the root's whole page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const chrome = useRouteLoaderData<typeof loader>('routes/site/layout')
	if (!chrome) return <RouteErrorPage error={error} />
	return (
		<SiteFrame chrome={chrome}>
			<RouteErrorPage error={error} inLayout />
		</SiteFrame>
	)
}

function SiteFrame({ chrome, children }: { chrome: Route.ComponentProps['loaderData']; children: ReactNode }) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<ConsentProvider initial={rootData?.consent ?? null}>
			<div className="flex min-h-dvh flex-col">
				<SkipLink />
				<SiteHeader user={chrome.user} portalUrl={chrome.portalUrl} />
				<main id="contenido" className="flex-1">
					{children}
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
