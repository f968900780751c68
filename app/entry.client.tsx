import { startTransition, StrictMode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { NonceContext } from '~/components/nonce'
import { rememberTypedTextareas } from '~/lib/typed-before-hydration'

// Browsers hide the nonce attribute from the DOM but keep it on the element,
// so hydration can render the same value the server did.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

const restoreTypedTextareas = rememberTypedTextareas()

/** Renders nothing; its effect runs once the document it sits beside has hydrated. */
function AfterHydration({ run }: { run: () => void }) {
	useEffect(run, [run])
	return null
}

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<NonceContext.Provider value={nonce}>
				<HydratedRouter />
				<AfterHydration run={restoreTypedTextareas} />
			</NonceContext.Provider>
		</StrictMode>,
	)
})
