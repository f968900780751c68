import { useLocation, type useFetcher } from 'react-router'
import { useHydrated } from '~/components/hydrated'
import type { Consent } from '~/lib/consent'

export const consentAction = '/resources/consent'

export type ConsentFetcher = ReturnType<typeof useFetcher<{ consent: Consent | null }>>

export function RedirectBack() {
	const location = useLocation()
	const hydrated = useHydrated()
	// Only without JavaScript does the post navigate, and then it must come back here.
	return hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
}
