import { useSession } from '../support/browser'
import { createAccount } from '../support/data'
import { expect, test } from '../support/e2e-test'
import { sessionCookie } from '../support/hostile-input'
import { portalURL } from '../support/urls'

// What Chromium does with a redirect target the server resolves (issue 51, finding 1): the HTTP answers to
// every payload are tests/http/open-redirects.test.ts's; this is the browser following one.

test('a signed-in visitor whose redirectTo has dot segments before `//` stays in the portal, in Chromium', async ({
	page,
}) => {
	const user = await createAccount('redirige-navegador')
	await useSession(page.context(), await sessionCookie(user.email))
	for (const payload of [
		'/.//evil.test/phish',
		'/..//evil.test/phish',
		'/%2e//evil.test/phish',
		'/a/..//evil.test/phish',
	]) {
		await page.goto(portalURL(`/auth?${new URLSearchParams({ redirectTo: payload })}`))
		const landed = new URL(page.url())
		expect(landed.origin, payload).toBe(new URL(portalURL()).origin)
		expect(landed.pathname, payload).toBe('/dashboard')
	}
})
