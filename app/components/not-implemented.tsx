import type { ReactNode } from 'react'
import { useFetcher, useLocation } from 'react-router'

/** A control for a feature that does not exist yet: posting it shows the spec's not-implemented toast. */
export function NotImplementedForm({ children, className }: { children: ReactNode; className?: string }) {
	const fetcher = useFetcher({ key: 'not-implemented' })
	const location = useLocation()
	return (
		<fetcher.Form method="post" action="/resources/not-implemented" preventScrollReset className={className}>
			<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			{children}
		</fetcher.Form>
	)
}
