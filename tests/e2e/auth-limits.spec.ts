import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../support/e2e-test'
import { uniqueAddress, uniqueEmail } from '../support/unique'
import { authLimitCopy, formPost, statusesOf } from '../support/form-posts'
import { portalURL } from '../support/urls'
import { createAccount, testPassword } from '../support/data'
import { submitSignIn } from '../support/browser'

// Our own limits on auth attempts (app/.server/security/rate-limit.ts authRateLimits: hosted Supabase Auth sees only
// this server's address), per visitor address and per e-mail, each shown at its edge through the real forms.

/** The auth page's form post, as a visitor at `address` sends it from the page. */
const postAuth = (fields: Record<string, string>, address: string) => formPost(portalURL('/auth'), fields, address)
const wrongPassword = 'El email o la contraseña no son correctos.'

async function submitRecovery(page: Page, email: string) {
	await openApp(page, portalURL('/auth'))
	await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click()
	const dialog = page.getByRole('dialog', { name: 'Recupera tu contraseña' })
	await dialog.getByLabel('Email').fill(email)
	await dialog.getByRole('button', { name: 'Enviar enlace' }).click()
}

test('sign-in takes 5 attempts per e-mail in 10 minutes from any addresses, then refuses even the right password (no JavaScript)', async ({
	browser,
}) => {
	const account = await createAccount('entra-limite')
	const guess = () => postAuth({ intent: 'signin', email: account.email, password: 'incorrecta' }, uniqueAddress())
	expect(await statusesOf(4, guess)).toEqual(Array(4).fill(400))
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto(portalURL('/auth'))
	await submitSignIn(page, account.email, 'incorrecta')
	await expect(page.getByRole('alert').filter({ hasText: wrongPassword })).toBeVisible()
	await submitSignIn(page, account.email, testPassword)
	await expect(page.getByRole('alert').filter({ hasText: authLimitCopy.signin })).toBeVisible()
	expect(new URL(page.url()).pathname).toBe('/auth')
	// Another e-mail, from this same visitor, is not held back.
	const other = await createAccount('entra-limite-otra')
	await submitSignIn(page, other.email, testPassword)
	await page.waitForURL(portalURL('/dashboard'))
	await context.close()
})

test('sign-up takes 5 attempts from one address and 3 per e-mail in 10 minutes, then says to wait', async ({
	page,
	visitorAddress,
}) => {
	const signUp = (email: string, address: string) =>
		postAuth({ intent: 'signup', fullName: 'Persona Nueva', email, password: testPassword }, address)
	expect(await statusesOf(5, () => signUp(uniqueEmail('alta'), visitorAddress))).toEqual(Array(5).fill(302))
	await openApp(page, portalURL('/auth?tab=signup'))
	await page.getByLabel('Nombre completo').fill('Persona Nueva')
	await page.getByLabel('Email').fill(uniqueEmail('alta'))
	await page.getByLabel('Contraseña').fill(testPassword)
	await page.getByRole('button', { name: 'Crear cuenta' }).click()
	await expect(page.getByRole('alert').filter({ hasText: authLimitCopy.signup })).toBeVisible()
	await expect(page.getByText('Error en el registro')).toBeVisible()

	// Signing up again is how an unconfirmed address gets its confirmation again: 3 per e-mail, whatever the address.
	const email = uniqueEmail('alta-repetida')
	expect(await statusesOf(3, () => signUp(email, uniqueAddress()))).toEqual(Array(3).fill(302))
	const refused = await signUp(email, uniqueAddress())
	expect(refused.status).toBe(429)
	expect(refused.body).toContain(authLimitCopy.signup)
	// Another e-mail from another address is not held back.
	expect((await signUp(uniqueEmail('alta'), uniqueAddress())).status).toBe(302)
})

test('password recovery takes 3 requests per e-mail in 10 minutes from any addresses, then says to wait', async ({
	page,
}) => {
	const account = await createAccount('olvido-limite')
	const recover = () => postAuth({ intent: 'recover', email: account.email }, uniqueAddress())
	expect(await statusesOf(3, recover)).toEqual(Array(3).fill(302))
	await submitRecovery(page, account.email)
	await expect(page.getByText(authLimitCopy.recover)).toBeVisible()
	// Another e-mail from this same visitor is not held back.
	await submitRecovery(page, uniqueEmail('olvido-otra'))
	await expect(page.getByText('Correo enviado')).toBeVisible()
})
