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
	const rootData = useRouteLoaderData<typeof rootLoader>('root')
	return (
		<ConsentProvider initial={rootData?.consent ?? null} showBanner={!bare}>
			<div className="flex min-h-dvh flex-col">
				<SkipLink />
				<SiteHeader user={chrome.user} portalUrl={chrome.portalUrl} />
				<main id="contenido" className="flex-1">
					{children}
				</main>
				<SiteFooter />
			</div>
			{bare ? null : <Chat />}
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
