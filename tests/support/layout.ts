import { expect, type Page } from '@playwright/test'

/**
 * Fails when the page is wider than the screen. Blocks below the first screen are rendered as they near it
 * (`render-when-near`, content-visibility) and clip what overflows them, so they are laid out in full first:
 * an element too wide for a phone is caught whether it would scroll the page sideways or be cut off.
 */
export async function expectNoSidewaysScroll(page: Page) {
	const overflow = await page.evaluate(() => {
		for (const block of document.querySelectorAll<HTMLElement>('.render-when-near')) {
			block.style.contentVisibility = 'visible'
		}
		return (document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY) - window.innerWidth
	})
	expect(overflow, `${page.url()} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0)
}
