import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useIdle } from '../idle'

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'

function subscribeToMotion(onChange: () => void) {
	const query = window.matchMedia(reducedMotionQuery)
	query.addEventListener('change', onChange)
	return () => query.removeEventListener('change', onChange)
}

/** True once hydrated in a browser that does not ask for reduced motion; false on the server. */
function useMotionAllowed() {
	return useSyncExternalStore(
		subscribeToMotion,
		() => !window.matchMedia(reducedMotionQuery).matches,
		() => false,
	)
}

/**
 * The hero's particle canvas: not in the server's HTML (nothing without JavaScript, nothing to shift),
 * absolutely placed behind the content, and its code fetched only once the page is idle.
 */
export function ParticleBackground() {
	const idle = useIdle()
	const motionAllowed = useMotionAllowed()
	const canvas = useRef<HTMLCanvasElement>(null)
	const show = idle && motionAllowed

	useEffect(() => {
		const element = canvas.current
		if (!show || !element) return
		let stop: (() => void) | undefined
		let cancelled = false
		void import('./particle-field').then(({ startParticleField }) => {
			if (!cancelled) stop = startParticleField(element)
		})
		return () => {
			cancelled = true
			stop?.()
		}
	}, [show])

	return show ? (
		<canvas
			ref={canvas}
			aria-hidden
			data-particles=""
			className="pointer-events-none absolute inset-0 size-full text-brand-ink"
		/>
	) : null
}
