import { lazy, Suspense, type ReactNode } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { loadSiteChrome } from '~/.server/site'
import { ConsentProvider } from '~/components/consent'
import { useIdle } from '~/components/idle'
import { SkipLink } from '~/components/skip-link'
import type { loader as rootLoader } from '~/root'
import { SiteFooter } from './footer'
import { SiteHeader } from './header'

// All interaction and nothing to read: fetched once the browser is idle after hydration.
const ChatWidget = lazy(() => import('./chat-widget').then((module) => ({ default: module.ChatWidget })))

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>

/**
 * The common layout of SPEC §2: header, footer, cookie banner and preferences, chat. The demo page's is
 * `bare`: the header and the footer only.
 */
export function SiteFrame({
	chrome,
	bare = false,
	children,
}: {
	chrome: SiteChrome
	bare?: boolean
	children: ReactNode
}) {
	return (
		<RootConsent showBanner={!bare}>
			<div className="flex min-h-dvh flex-col">
				<SkipLink />
				<SiteHeader user={chrome.user} portalUrl={chrome.portalUrl} />
				<main id="contenido" className="flex-1">
					{children}
				</main>
				<SiteFooter />
			</div>
			{bare ? null : <Chat />}
		</RootConsent>
	)
}

/**
 * The visitor's consent, from the root's data. Reading it re-renders this component at every change of React
 * Router's state; the header, footer and page it wraps are its children, made by SiteFrame, so they are not
 * rendered again with it (issue 19).
 */
function RootConsent({ showBanner, children }: { showBanner: boolean; children: ReactNode }) {
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<ConsentProvider initial={rootData?.consent ?? null} showBanner={showBanner}>
			{children}
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
