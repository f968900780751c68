import { useEffect, useLayoutEffect, useState, type RefObject } from 'react'

/** Whatever a tap can land on: buttons, links, form fields. */
const tappable = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]'

/** Room kept between the chat button and anything tappable, in px. */
const clearance = 8

/**
 * Whether anything tappable of the page passes under `spot` (the chat button's place): an
 * IntersectionObserver whose root is shrunk by its margins to that corner, so the browser reports
 * it as it renders and no code of ours runs on scroll. It watches what the page adds later too.
 * Null until the first report: the button waits aside for it rather than showing for a frame and
 * then sliding away from, say, the cookie banner's buttons.
 */
export function useCovering(spot: RefObject<HTMLElement | null>) {
	const [covering, setCovering] = useState<boolean | null>(null)
	useEffect(() => {
		const corner = spot.current
		if (!corner) return
		const widget = corner.closest('[data-chat]')
		const under = new Set<Element>()
		let observer: IntersectionObserver | undefined
		let frame = 0
		const observeAll = () => {
			frame = 0
			let watched = 0
			for (const target of document.querySelectorAll(tappable)) {
				if (widget?.contains(target)) continue
				observer?.observe(target)
				watched++
			}
			// The observer reports only on what it watches: with nothing to watch, nothing is under it.
			if (watched === 0) setCovering(false)
		}
		const watch = () => {
			observer?.disconnect()
			under.clear()
			const box = corner.getBoundingClientRect()
			const { clientWidth, clientHeight } = document.documentElement
			const inset = (distance: number) => `${-Math.max(0, Math.floor(distance - clearance))}px`
			observer = new IntersectionObserver(
				(entries) => {
					for (const entry of entries) {
						if (entry.isIntersecting) under.add(entry.target)
						else under.delete(entry.target)
					}
					setCovering(under.size > 0)
				},
				{
					rootMargin: [box.top, clientWidth - box.right, clientHeight - box.bottom, box.left].map(inset).join(' '),
				},
			)
			observeAll()
		}
		const changed = new MutationObserver(() => {
			frame ||= requestAnimationFrame(observeAll)
		})
		// Chromium keeps reporting a button as clear of the corner after the deferred block (render-when-near) it
		// is in, or one above it, renders and so moves it: a fresh observer reports where everything is then.
		const rendered = (event: Event) => {
			if (event instanceof ContentVisibilityAutoStateChangeEvent && !event.skipped) watch()
		}
		watch()
		changed.observe(document.body, { childList: true, subtree: true })
		window.addEventListener('resize', watch)
		// Capture: the event does not bubble, and fires on the deferred block itself.
		document.addEventListener('contentvisibilityautostatechange', rendered, true)
		return () => {
			document.removeEventListener('contentvisibilityautostatechange', rendered, true)
			window.removeEventListener('resize', watch)
			changed.disconnect()
			observer?.disconnect()
			cancelAnimationFrame(frame)
		}
	}, [spot])
	return covering
}

/**
 * How far the cookie banner reaches up from the bottom of the screen while `active`, in px; 0 without it. The
 * banner is fixed at the bottom above the chat, and on a desktop it spans the open panel's corner: lifted by this,
 * the panel and its field sit clear of it and the banner's buttons stay in reach (issue 55).
 */
export function useBannerHeight(active: boolean) {
	const [height, setHeight] = useState(0)
	// Before the panel is first drawn: never a frame of it under the banner. The widget renders in the browser only.
	useLayoutEffect(() => {
		if (!active) return
		let banner: Element | null = null
		const measure = () => setHeight(banner ? Math.max(0, window.innerHeight - banner.getBoundingClientRect().top) : 0)
		const resized = new ResizeObserver(measure)
		// The banner goes once the visitor chooses, while the chat may be open.
		const find = () => {
			const current = document.querySelector('[data-cookie-banner]')
			if (current === banner) return
			if (banner) resized.unobserve(banner)
			banner = current
			if (banner) resized.observe(banner)
			measure()
		}
		measure()
		const changed = new MutationObserver(find)
		find()
		changed.observe(document.body, { childList: true, subtree: true })
		window.addEventListener('resize', measure)
		return () => {
			window.removeEventListener('resize', measure)
			changed.disconnect()
			resized.disconnect()
		}
	}, [active])
	return active ? height : 0
}
