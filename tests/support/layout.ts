import { expect, type Page } from '@playwright/test'

/**
 * Fails when the page is wider than the screen. Blocks with `content-visibility: auto` (`render-when-near`) are
 * rendered only near the viewport and clip what overflows them, so they are laid out in full first (and stay so
 * for the rest of the test): an element too wide for a phone is caught whether it would scroll the page
 * sideways or be cut off.
 */
export async function expectNoSidewaysScroll(page: Page) {
	const overflow = await page.evaluate(() => {
		for (const element of document.querySelectorAll<HTMLElement>('body *')) {
			if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible'
		}
		return (document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY) - window.innerWidth
	})
	expect(overflow, `${page.url()} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0)
}
