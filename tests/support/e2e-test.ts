import { test as base, type Page, type Response } from '@playwright/test'
import { startWorkerStack } from './e2e-stack'
import { uniqueAddress } from './unique'
import { portalURL, siteURL } from './urls'

export { expect } from '@playwright/test'

let visitor: string | undefined

/**
 * Each test is a visitor of its own. The app limits public forms per visitor
 * address (app/.server/security/rate-limit.ts) and every browser of the suite comes from
 * 127.0.0.1, so without this all tests would draw on one budget and whichever
 * posted last would be refused. The production server trusts X-Forwarded-For
 * from loopback (TRUST_PROXY), as it would from its load balancer.
 */
export const test = base.extend<{ visitorAddress: string }, { ownStack: boolean; stack: void }>({
	// Every worker runs its own services and production server (tests/support/e2e-stack.ts); a project whose
	// tests start their own (dev-server) turns it off.
	ownStack: [true, { scope: 'worker', option: true }],
	stack: [
		async ({ ownStack }, provide) => {
			if (!ownStack) return provide()
			const stack = await startWorkerStack()
			await provide()
			await stack.stop()
		},
		{ scope: 'worker', auto: true, timeout: 120_000 },
	],
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

// A page is the app's once React has hydrated it, and page.goto returns at the load event, often before
// (12 of 15 loads of /contacto on the shared test machine): a click then finds a button with no handler yet, or a
// post Chromium cancels when the router starts. The toaster mounts once the page has hydrated and the browser is
// idle (app/components/toaster.tsx), so its live region is the sign. Playwright's 'networkidle' is no sign: it
// fired before hydration on a loaded machine (CI, form-failures' booking test sent a plain document post), it
// never fired when a dedicated worker's script was cut off by the next navigation (the home's particle field:
// a 2-minute timeout in a full run), and its 500 ms of quiet cost every page load.

/** Waits until a page of the app has hydrated and gone idle. */
export async function appSettled(page: Page) {
	await page.locator('section[aria-label^="Notificaciones"]').waitFor({ state: 'attached' })
}

/**
 * The error pages (the root's boundary) have no toaster, pages of other hosts (the stand-ins') are not the app's,
 * and a page whose scripts do not run (JavaScript off) never hydrates: React Router's inline context is the sign
 * that they ran.
 */
async function hydrates(page: Page, response: Response | null) {
	if (response === null || !response.ok()) return false
	if (![siteURL(''), portalURL('')].includes(new URL(response.url()).origin)) return false
	return page.evaluate(() => '__reactRouterContext' in window)
}

/** Opens an address as a visitor does and, where the page hydrates, waits until it has: what a person can use. */
export async function openApp(page: Page, url: string) {
	const response = await page.goto(url)
	if (await hydrates(page, response)) await appSettled(page)
	return response
}

/** Reloads as a visitor does and, where the page hydrates, waits until it has. */
export async function reloadApp(page: Page) {
	const response = await page.reload()
	if (await hydrates(page, response)) await appSettled(page)
	return response
}

/** The address of the running test's visitor, for requests it sends from Node as its browser would. */
export function visitorAddress() {
	if (!visitor) throw new Error('visitorAddress() is only known while a test runs.')
	return visitor
}
