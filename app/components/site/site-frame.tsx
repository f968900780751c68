import { lazy, Suspense, type ReactNode } from 'react'
import type { loadSiteChrome } from '~/.server/http/site-chrome'
import { ConsentProvider } from '~/components/consent/consent'
import { useIdle } from '~/components/idle'
import { SkipLink } from '~/components/skip-link'
import { useVisitorView } from '~/lib/wrong-host'
import { Icon } from '~/components/ui/icon'
import { chat } from '~/content/chat'
import { SiteFooter } from './footer'
import { SiteHeader } from './header'

// All interaction and nothing to read: fetched once the browser is idle after hydration.
const ChatWidget = lazy(() => import('../chat/chat-widget').then((module) => ({ default: module.ChatWidget })))

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>

/**
 * The site's common layout: header, footer, cookie banner and preferences, chat. The demo page's is
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
				<SiteFooter identity={chrome.company} />
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
	const visitor = useVisitorView()
	return (
		<ConsentProvider initial={visitor?.consent ?? null} showBanner={showBanner}>
			{children}
		</ConsentProvider>
	)
}

/**
 * The chat's button once the browser is idle; without JavaScript, a link to /asistente, the same assistant on a
 * page of its own. That link sits at the end of the page, in the room the widget keeps for its button: fixed in
 * the corner, with no script to step it aside, it would cover the page's own links and buttons on a phone.
 * Browsers never render <noscript> while scripts run, and React does not hydrate it: it is server-rendered only.
 */
function Chat() {
	const idle = useIdle()
	return idle ? (
		<Suspense fallback={null}>
			<ChatWidget />
		</Suspense>
	) : (
		<noscript>
			{import.meta.env.SSR ? (
				<div className="flex h-22 items-center justify-end bg-surface-muted/40 px-4 sm:h-24 sm:px-6">
					<a
						href="/asistente"
						className="inline-flex h-14 items-center gap-2 rounded-full bg-brand px-5 font-medium text-brand-foreground shadow-xl"
					>
						<Icon name="message-circle" className="size-6" />
						{chat.page.heading}
					</a>
				</div>
			) : null}
		</noscript>
	)
}
