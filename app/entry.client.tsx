import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { NonceContext } from '~/components/nonce'
import { rememberTypedTextareas } from '~/lib/typed-before-hydration'
import { prepareClassMerging } from '~/lib/utils'

// Browsers hide the nonce attribute from the DOM but keep it on the element, so hydration can render the same
// value the server did; a page for the shared cache has none, and renders none (an empty one is a mismatch).
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined

const restoreTypedTextareas = rememberTypedTextareas()

/**
 * Its effect runs once the document inside it has hydrated. It wraps the router rather than sitting
 * beside it: a sibling would give the client's tree a fork the server's lacks, and so every `useId`
 * below (Radix's ids: the avatar menus') a value other than the server rendered.
 */
function AfterHydration({ run, children }: { run: () => void; children: ReactNode }) {
	useEffect(run, [run])
	return children
}

function hydrate() {
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<NonceContext.Provider value={nonce}>
					<AfterHydration run={restoreTypedTextareas}>
						<HydratedRouter />
					</AfterHydration>
				</NonceContext.Provider>
			</StrictMode>,
		)
	})
}

// The modules' evaluation, tailwind-merge's tables and hydration's first slice each in a task of its own: together
// they made one task long enough to block a phone (issue 19).
setTimeout(() => {
	prepareClassMerging()
	setTimeout(hydrate)
})
