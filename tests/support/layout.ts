import { expect, type Page } from '@playwright/test'

/** How far the page is wider than the screen where it stands, and the deferred blocks in sight that cut off content. */
function measure(page: Page) {
	return page.evaluate(async () => {
		// Two frames: the browser decides which deferred blocks are near the viewport when it renders.
		for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done))
		const inSight = (element: Element) => {
			const box = element.getBoundingClientRect()
			return box.bottom > 0 && box.top < window.innerHeight
		}
		// Paint containment clips a deferred block at its padding box: what is wider is cut off, not scrolled to.
		const cutOff = [...document.querySelectorAll<HTMLElement>('body *')]
			.filter((element) => getComputedStyle(element).contentVisibility === 'auto' && inSight(element))
			.filter((element) => element.scrollWidth > element.clientWidth)
			.map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
		return {
			overflow: (document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY) - window.innerWidth,
			cutOff,
		}
	})
}

/**
 * Fails when the page is wider than the screen, as a visitor's browser lays it out: on load, then at every
 * screenful scrolled down to the bottom. Blocks with `content-visibility: auto` (`render-when-near`) are laid out
 * only as they near the viewport, and before that by their stand-in size, so a page can be wider until they are;
 * once laid out they clip what overflows them, so each is checked for cut-off content while it is in sight.
 * Leaves the page scrolled back to the top.
 */
export async function expectNoSidewaysScroll(page: Page) {
	const onLoad = await measure(page)
	expect(onLoad.overflow, `${page.url()} is ${onLoad.overflow}px wider than the screen on load`).toBeLessThanOrEqual(0)
	const { screen, scrollable } = await page.evaluate(() => ({
		screen: window.innerHeight,
		scrollable: (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight,
	}))
	for (let top = 0; top < scrollable + screen; top += screen) {
		const y = Math.min(top, scrollable)
		await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y)
		const scrolled = await measure(page)
		expect(
			scrolled.overflow,
			`${page.url()} is ${scrolled.overflow}px wider than the screen at ${y}px`,
		).toBeLessThanOrEqual(0)
		expect(scrolled.cutOff, `${page.url()}: content cut off at ${y}px`).toEqual([])
	}
	await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}
