import { test as base } from '@playwright/test'
import { uniqueAddress } from './unique'

export { expect } from '@playwright/test'

let visitor: string | undefined

/**
 * Each test is a visitor of its own. The app limits public forms per visitor
 * address (app/.server/rate-limit.ts) and every browser of the suite comes from
 * 127.0.0.1, so without this all tests would draw on one budget and whichever
 * posted last would be refused. The production server trusts X-Forwarded-For
 * from loopback (TRUST_PROXY), as it would from its load balancer.
 */
export const test = base.extend<{ visitorAddress: string }>({
	visitorAddress: [
		async ({}, provide) => {
			visitor = uniqueAddress()
			await provide(visitor)
			visitor = undefined
		},
		{ auto: true },
	],
	// Contexts a test opens itself (browser.newContext) get it as well: Playwright applies the test's options to them.
	extraHTTPHeaders: async ({ visitorAddress }, provide) => provide({ 'X-Forwarded-For': visitorAddress }),
})

// A page is the app's once React has hydrated it, and page.goto returns at the load event, often
// before (12 of 15 loads of /contacto on the shared test machine): a click then finds a button with
// no handler yet, or a post Chromium cancels when the router starts. Tests that use a page's
// scripts navigate with { waitUntil: 'networkidle' }: the chunks fetched once the page has hydrated
// and gone idle come after it.

/** The address of the running test's visitor, for requests it sends from Node as its browser would. */
export function visitorAddress() {
	if (!visitor) throw new Error('visitorAddress() is only known while a test runs.')
	return visitor
}
