import type { Page } from '@playwright/test'

const policies = new WeakMap<Page, string>()

/** Keeps the Content-Security-Policy of each document `page` loads, as the browser received it. */
export function watchPolicy(page: Page) {
	page.on('response', (response) => {
		if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
			policies.set(page, response.headers()['content-security-policy'] ?? '')
	})
}

/**
 * The inline scripts of the page its CSP would not let run: neither carrying the document's nonce nor listed by
 * hash (a page every anonymous visitor shares names its scripts by hash, app/.server/http/script-hashes.ts). The page
 * must have been loaded after `watchPolicy`.
 */
export async function scriptsOutsidePolicy(page: Page) {
	const policy = policies.get(page)
	if (policy === undefined) throw new Error('watchPolicy(page) before loading it')
	return page.locator('script:not([src]):not([type="application/ld+json"])').evaluateAll(async (scripts, csp) => {
		const allowed = async (script: HTMLScriptElement) => {
			if (script.nonce && csp.includes(`'nonce-${script.nonce}'`)) return true
			const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script.textContent ?? ''))
			return csp.includes(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`)
		}
		const refused = await Promise.all(
			scripts.map(async (script) =>
				(await allowed(script as HTMLScriptElement)) ? null : script.outerHTML.slice(0, 200),
			),
		)
		return refused.filter((html) => html !== null)
	}, policy)
}
