import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { portalURL, rawRequest, siteURL } from '../support/urls'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

// Icons are references into one sprite (app/components/ui/icon.tsx) that every document carries at the start of
// its body (app/.server/http/html-stream.ts): each must land on a symbol of it and be drawn, hydration must leave the
// sprite in place (React did not render it), and no page fetches a sprite file.

test('every document carries the sprite right after its body start tag, before any icon', async () => {
	for (const url of [siteURL('/'), siteURL('/pagina-que-no-existe'), portalURL('/auth')]) {
		const { body } = await rawRequest(url)
		const sprite = /<body[^>]*>(<svg [^>]*style="display:none"[^>]*>.*?<\/svg>)/s.exec(body)?.[1] ?? ''
		expect(sprite, url).toContain('<symbol id="arrow-right"')
		expect(body.indexOf('<use href="#'), url).toBeGreaterThan(body.indexOf(sprite))
	}
})
