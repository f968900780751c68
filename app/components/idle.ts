import { startTransition, useEffect, useState } from 'react'

/**
 * False on the server and while the page hydrates; true once the browser has been idle since.
 * For code that neither the first paint nor the first interaction needs (the toaster, the Tarifas
 * dropdown, the chat): each is fetched and rendered in its own task after hydration rather than all
 * in the one that follows it, which was a long task on a phone (issue #9, decision 006). Each renders in a
 * transition, in slices the browser can interrupt (issue 19).
 */
export function useIdle() {
	const [idle, setIdle] = useState(false)
	useEffect(() => {
		// Safari has no requestIdleCallback; a short timeout is its next best thing.
		const becomeIdle = () => startTransition(() => setIdle(true))
		if (typeof requestIdleCallback === 'function') {
			const id = requestIdleCallback(becomeIdle, { timeout: 2000 })
			return () => cancelIdleCallback(id)
		}
		const id = setTimeout(becomeIdle, 100)
		return () => clearTimeout(id)
	}, [])
	return idle
}
