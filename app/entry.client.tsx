import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { NonceContext } from '~/components/nonce'

// Browsers hide the nonce attribute from the DOM but keep it on the element,
// so hydration can render the same value the server did.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<NonceContext.Provider value={nonce}>
				<HydratedRouter />
			</NonceContext.Provider>
		</StrictMode>,
	)
})
