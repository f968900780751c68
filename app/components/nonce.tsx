import { createContext, useContext } from 'react'

/** The CSP nonce of the current server render; empty in the browser, which hides nonces anyway. */
export const NonceContext = createContext('')

export function useNonce() {
	return useContext(NonceContext)
}
