import { useEffect, useRef } from 'react'
import { useIdle } from '~/components/idle'
import { useMediaQuery } from '~/components/media-query'

/** A canvas handed to a worker cannot be drawn on again, so each run of the effect draws on a new one. */
function particleCanvas() {
	const canvas = document.createElement('canvas')
	canvas.setAttribute('aria-hidden', 'true')
	canvas.dataset.particles = ''
	canvas.className = 'pointer-events-none absolute inset-0 size-full text-brand-ink'
	return canvas
}

/**
 * The hero's particle canvas: not in the server's HTML (nothing without JavaScript, nothing to shift),
 * absolutely placed behind the content, and its code fetched only once the page is idle. What reads the
 * media query mounts then too: read while hydrating, its server value would differ from the
 * browser's and React would re-render in one synchronous task right after hydration.
 */
export function ParticleBackground() {
	return useIdle() ? <ParticleSlot /> : null
}

function ParticleSlot() {
	const show = !useMediaQuery('(prefers-reduced-motion: reduce)')
	const slot = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const parent = slot.current
		if (!show || !parent) return
		const canvas = particleCanvas()
		parent.append(canvas)
		let stop: (() => void) | undefined
		let cancelled = false
		void import('./particle-field').then(({ startParticleField }) => {
			if (!cancelled) stop = startParticleField(canvas)
		})
		return () => {
			cancelled = true
			stop?.()
			canvas.remove()
		}
	}, [show])

	// `contents`: the canvas is placed against the hero itself, as if it were its child.
	return show ? <div ref={slot} className="contents" /> : null
}
