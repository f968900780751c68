import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react'

const HydratedContext = createContext(false)

/**
 * One flag for the whole page: false on the server and while the page hydrates, true from then on. It turns
 * true in a transition once hydration has committed, so the components that change with it re-render in
 * slices the browser can interrupt. remix-utils' `useHydrated` (an external store per component) re-rendered
 * them all in one synchronous task right after hydration: a long task on a phone (issue 19).
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => startTransition(() => setHydrated(true)), [])
	return <HydratedContext value={hydrated}>{children}</HydratedContext>
}

/** Whether the page has hydrated: render the no-JavaScript version of a control until it is. */
export function useHydrated() {
	return use(HydratedContext)
}
