import { createContext, startTransition, use, useEffect, useRef, useState, type ReactNode } from 'react'

const HydratedContext = createContext(false)

/** Set once the first render in this browser tab has hydrated; every later mount is a client render. */
let pageHydrated = false

/**
 * One flag for the whole page: false on the server and while the page hydrates, true from then on. It turns
 * true in a transition once hydration has committed, so the components that change with it re-render in
 * slices the browser can interrupt. remix-utils' `useHydrated` (an external store per component) re-rendered
 * them all in one synchronous task right after hydration: a long task on a phone (issue 19).
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => {
		pageHydrated = true
		startTransition(() => setHydrated(true))
	}, [])
	return <HydratedContext value={hydrated}>{children}</HydratedContext>
}

/** Whether the page has hydrated: render the no-JavaScript version of a control until it is. */
export function useHydrated() {
	return use(HydratedContext)
}

/**
 * Markup with nothing to hydrate (illustrations, text, native `<details>`): while the page hydrates, React takes
 * the server's HTML inside as it is instead of rendering and matching every element of it: a third of what the
 * home page hydrated (issue 19). A `display: contents` box, so the layout is the
 * children's. Nothing inside may need React: no handlers, state, effects or router links (they would work as
 * plain links). Mounted later (a client-side navigation), it renders its children as usual.
 */
export function StaticMarkup({ children }: { children: ReactNode }) {
	const [adopted, setAdopted] = useState(() => typeof document !== 'undefined' && !pageHydrated)
	const box = useRef<HTMLDivElement>(null)
	useEffect(() => {
		// React rendered this page on the client after all (a hydration error further up): there was no server
		// HTML to keep, so render the children.
		if (adopted && !box.current?.hasChildNodes()) setAdopted(false)
	}, [adopted])
	return adopted ? (
		<div ref={box} className="contents" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
	) : (
		<div ref={box} className="contents">
			{children}
		</div>
	)
}
