import type { Browser, Cookie, Locator, Page } from '@playwright/test'
import { acceptCookies } from './browser'
import { openApp } from './e2e-test'
import { portalURL } from './urls'

/** The widths a change is looked at: a desktop's 1440 px and a phone's 390 px. */
export const screenshotViewports = {
	desktop: { width: 1440, height: 900 },
	phone: { width: 390, height: 844 },
} as const

type Shot = {
	/** The file's name, without device, theme nor extension: `test-results/screenshots/<name>-desktop-dark.png`. */
	name: string
	url: string
	/** The signed-in browser's cookies (`context.cookies()`), for a page behind the sign-in. */
	cookies?: Cookie[]
	/** What to do on the page before the picture: open a dialog, send a form. */
	prepare?: (page: Page) => Promise<void>
	/** The whole page rather than what the screen shows (the default: where things sit on the screen counts). */
	fullPage?: boolean
	/** One part of the page only, scrolled into view: a picture of a block rather than of the page. */
	part?: (page: Page) => Locator
}

/**
 * PNGs of a page at both widths in both themes, into test-results/screenshots, for a person to look at. The
 * theme is the host's cookie, as the theme switch sets it; the browser's preference agrees with it.
 */
export async function screenshotThemes(
	browser: Browser,
	{ name, url, cookies = [], prepare, fullPage = false, part }: Shot,
) {
	const { origin } = new URL(url)
	const themeCookie = origin === new URL(portalURL('/')).origin ? 'kia-portal-theme' : 'kia-theme'
	for (const [device, viewport] of Object.entries(screenshotViewports)) {
		for (const theme of ['dark', 'light'] as const) {
			// A Spanish browser, as our users': the file picker's own words are the browser's.
			const context = await browser.newContext({
				viewport,
				colorScheme: theme,
				locale: 'es-ES',
				timezoneId: 'Europe/Madrid',
			})
			await context.addCookies([...cookies, { name: themeCookie, value: theme, url: origin }])
			// The cookie banner answered: it would cover the bottom of every picture.
			await acceptCookies(context)
			const page = await context.newPage()
			await openApp(page, url)
			// A whole-page picture shows the deferred blocks below the screen, which the browser has not painted yet.
			if (fullPage) {
				await page.evaluate(() => {
					for (const block of document.querySelectorAll<HTMLElement>('.render-when-near'))
						block.style.contentVisibility = 'visible'
				})
			}
			await prepare?.(page)
			// Chromium refuses a capture ('Unable to capture screenshot') of a view with no frame of its own yet, as a
			// page just loaded on a busy machine can be: the second animation frame comes after one was drawn.
			await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))))
			const path = `test-results/screenshots/${name}-${device}-${theme}.png`
			if (part) {
				await part(page).scrollIntoViewIfNeeded()
				await part(page).screenshot({ path })
			} else await page.screenshot({ path, fullPage })
			await context.close()
		}
	}
}
