import { createClient } from '@supabase/supabase-js'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { appSettled, expect, openApp, test } from '../support/e2e-test'
import { localAnonKey } from '../support/keys'
import { bookingDialogLoad, dialogBookingRoundTrip, slotRadio } from '../support/slot-picker'
import { uniqueEmail, uniqueSlot, type Slot } from '../support/unique'
import { portalURL, rawRequest, siteURL, supabaseURL } from '../support/urls'
import { createAccount, linkFrom, testPassword } from '../support/data'
import { followEmailLink, postAs, signIn } from '../support/browser'
import { waitForMail } from '../support/mail'
import { audit, axeFindings, followSystemTheme } from '../support/axe'
import { serviceClient, signedIn } from '../support/supabase'

// Every auth e-mail links to /auth/callback?token_hash=…: a visit shows a button and uses nothing (what a
// mail scanner or a link preview does); the button's POST uses the link, for the account it names only.

/** A client of Supabase's own, as another device or Supabase's dashboard would be: it sends the e-mails. */
const supabaseClient = () =>
	createClient(supabaseURL(), localAnonKey, {
		auth: { persistSession: false, autoRefreshToken: false },
	})

/** Our callback with `next`, as the app's forms give it to Supabase. */
const callback = (next: string) => portalURL(`/auth/callback?${new URLSearchParams({ next })}`)

/** The link of a new recovery e-mail (Auth mails one an account a minute: max_frequency). */
async function recoveryLink(email: string) {
	const sent = await supabaseClient().auth.resetPasswordForEmail(email, {
		redirectTo: callback('/auth/nueva-contrasena'),
	})
	if (sent.error) throw sent.error
	return linkFrom(await waitForMail(email, /Restablece/))
}

async function expectSignedInAs(page: Page, fullName: string) {
	await page.goto(portalURL('/dashboard'))
	await expect(page.getByRole('heading', { name: `Te damos la bienvenida, ${fullName}` })).toBeVisible()
}

const sessionCookie = /sb-[a-z0-9]+-auth-token/

test.describe('session tokens in the URL fragment', () => {
	/** A fragment as Supabase's implicit flow writes it, with a session of `email`'s. */
	async function fragmentOf(email: string) {
		const { session } = await signedIn(supabaseURL(), email, testPassword)
		const { access_token, refresh_token } = session
		return `#${new URLSearchParams({ access_token, refresh_token, token_type: 'bearer', type: '' })}`
	}

	test('a link with someone else’s tokens asks before switching, and switches only when agreed', async ({ page }) => {
		const current = await createAccount('fragmento-ana', 'Ana Actual')
		const other = await createAccount('fragmento-berta', 'Berta Otra')
		await signIn(page, current.email)
		// Not a flow this browser started: the tokens are refused, and the sign-in page sends the signed-in visitor
		// back to their dashboard, still theirs.
		await openApp(page, `${portalURL('/auth/callback')}${await fragmentOf(other.email)}`)
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expectSignedInAs(page, 'Ana Actual')

		// A recovery asked for here leaves this browser's PKCE verifier: a flow started here.
		const asked = await postAs(page, portalURL('/auth'), { intent: 'recover', email: current.email })
		const verifier = [asked.headers['set-cookie'] ?? []].flat().find((cookie) => /-code-verifier=/.test(cookie))
		const [name, value] = (verifier?.split(';')[0] ?? '').split(/=(.*)/s)
		await page.context().addCookies([{ name: name ?? '', value: value ?? '', url: portalURL('/') }])
		await openApp(page, `${portalURL('/auth/callback')}${await fragmentOf(other.email)}`)
		await expect(page.getByRole('heading', { name: 'Este enlace es de otra cuenta' })).toBeVisible()
		await expect(page.getByRole('definition')).toHaveText([current.email, other.email])
		await page.getByRole('button', { name: 'Cambiar de cuenta' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expectSignedInAs(page, 'Berta Otra')
	})
})

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

		await openApp(page, link)
		await expect(page.getByRole('heading', { name: 'Restablece tu contraseña' })).toBeVisible()
		await expect(page.getByText(`elegir una nueva contraseña para ${account.email}`)).toBeVisible()
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))

		// The same link again, pressed again: Supabase refuses it, the page says so in Spanish.
		await openApp(page, link)
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
		// Auth mails one recovery link an account a minute (max_frequency): the refused post spends a third's.
		const third = await createAccount('enlace-tercera', 'Carla Tercera')
		await signIn(page, current.email)
		// A post of the link without the switch agreed to (not what the page sends) changes nothing.
		const unasked = await recoveryLink(third.email)
		const refused = await postAs(page, unasked, Object.fromEntries(new URL(unasked).searchParams))
		expect(refused.status).toBe(400)
		expect(refused.body).toContain('No hemos usado este enlace')
		await expectSignedInAs(page, 'Ana Actual')

		const link = await recoveryLink(other.email)
		await openApp(page, link)
		await expect(page.getByRole('heading', { name: 'Este enlace es de otra cuenta' })).toBeVisible()
		await expect(page.getByRole('definition')).toHaveText([current.email, other.email])
		await expect(page.getByRole('term')).toHaveText(['Sesión iniciada', 'Enlace para'])
		await page.getByRole('link', { name: 'Seguir con mi sesión' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expectSignedInAs(page, 'Ana Actual')

		// Declining used nothing: the same link still works, once the switch is agreed to.
		await openApp(page, link)
		await page.getByRole('button', { name: 'Cambiar de cuenta' }).click()
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))
		await expectSignedInAs(page, 'Berta Ajena')
	})

	test('a link whose address was edited starts no session, and the one signed in stays', async ({ page, browser }) => {
		const current = await createAccount('enlace-victima', 'Víctor Víctima')
		const stranger = await createAccount('enlace-extrano', 'Esteban Extraño')
		// One recovery link an account a minute (max_frequency): the second forgery is of another stranger's link.
		const otherStranger = await createAccount('enlace-extrano-2', 'Elena Extraña')
		await signIn(page, current.email)
		// The stranger's own link, edited to name the signed-in account so that the page would not ask.
		const strangersLink = await recoveryLink(stranger.email)
		const forged = new URL(strangersLink)
		forged.searchParams.set('email', current.email)
		await openApp(page, forged.href)
		await expect(page.getByRole('heading', { name: 'Restablece tu contraseña' })).toBeVisible()
		await page.getByRole('button', { name: 'Elegir una nueva contraseña' }).click()
		await expect(page.getByRole('heading', { name: 'No hemos usado este enlace' })).toBeVisible()
		await expect(page.getByRole('alert')).toContainText('no era de la cuenta que indicaba')
		await expectSignedInAs(page, 'Víctor Víctima')

		// Signed out, a link naming someone else signs nobody in either.
		const signedOut = await browser.newContext()
		const visitor = await signedOut.newPage()
		const renamed = new URL(await recoveryLink(otherStranger.email))
		renamed.searchParams.set('email', uniqueEmail('enlace-nadie'))
		await openApp(visitor, renamed.href)
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
		await followSystemTheme(page.context())
		const { found, open, check } = audit(page)
		for (const state of ['plain', 'switch']) {
			if (state === 'switch') await signIn(page, current.email)
			await open(link)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(
				state === 'plain' ? 'Restablece tu contraseña' : 'Este enlace es de otra cuenta',
			)
			await check(state)
		}
		expect(found).toEqual([])
	})
})

test.describe('each auth e-mail lands on the page and works', () => {
	test('sign-up confirmation, in a browser other than the one that signed up', async ({ page }) => {
		const email = uniqueEmail('enlace-alta')
		const signUp = await supabaseClient().auth.signUp({
			email,
			password: testPassword,
			options: { data: { full_name: 'Clara Alta' }, emailRedirectTo: callback('/dashboard/reuniones') },
		})
		expect(signUp.error).toBeNull()
		await openApp(page, linkFrom(await waitForMail(email, /Confirma tu cuenta/)))
		await expect(page.getByRole('heading', { name: 'Confirma tu cuenta' })).toBeVisible()
		await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await expect(page.getByRole('heading', { name: 'Cuenta confirmada' })).toBeVisible()
		await page.getByRole('link', { name: 'Iniciar sesión' }).click()
		await page.locator('#signin').getByLabel('Contraseña').fill(testPassword)
		await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard/reuniones'))
	})

	// The link carries the address: '+' in it is %2B in the link, which the browser keeps as written while the
	// server's router re-encodes it, so a form action taken from the location differed between the two (a
	// hydration mismatch React reports and repairs by rendering the page again).
	test('a sign-up confirmation for an address with a plus hydrates as it was served', async ({ page }) => {
		const email = uniqueEmail('enlace-alta').replace('@', '+etiqueta@')
		const signUp = await supabaseClient().auth.signUp({
			email,
			password: testPassword,
			options: { data: { full_name: 'Clara Etiqueta' }, emailRedirectTo: callback('/dashboard') },
		})
		expect(signUp.error).toBeNull()
		const errors: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text())
		})
		page.on('pageerror', (error) => errors.push(error.message))
		await openApp(page, linkFrom(await waitForMail(email, /Confirma tu cuenta/)))
		await expect(page.getByRole('heading', { name: 'Confirma tu cuenta' })).toBeVisible()
		expect(errors).toEqual([])
		await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await expect(page.getByRole('heading', { name: 'Cuenta confirmada' })).toBeVisible()
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
		await openApp(page, await recoveryLink(account.email))
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
		await openApp(page, linkFrom(mail))
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
		const { client: owner } = await signedIn(supabaseURL(), account.email, account.password)
		const requested = await owner.auth.updateUser({ email: newEmail }, { emailRedirectTo: callback('/dashboard') })
		expect(requested.error).toBeNull()

		await openApp(page, linkFrom(await waitForMail(account.email, /Confirma tu nuevo email/)))
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

// The booking draft: a signed-out visitor's booking goes through sign-up, the confirmation
// e-mail and back. The browser that signed up comes back signed in, to the booking as entered, with one
// toast; any other browser (another device) gets the account confirmed and an invitation to sign in.

const consentCookie = {
	name: 'kia-consent',
	value: encodeURIComponent('{"necessary":true,"analytics":false,"marketing":false}'),
}

/** The toasts sonner holds, shown or queued: stacked ones count too. */
const toastsOf = (page: Page) => page.locator('section[aria-label^="Notificaciones"] li[data-sonner-toast]')

type Visitor = { name: string; email: string; slot: Slot; motivo: string }

function newVisitor(label: string, name: string, motivo: string): Visitor {
	return { name, email: uniqueEmail(label), slot: uniqueSlot(), motivo }
}

/** Fills the booking form (the page's or its dialog's) as a signed-out visitor and sends it. */
async function book(scope: Page | Locator, visitor: Visitor) {
	await scope.getByLabel('Nombre').fill(visitor.name)
	await scope.getByLabel('Email').fill(visitor.email)
	await slotRadio(scope, visitor.slot).check()
	await scope.getByLabel('Motivo de la reunión').fill(visitor.motivo)
	await scope.getByRole('button', { name: 'Reservar demostración' }).click()
}

/** The booking draft's sign-up page, filled in from the booking: only the password is left. */
async function signUpFromHandOff(page: Page) {
	await page.waitForURL(/\/auth\?tab=signup/)
	await page.locator('#signup').getByLabel('Contraseña').fill(testPassword)
	await page.locator('#signup').getByRole('button', { name: 'Crear cuenta' }).click()
	await page.waitForURL(/\/auth\?tab=signin/)
}

async function expectBookingAsEntered(scope: Page | Locator, visitor: Visitor) {
	await expect(slotRadio(scope, visitor.slot)).toBeChecked({ timeout: 30_000 })
	// Signed in now: the account's name and e-mail are the booking's, not asked for again.
	await expect(scope.getByLabel('Nombre')).toHaveCount(0)
	await expect(scope.getByLabel('Motivo de la reunión')).toHaveValue(visitor.motivo)
}

async function expectBooked(page: Page, visitor: Visitor) {
	await expect(page.getByRole('status').filter({ hasText: '¡Cita confirmada!' })).toBeVisible(dialogBookingRoundTrip)
	const { data } = await serviceClient()
		.from('reservas')
		.select('fecha, hora, motivo, status')
		.eq('email', visitor.email)
	expect(data).toEqual([
		{ ...visitor.slot, hora: `${visitor.slot.hora}:00`, motivo: visitor.motivo, status: 'confirmada' },
	])
}

const sessionCookiesOf = async (context: BrowserContext) =>
	(await context.cookies()).filter((cookie) => sessionCookie.test(cookie.name) && !cookie.name.includes('verifier'))

test.describe('back from confirming the account of a booking draft', () => {
	test('in a fresh tab: signed in, the booking as entered one click away, and one toast', async ({ page }) => {
		const visitor = newVisitor('alta-reserva', 'Rita Regreso', 'Quiero ver los recordatorios fiscales')
		await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		await book(page.getByRole('main'), visitor)
		await signUpFromHandOff(page)

		const tab = await page.context().newPage()
		await openApp(tab, linkFrom(await waitForMail(visitor.email, /Confirma tu cuenta/)))
		await expect(tab.getByRole('heading', { name: 'Confirma tu cuenta' })).toBeVisible()
		await expect(tab.getByText(`confirmar tu cuenta de KIA (${visitor.email})`)).toBeVisible()
		await tab.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await tab.waitForURL(siteURL('/solicitar-demostracion-kia'))
		await appSettled(tab)
		const toast = toastsOf(tab).filter({ hasText: 'Cuenta confirmada' })
		await expect(toast).toContainText('Ya puedes confirmar tu demostración')
		await expect(toastsOf(tab)).toHaveCount(1)
		await expectBookingAsEntered(tab.getByRole('main'), visitor)
		await tab.getByRole('button', { name: 'Reservar demostración' }).click()
		await expectBooked(tab, visitor)
	})

	test('from a plan page, in the same tab: its dialog open again with the slot and the reason, one toast', async ({
		page,
	}) => {
		const visitor = newVisitor('alta-plan', 'Pablo Plan', 'El plan Starter para mi despacho')
		await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
		await openApp(page, siteURL('/tarifas/starter'))
		await page.getByRole('button', { name: 'Reservar reunión' }).click()
		const dialog = page.getByRole('dialog', { name: 'Reserva una demostración gratuita' })
		await expect(dialog.getByLabel('Nombre')).toBeVisible(bookingDialogLoad)
		await book(dialog, visitor)
		await signUpFromHandOff(page)

		await followEmailLink(page, await waitForMail(visitor.email, /Confirma tu cuenta/), 'Confirmar mi cuenta')
		await page.waitForURL(siteURL('/tarifas/starter?reservar=1'))
		await appSettled(page)
		await expect(toastsOf(page)).toHaveText([/Cuenta confirmada.*Ya puedes confirmar tu demostración/])
		const reopened = page.getByRole('dialog', { name: 'Reserva una demostración gratuita' })
		await expectBookingAsEntered(reopened, visitor)
		await reopened.getByRole('button', { name: 'Reservar demostración' }).click()
		await expectBooked(page, visitor)
	})

	test('without JavaScript: one static toast, the slot still chosen, one click from booking', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		await context.addCookies([{ ...consentCookie, url: siteURL('/') }])
		const page = await context.newPage()
		const visitor = newVisitor('alta-sin-js', 'Nora Sin Script', 'Probar sin JavaScript')
		await page.goto(siteURL('/solicitar-demostracion-kia'))
		await book(page.getByRole('main'), visitor)
		await signUpFromHandOff(page)
		// Signed up: the one notice is the spec's, no longer 'Crea una cuenta para continuar'.
		await expect(page.getByRole('status')).toHaveText([/^¡Registro completado!/])
		await expect(page.locator('#signin').getByLabel('Email')).toHaveValue(visitor.email)

		await page.goto(linkFrom(await waitForMail(visitor.email, /Confirma tu cuenta/)))
		await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await expect(page).toHaveURL(siteURL('/solicitar-demostracion-kia'))
		// Playwright's text matching skips <noscript>, where the static toast is: read it by its element.
		await expect(page.locator('[data-toast]')).toHaveText([
			'Cuenta confirmadaYa puedes confirmar tu demostración: revisa el día y la hora y pulsa «Reservar demostración».',
		])
		await expectBookingAsEntered(page.getByRole('main'), visitor)
		await page.getByRole('button', { name: 'Reservar demostración' }).click()
		await expectBooked(page, visitor)
		await context.close()
	})
})

test.describe('a sign-up confirmed on another device', () => {
	test('is confirmed there without a session, invites to sign in, and the first device goes back to the booking', async ({
		page,
		browser,
	}) => {
		const visitor = newVisitor('alta-otro', 'Olga Otro Dispositivo', 'Reservé en el portátil')
		await page.context().addCookies([{ ...consentCookie, url: siteURL('/') }])
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
		await book(page.getByRole('main'), visitor)
		await signUpFromHandOff(page)
		const link = linkFrom(await waitForMail(visitor.email, /Confirma tu cuenta/))

		// The phone: no cookie of the laptop's, light theme.
		const phone = await browser.newContext()
		await phone.addCookies([{ name: 'kia-portal-theme', value: 'light', url: portalURL('/') }])
		const other = await phone.newPage()
		await openApp(other, link)
		await other.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await expect(other.getByRole('heading', { name: 'Cuenta confirmada' })).toBeVisible()
		await expect(
			other.getByRole('status').filter({ hasText: `Hemos confirmado tu cuenta ${visitor.email}.` }),
		).toBeVisible()
		await expect(other.getByText('Si estabas reservando una demostración en otro dispositivo')).toBeVisible()
		expect(await sessionCookiesOf(phone)).toEqual([])
		expect(await axeFindings(other)).toEqual([])
		await other.getByRole('link', { name: 'Iniciar sesión' }).click()
		await expect(other.locator('#signin').getByLabel('Email')).toHaveValue(visitor.email)
		await phone.close()

		// The laptop's sign-in page, left open after signing up, goes back to the booking as entered.
		await expect(page.locator('#signin').getByLabel('Email')).toHaveValue(visitor.email)
		await page.locator('#signin').getByLabel('Contraseña').fill(testPassword)
		await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
		await page.waitForURL(siteURL('/solicitar-demostracion-kia'))
		await expectBookingAsEntered(page.getByRole('main'), visitor)
		await page.getByRole('button', { name: 'Reservar demostración' }).click()
		await expectBooked(page, visitor)
	})

	test('without JavaScript too; the same link again says it was used and still invites to sign in', async ({
		page,
		browser,
	}) => {
		const email = uniqueEmail('alta-usado')
		await openApp(page, portalURL('/auth?tab=signup'))
		const form = page.locator('#signup')
		await form.getByLabel('Nombre completo').fill('Úrsula Usado')
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Contraseña').fill(testPassword)
		await form.getByRole('button', { name: 'Crear cuenta' }).click()
		await page.waitForURL(/\/auth\?tab=signin/)
		const link = linkFrom(await waitForMail(email, /Confirma tu cuenta/))

		const scriptless = await browser.newContext({ javaScriptEnabled: false })
		const other = await scriptless.newPage()
		await other.goto(link)
		await other.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await expect(other.getByRole('heading', { name: 'Cuenta confirmada' })).toBeVisible()
		expect(await sessionCookiesOf(scriptless)).toEqual([])
		await scriptless.close()

		// Used already: in the browser that signed up too, the page says so and offers to sign in.
		await openApp(page, link)
		await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click()
		await expect(page.getByRole('heading', { name: 'Este enlace ya no sirve' })).toBeVisible()
		await expect(page.getByRole('alert')).toHaveText(
			'El enlace ya se ha usado o ha caducado. Si ya has confirmado tu cuenta, inicia sesión con tu email y tu contraseña.',
		)
		expect(await axeFindings(page)).toEqual([])
		await page.getByRole('link', { name: 'Iniciar sesión' }).click()
		await page.locator('#signin').getByLabel('Contraseña').fill(testPassword)
		await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
		await page.waitForURL(portalURL('/dashboard'))
		await expect(page.getByRole('heading', { name: 'Te damos la bienvenida, Úrsula Usado' })).toBeVisible()
	})
})
