import AxeBuilder from '@axe-core/playwright'
import { createClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import ws from 'ws'
import {
	createAccount,
	followEmailLink,
	linkFrom,
	postAs,
	serviceClient,
	signIn,
	testPassword,
	waitForMail,
} from '../support/e2e-data'
import { appPage, expect, test } from '../support/e2e-test'
import { localAnonKey } from '../support/keys'
import { uniqueEmail } from '../support/unique'
import { portalURL, rawRequest } from '../support/urls'

// Every auth e-mail links to /auth/callback?token_hash=…: a visit shows a button and uses nothing (what a
// mail scanner or a link preview does); the button's POST uses the link, for the account it names only.

/** A client of Supabase's own, as another device or Supabase's dashboard would be: it sends the e-mails. */
const supabaseClient = () =>
	createClient(process.env.E2E_SUPABASE_URL ?? '', localAnonKey, {
		auth: { persistSession: false, autoRefreshToken: false },
		realtime: { transport: ws as never },
	})

/** Our callback with `next`, as the app's forms give it to Supabase. */
const callback = (next: string) => portalURL(`/auth/callback?${new URLSearchParams({ next })}`)

/** The link of a new recovery e-mail; `previous`, the link of one sent before, which the new one replaces. */
async function recoveryLink(email: string, previous?: string) {
	const sent = await supabaseClient().auth.resetPasswordForEmail(email, {
		redirectTo: callback('/auth/nueva-contrasena'),
	})
	if (sent.error) throw sent.error
	let link = ''
	await expect.poll(async () => (link = linkFrom(await waitForMail(email, /Restablece/)))).not.toBe(previous)
	return link
}

async function expectSignedInAs(page: Page, fullName: string) {
	await page.goto(portalURL('/dashboard'))
	await expect(page.getByRole('heading', { name: `Bienvenida, ${fullName}` })).toBeVisible()
}

const sessionCookie = /sb-[a-z0-9]+-auth-token/

test.describe('e-mail links', () => {
	test('a visit, what a mail scanner makes, uses nothing; the button uses the link, once', async ({ page }) => {
		const account = await createAccount('enlace-escaner', 'Sara Escáner')
		const link = await recoveryLink(account.email)
		for (const visit of [1, 2]) {
			const scanned = await rawRequest(link)
			expect(scanned.status, `visit ${visit}`).toBe(200)
			expect(scanned.body).toContain('Elegir una nueva contraseña')
			expect(String(scanned.headers['set-cookie'] ?? '')).not.toMatch(sessionCookie)
		}

		await page.goto(link, { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Restablece tu contraseña' })).toBeVisible()
		await expect(page.getByText(`elegir una nueva contraseña para ${account.email}`)).toBeVisible()
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))

		// The same link again, pressed again: Supabase refuses it, the page says so in Spanish.
		await page.goto(link, { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page.getByRole('heading', { name: 'Este enlace ya no sirve' })).toBeVisible()
		await expect(page.getByRole('alert')).toHaveText(
			'El enlace ya se ha usado o ha caducado. Pide uno nuevo desde la página de acceso.',
		)
		await expect(page.getByRole('link', { name: 'Ir a la página de acceso' })).toHaveAttribute('href', '/auth')
	})

	test('with another account signed in, the page names both and asks; declining keeps the session', async ({
		page,
	}) => {
		const current = await createAccount('enlace-actual', 'Ana Actual')
		const other = await createAccount('enlace-ajena', 'Berta Ajena')
		await signIn(page, current.email)
		// A post of the link without the switch agreed to (not what the page sends) changes nothing.
		const unasked = await recoveryLink(other.email)
		const refused = await postAs(page, unasked, Object.fromEntries(new URL(unasked).searchParams))
		expect(refused.status).toBe(400)
		expect(refused.body).toContain('No hemos usado este enlace')
		await expectSignedInAs(page, 'Ana Actual')

		const link = await recoveryLink(other.email, unasked)
		await page.goto(link, { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Este enlace es de otra cuenta' })).toBeVisible()
		await expect(page.getByRole('definition')).toHaveText([current.email, other.email])
		await expect(page.getByRole('term')).toHaveText(['Sesión iniciada', 'Enlace para'])
		await page.getByRole('link', { name: 'Seguir con mi sesión' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expectSignedInAs(page, 'Ana Actual')

		// Declining used nothing: the same link still works, once the switch is agreed to.
		await page.goto(link, { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Cambiar de cuenta' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))
		await expectSignedInAs(page, 'Berta Ajena')
	})

	test('a link whose address was edited starts no session, and the one signed in stays', async ({ page, browser }) => {
		const current = await createAccount('enlace-victima', 'Víctor Víctima')
		const stranger = await createAccount('enlace-extrano', 'Esteban Extraño')
		await signIn(page, current.email)
		// The stranger's own link, edited to name the signed-in account so that the page would not ask.
		const strangersLink = await recoveryLink(stranger.email)
		const forged = new URL(strangersLink)
		forged.searchParams.set('email', current.email)
		await page.goto(forged.href, { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Restablece tu contraseña' })).toBeVisible()
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page.getByRole('heading', { name: 'No hemos usado este enlace' })).toBeVisible()
		await expect(page.getByRole('alert')).toContainText('no era de la cuenta que indicaba')
		await expectSignedInAs(page, 'Víctor Víctima')

		// Signed out, a link naming someone else signs nobody in either.
		const signedOut = await browser.newContext()
		const visitor = appPage(await signedOut.newPage())
		const renamed = new URL(await recoveryLink(stranger.email, strangersLink))
		renamed.searchParams.set('email', uniqueEmail('enlace-nadie'))
		await visitor.goto(renamed.href, { waitUntil: 'networkidle' })
		await visitor.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(visitor.getByRole('heading', { name: 'No hemos usado este enlace' })).toBeVisible()
		expect((await signedOut.cookies()).filter((cookie) => sessionCookie.test(cookie.name))).toEqual([])
		await signedOut.close()
	})

	test('without JavaScript the button is a plain form post', async ({ browser }) => {
		const account = await createAccount('enlace-sin-js', 'Nuria Sin Script')
		const link = await recoveryLink(account.email)
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(link)
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))
		await expect(page.getByRole('heading', { name: 'Elige una nueva contraseña' })).toBeVisible()
		await page.goto(link)
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page.getByRole('heading', { name: 'Este enlace ya no sirve' })).toBeVisible()
		await context.close()
	})

	test('axe finds nothing on the page, plain or asking to switch, in either theme', async ({ page }) => {
		const current = await createAccount('enlace-axe', 'Alba Axe')
		const other = await createAccount('enlace-axe-otra', 'Olga Axe')
		const link = await recoveryLink(other.email)
		const violations: string[] = []
		for (const theme of ['light', 'dark']) {
			await page.context().addCookies([{ name: 'kia-portal-theme', value: theme, url: portalURL('/') }])
			for (const state of ['plain', 'switch']) {
				if (state === 'switch') await signIn(page, current.email)
				else await page.context().clearCookies({ name: sessionCookie })
				await page.goto(link, { waitUntil: 'networkidle' })
				await expect(page.getByRole('heading', { level: 1 })).toHaveText(
					state === 'plain' ? 'Restablece tu contraseña' : 'Este enlace es de otra cuenta',
				)
				const results = await new AxeBuilder({ page }).analyze()
				violations.push(...results.violations.map((violation) => `${theme} ${state}: ${violation.id}`))
			}
		}
		expect(violations).toEqual([])
	})
})

test.describe('each auth e-mail lands on the page and works', () => {
	test('sign-up confirmation', async ({ page }) => {
		const email = uniqueEmail('enlace-alta')
		const signUp = await supabaseClient().auth.signUp({
			email,
			password: testPassword,
			options: { data: { full_name: 'Clara Alta' }, emailRedirectTo: callback('/dashboard/reuniones') },
		})
		expect(signUp.error).toBeNull()
		await page.goto(linkFrom(await waitForMail(email, /Confirma tu cuenta/)), { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Accede a tu panel' })).toBeVisible()
		await page.getByRole('button', { name: 'Acceder a mi panel' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard/reuniones'))
	})

	test('magic link', async ({ page }) => {
		const account = await createAccount('enlace-magia', 'Marta Magia')
		const sent = await supabaseClient().auth.signInWithOtp({
			email: account.email,
			options: { emailRedirectTo: callback('/dashboard/cuenta'), shouldCreateUser: false },
		})
		expect(sent.error).toBeNull()
		await followEmailLink(page, await waitForMail(account.email, /Tu enlace de acceso/), 'Acceder a mi panel')
		await expect(page).toHaveURL(portalURL('/dashboard/cuenta'))
		await expectSignedInAs(page, 'Marta Magia')
	})

	test('password recovery', async ({ page }) => {
		const account = await createAccount('enlace-olvido', 'Rosa Olvido')
		await page.goto(await recoveryLink(account.email), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))
	})

	test('invitation, then choosing a password', async ({ page }) => {
		const email = uniqueEmail('enlace-invitada')
		const invited = await serviceClient().auth.admin.inviteUserByEmail(email, {
			redirectTo: callback('/dashboard'),
			data: { full_name: 'Inés Invitada' },
		})
		expect(invited.error).toBeNull()
		const mail = await waitForMail(email, /Te han invitado/)
		await page.goto(linkFrom(mail), { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Acepta la invitación' })).toBeVisible()
		await page.getByRole('button', { name: 'Aceptar la invitación' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))
		await page.getByLabel('Nueva contraseña').fill('clave-de-invitada')
		await page.getByLabel('Repite la contraseña').fill('clave-de-invitada')
		await page.getByRole('button', { name: 'Guardar contraseña' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await page.context().clearCookies()
		await signIn(page, email, 'clave-de-invitada')
	})

	test('e-mail change: a link to each address, both pressed', async ({ page }) => {
		const account = await createAccount('enlace-cambio', 'Carmen Cambio')
		const newEmail = uniqueEmail('enlace-cambiado')
		const owner = supabaseClient()
		const signedIn = await owner.auth.signInWithPassword({ email: account.email, password: account.password })
		expect(signedIn.error).toBeNull()
		const requested = await owner.auth.updateUser({ email: newEmail }, { emailRedirectTo: callback('/dashboard') })
		expect(requested.error).toBeNull()

		await page.goto(linkFrom(await waitForMail(account.email, /Confirma tu nuevo email/)), { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Confirma tu nuevo email' })).toBeVisible()
		await expect(page.getByText(`de ${account.email} a ${newEmail}`)).toBeVisible()
		await page.getByRole('button', { name: 'Confirmar el cambio' }).click()
		await expect(page.getByRole('heading', { name: 'Falta un paso' })).toBeVisible()

		await followEmailLink(page, await waitForMail(newEmail, /Confirma tu nuevo email/), 'Confirmar el cambio')
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expect(page.getByText('Email actualizado correctamente')).toBeVisible()
		const { data } = await serviceClient().auth.admin.getUserById(account.id)
		expect(data.user?.email).toBe(newEmail)
	})
})
