import { test as base, type Page, type Response } from '@playwright/test'
import { startWorkerStack } from './e2e-stack'
import { uniqueAddress } from './unique'
import { portalURL, siteURL } from './urls'

export { expect } from '@playwright/test'

let visitor: string | undefined

/**
 * Each test is a visitor of its own. The app limits public forms per visitor
 * address (app/.server/rate-limit.ts) and every browser of the suite comes from
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
	page: async ({ page, javaScriptEnabled }, provide) => {
		await provide(javaScriptEnabled === false ? page : appPage(page))
	},
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
// no handler yet, or a post Chromium cancels when the router starts. Network idle alone is no proof
// either: on a loaded machine the scripts are all in and parsing takes over 500 ms with no request,
// so 'networkidle' fires before React has hydrated (CI, form-failures' booking test: the click sent
// a plain document post). The toaster mounts once the page has hydrated and the browser is idle
// (app/components/toaster.tsx): tests that use a page's scripts navigate with
// { waitUntil: 'networkidle' }, and on the test's page that also waits for it.

/** Waits until a page of the app has hydrated and gone idle. */
export async function appSettled(page: Page) {
	await page.locator('section[aria-label^="Notificaciones"]').waitFor({ state: 'attached' })
	await page.waitForLoadState('networkidle')
}

/** The error pages (the root's boundary) have no toaster, and pages of other hosts (the stand-ins') are not the app's. */
function isAppPage(response: Response | null) {
	return response !== null && response.ok() && [siteURL(''), portalURL('')].includes(new URL(response.url()).origin)
}

const settling = new WeakSet<Page>()

/** The test's page is one already; a page a test opens itself with scripts on becomes one through this. */
export function appPage(page: Page): Page {
	if (settling.has(page)) return page
	settling.add(page)
	const goto = page.goto.bind(page)
	const reload = page.reload.bind(page)
	page.goto = async (url, options) => {
		const response = await goto(url, options)
		if (options?.waitUntil === 'networkidle' && isAppPage(response)) await appSettled(page)
		return response
	}
	page.reload = async (options) => {
		const response = await reload(options)
		if (options?.waitUntil === 'networkidle' && isAppPage(response)) await appSettled(page)
		return response
	}
	return page
}

/** The address of the running test's visitor, for requests it sends from Node as its browser would. */
export function visitorAddress() {
	if (!visitor) throw new Error('visitorAddress() is only known while a test runs.')
	return visitor
}
