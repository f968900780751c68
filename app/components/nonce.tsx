import { createContext, useContext } from 'react'

/**
 * The CSP nonce of the current document, for every script and stylesheet we render; none on a page for the
 * shared cache, whose scripts the CSP names by hash (the server takes its marker nonce out).
 */
export const NonceContext = createContext<string | undefined>(undefined)

export function useNonce() {
	return useContext(NonceContext)
}
