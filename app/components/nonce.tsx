import { createContext, useContext } from 'react'

/** The CSP nonce of the current document, for every script and stylesheet we render. */
export const NonceContext = createContext('')

export function useNonce() {
	return useContext(NonceContext)
}
