import { expect, type Locator, type Page } from '@playwright/test'

/** How far the page is wider than the screen where it stands, and the deferred blocks in sight that cut off content. */
function measure(page: Page, scripts: boolean) {
	return page.evaluate(async (waitForFrames) => {
		// Two frames: the browser decides which deferred blocks are near the viewport when it renders. A page
		// whose scripts are off runs no frame callback: there, what was last rendered is measured.
		if (waitForFrames) for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done))
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
	}, scripts)
}

/**
 * Fails when the page is wider than the screen, as a visitor's browser lays it out: on load, then at every
 * screenful scrolled down to the bottom. Blocks with `content-visibility: auto` (`render-when-near`) are laid out
 * only as they near the viewport, and before that by their stand-in size, so a page can be wider until they are;
 * once laid out they clip what overflows them, so each is checked for cut-off content while it is in sight.
 * Leaves the page scrolled back to the top. `scripts: false` for a page opened with JavaScript off.
 */
export async function expectNoSidewaysScroll(page: Page, { scripts = true } = {}) {
	const onLoad = await measure(page, scripts)
	expect(onLoad.overflow, `${page.url()} is ${onLoad.overflow}px wider than the screen on load`).toBeLessThanOrEqual(0)
	const { screen, scrollable } = await page.evaluate(() => ({
		screen: window.innerHeight,
		scrollable: (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight,
	}))
	for (let top = 0; top < scrollable + screen; top += screen) {
		const y = Math.min(top, scrollable)
		await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y)
		const scrolled = await measure(page, scripts)
		expect(
			scrolled.overflow,
			`${page.url()} is ${scrolled.overflow}px wider than the screen at ${y}px`,
		).toBeLessThanOrEqual(0)
		expect(scrolled.cutOff, `${page.url()}: content cut off at ${y}px`).toEqual([])
	}
	await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}

/**
 * Fails when a row of `list`'s items stops short of either edge of the list: a card left alone on the last row,
 * or a last row shorter than the others. Items on one row share their top edge. The list is scrolled into sight
 * first, as a visitor would, so that a deferred block around it is laid out.
 */
export async function expectFullRows(list: Locator) {
	await list.scrollIntoViewIfNeeded()
	const rows = await list.evaluate((element) => {
		const style = getComputedStyle(element)
		const box = element.getBoundingClientRect()
		const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)
		const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)
		const byTop = new Map<number, { left: number; right: number; count: number }>()
		for (const item of element.children) {
			const itemBox = item.getBoundingClientRect()
			const top = Math.round(itemBox.top)
			const row = byTop.get(top) ?? { left: Infinity, right: -Infinity, count: 0 }
			byTop.set(top, {
				left: Math.min(row.left, itemBox.left),
				right: Math.max(row.right, itemBox.right),
				count: row.count + 1,
			})
		}
		return [...byTop.values()].map((row) => ({
			items: row.count,
			gapLeft: Math.round(row.left - left),
			gapRight: Math.round(right - row.right),
		}))
	})
	for (const [index, row] of rows.entries()) {
		expect(row, `row ${index + 1} of ${rows.length} reaches both edges of the list`).toEqual({
			items: row.items,
			gapLeft: 0,
			gapRight: 0,
		})
	}
}

/** Fails when `block` does not start where `heading` does: a block indented from its section's title. */
export async function expectLinedUp(heading: Locator, block: Locator) {
	await block.scrollIntoViewIfNeeded()
	const [headingBox, blockBox] = await Promise.all([heading.boundingBox(), block.boundingBox()])
	expect(Math.round(blockBox?.x ?? -1), 'the block starts where its heading does').toBe(Math.round(headingBox?.x ?? -2))
}

/** Fails when `block` does not span what `reference` does, edge to edge: a list narrower than the table above it. */
export async function expectSameWidth(reference: Locator, block: Locator) {
	await block.scrollIntoViewIfNeeded()
	const [referenceBox, blockBox] = await Promise.all([reference.boundingBox(), block.boundingBox()])
	const edges = (box: typeof blockBox) => box && [Math.round(box.x), Math.round(box.x + box.width)]
	expect(edges(blockBox), 'the block spans what the reference does').toEqual(edges(referenceBox))
}
