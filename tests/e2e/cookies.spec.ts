import { appSettled, expect, test } from '../support/e2e-test'
import { createAccount } from '../support/data'
import { signIn } from '../support/browser'

// What a page's scripts can read of the cookies (decision 009): the theme, never the session. Every cookie's flags,
// scope and lifetime are tests/http/cookies.test.ts's.

test('page scripts see the theme but never the session', async ({ page }) => {
	const account = await createAccount('galletas-script')
	await signIn(page, account.email)
	// The switch's script sets the cookie. Clicked before the page hydrates, it posts the no-JavaScript form instead,
	// and the page reloads under the check ('Execution context was destroyed', once in a full run here).
	await appSettled(page)
	await page.getByRole('button', { name: 'Claro' }).click()
	await expect.poll(() => page.evaluate(() => document.cookie)).toContain('kia-portal-theme=light')
	expect((await page.context().cookies()).map((cookie) => cookie.name)).toContainEqual(
		expect.stringMatching(/^sb-127-auth-token/),
	)
	expect(await page.evaluate(() => document.cookie)).not.toContain('sb-')
})
