import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { capabilityPath } from '../../app/lib/capability-ids'
import { expect, openApp } from './e2e-test'
import { portalURL, siteURL } from './urls'

/**
 * Axe finds nothing on any route of either host, in either theme, including the states a page can be
 * put in (banner, dialogs, menus, toasts). What the a11y specs share: the pages, the themes and the scan.
 */

export const phone = { width: 390, height: 844 }
export const desktop = { width: 1280, height: 720 }

/** The pages that sell: the home, the plans, how it works, the projects, the WebApp, the demo and contact pages. */
export const salesPages = [
	'/',
	'/tarifas',
	'/tarifas/starter',
	'/tarifas/business',
	'/tarifas/enterprise',
	'/como-funciona',
	'/proyectos',
	'/webapp-incluida',
	'/solicitar-demostracion-kia',
	'/contacto',
]

/** The rest of the site: the blog, the company's pages, the legal texts, the newsletter's pages and the errors. */
export const otherSitePages = [
	'/blog',
	'/blog/verifactu-que-cambia-y-como-prepararte',
	'/blog/no-existe',
	'/sobre-kia',
	'/logotipo',
	'/invertir',
	'/sostenibilidad',
	'/politica-privacidad',
	'/politica-cookies',
	'/terminos-contratacion',
	'/boletin/confirmar?token=enlace-de-prueba',
	'/boletin/baja',
	'/no-existe',
	// A path of the portal's: the site's 404 as the root's boundary draws it (issue 68).
	'/dashboard',
	'/__test/error',
]

/**
 * Apart from the pages above, so each list stays short enough to walk on a loaded machine: the index, and
 * a page of each kind of example (a WebApp chat with the VERIFACTU section, a WhatsApp chat, e-mails).
 */
export const capabilityPages = [
	'/funcionalidades',
	...(['facturas', 'atencion-whatsapp', 'respuestas-correo'] as const).map(capabilityPath),
]

export const toastTypes = ['success', 'info', 'warning', 'error', 'loading'] as const

/**
 * Both themes from one page load. The pages are opened in the 'system' theme and the browser's colour scheme is
 * switched between scans, as an operating system's dark mode switches it. A chosen theme paints the same colours
 * as the system one: every colour token is a light-dark() pair that color-scheme resolves, and the `dark:`
 * variant matches both (app/app.css; tests/unit/host-and-theme.test.ts keeps prefers-color-scheme out of
 * everything else). The theme is a cookie per host (app/.server/http/theme.ts), so the server paints it.
 */
export async function followSystemTheme(context: BrowserContext) {
	await context.addCookies([
		{ name: 'kia-theme', value: 'system', url: siteURL('/') },
		{ name: 'kia-portal-theme', value: 'system', url: portalURL('/') },
	])
}

type Scheme = 'light' | 'dark'

/**
 * The rules whose outcome a theme can change. Both themes paint the same markup with the same layout, so the
 * light theme's scan checks every rule and the dark theme's only these: a full scan of each theme took the a11y
 * specs' scans twice over for findings that cannot differ.
 */
const colourRules = ['color-contrast', 'link-in-text-block']

/**
 * What axe finds on the page, or within one part of it: its violations, and the rules that could not run. A rule
 * that fails to run says so only among the results to review, and checks nothing: axe 4.13 could not read a colour
 * Chromium wrote with an exponent (`oklab(0.965 7.15e-11 …)`) and skipped colour contrast on every page of the
 * light theme.
 */
export async function axeFindings(page: Page, { within, rules }: { within?: string; rules?: string[] } = {}) {
	// Legacy mode runs axe in the scanned page: the default opens a blank page per scan to merge the results of
	// frames from other origins, which our pages do not have.
	const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true)
	if (rules) builder.withRules(rules)
	// A toast is checked by checkToast alone, once settled: on a long page it may start to fade
	// (and fail colour contrast) while axe is still scanning the rest.
	if (within) builder.include(within)
	else builder.exclude('[data-sonner-toaster]')
	const results = await builder.analyze()
	const violations = results.violations.map(
		(violation) => `${violation.id} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
	)
	const crashed = results.incomplete.flatMap((rule) => {
		const error = rule.nodes.flatMap((node) => node.none).find((check) => check.id === 'error-occurred')
		return rule.error || error ? [`${rule.id} did not run — ${rule.error?.message ?? error?.message}`] : []
	})
	return [...violations, ...crashed]
}

/** Collects every finding on the way, in both themes, so one run lists them all rather than the first. */
export function audit(page: Page) {
	const found: string[] = []
	let scheme: Scheme = 'light'

	async function scan(label: string, within: string | undefined) {
		const findings = await axeFindings(page, { within, rules: scheme === 'dark' ? colourRules : undefined })
		found.push(...findings.map((finding) => `${label} (${scheme}): ${finding}`))
	}

	/** Scans in the colour scheme the page is in, switches to the other and scans again once the colours have moved. */
	async function check(label: string, within?: string) {
		await scan(label, within)
		scheme = scheme === 'light' ? 'dark' : 'light'
		await page.emulateMedia({ colorScheme: scheme })
		await coloursSettled(page)
		await scan(label, within)
	}

	/** Hydrated, so what is checked is what a visitor gets, dialogs and menus included. */
	async function open(url: string) {
		await openApp(page, url)
	}
	async function visit(url: string) {
		await open(url)
		await check(url.replace(/^http:\/\/[^/]+/, `${new URL(url).hostname.split('.')[0]}:`))
	}
	return { found, check, open, visit }
}

export type Check = (label: string, within?: string) => Promise<void>

/**
 * Sonner slides a toast in and removes it after 4-5 s, sooner than axe gets
 * through a long page; so the toaster alone is checked, once the toast has settled
 * (the page under it has been checked on its own).
 */
export async function checkToast(page: Page, check: Check, label: string) {
	const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first()
	await expect(toast).toBeVisible()
	// Sonner keeps a toast while the pointer rests on it: on a busy machine axe's own start-up outlasted the
	// toast's 4 s, and the toaster it was told to scan was gone ('No elements found for include').
	await toast.hover()
	await transitionsDone(page.locator('[data-sonner-toaster]'))
	await check(label, '[data-sonner-toaster]')
}

/** Until the element's transitions and animations have run: colours checked halfway through a fade are not the ones people read. */
export async function transitionsDone(element: Locator) {
	await element.evaluate(async (root) => {
		// A loading toast's spinner turns for ever: only what ends is waited for (a removed toast's cancelled fade ends too).
		const ending = root
			.getAnimations({ subtree: true })
			.filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
		await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)))
	})
}

/**
 * Until the colour transitions a change of scheme started have ended: colours checked halfway are not the ones
 * people read. A block the browser has not rendered yet (`render-when-near`, content-visibility) has not even
 * started its transitions: they start when something reads its styles, as axe does, and would be read at their
 * first frame. So every style is read first, and the transitions of unrendered blocks are taken to their end: the
 * colours a visitor finds on scrolling there.
 */
async function coloursSettled(page: Page) {
	await page.evaluate(async () => {
		for (const element of document.querySelectorAll('*')) getComputedStyle(element).getPropertyValue('color')
		const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition)
		const rendered = (animation: Animation) =>
			!(animation.effect instanceof KeyframeEffect) ||
			!animation.effect.target ||
			animation.effect.target.checkVisibility({ contentVisibilityAuto: true })
		for (const transition of transitions) if (!rendered(transition)) transition.finish()
		await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)))
	})
}

/** Every toast type the app uses, through the test route that queues one across a redirect. */
export async function checkToasts(page: Page, check: Check, host: 'site' | 'portal') {
	for (const type of toastTypes) {
		const url =
			host === 'site' ? siteURL(`/__test/toast?type=${type}`) : portalURL(`/__test/toast?type=${type}&to=auth`)
		await openApp(page, url)
		await checkToast(page, check, `${host} toast ${type}`)
	}
}

// Tests that make hundreds of round trips to the page: twenty-odd axe scans (one scan took 2-17 s on a two-core
// machine running two suites at once), or a walk of some 300 Tab stops (2.3 min on a machine whose cores another
// process kept busy, where 120 s ran out). The budget bounds a hang, not a slow machine.
export const longTestBudget = 300_000
