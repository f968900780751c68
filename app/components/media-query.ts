import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether the media query matches now, following its changes. False on the server, so it is only for what
 * mounts after hydration (behind `useIdle`): read while hydrating, a browser value that differs from the
 * server's makes React render again in one synchronous task right after hydration.
 */
export function useMediaQuery(query: string) {
	const subscribe = useCallback(
		(onChange: () => void) => {
			const list = window.matchMedia(query)
			list.addEventListener('change', onChange)
			return () => list.removeEventListener('change', onChange)
		},
		[query],
	)
	return useSyncExternalStore(
		subscribe,
		() => window.matchMedia(query).matches,
		() => false,
	)
}
