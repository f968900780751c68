import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { capabilityPath } from '../../app/lib/capability-ids'
import { subscribe } from '../support/billing'
import { bookingDialogLoad, slotRadio } from '../support/slot-picker'
import { expect, test } from '../support/e2e-test'
import { uniqueEmail, uniqueSlot, type Slot } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createMeeting, createSupportRequest, testPassword } from '../support/data'
import { cookieHeader, signIn, acceptCookies } from '../support/browser'
import { serviceClient } from '../support/supabase'

/**
 * DESIGN §6: axe finds nothing on any route of either host, in either theme,
 * including the states a page can be put in (banner, dialogs, menus, toasts).
 * One test per (host, role, theme) walks its routes, so the suite stays fast.
 */

const themes = ['dark', 'light'] as const
type Theme = (typeof themes)[number]

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 720 }

const sitePages = [
	'/',
	'/contacto',
	'/blog',
	'/blog/verifactu-que-cambia-y-como-prepararte',
	'/blog/no-existe',
	'/tarifas',
	'/tarifas/starter',
	'/tarifas/business',
	'/tarifas/enterprise',
	'/como-funciona',
	'/proyectos',
	'/sobre-kia',
	'/politica-privacidad',
	'/politica-cookies',
	'/terminos-contratacion',
	'/webapp-incluida',
	'/logotipo',
	'/invertir',
	'/sostenibilidad',
	'/solicitar-demostracion-kia',
	'/boletin/confirmar?token=enlace-de-prueba',
	'/boletin/baja',
	'/no-existe',
	'/__test/error',
]

/**
 * Apart from sitePages, so each list stays short enough to walk on a loaded machine: the index, and
 * a page of each kind of example (a WebApp chat with the VERIFACTU section, a WhatsApp chat, e-mails).
 */
const capabilityPages = [
	'/funcionalidades',
	...(['facturas', 'atencion-whatsapp', 'respuestas-correo'] as const).map(capabilityPath),
]

const toastTypes = ['success', 'info', 'warning', 'error', 'loading'] as const

/** The theme is a cookie per host (app/.server/theme.ts), so the server paints the chosen one. */
async function chooseTheme(context: BrowserContext, theme: Theme) {
	await context.addCookies([
		{ name: 'kia-theme', value: theme, url: siteURL('/') },
		{ name: 'kia-portal-theme', value: theme, url: portalURL('/') },
	])
}

/** Collects every violation on the way, so one run lists them all rather than the first. */
function audit(page: Page) {
	const found: string[] = []
	async function check(label: string, within?: string) {
		const builder = new AxeBuilder({ page })
		// A toast is checked by checkToast alone, once settled: on a long page it may start to fade
		// (and fail colour contrast) while axe is still scanning the rest.
		if (within) builder.include(within)
		else builder.exclude('[data-sonner-toaster]')
		const results = await builder.analyze()
		for (const violation of results.violations) {
			found.push(`${label}: ${violation.id} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
		}
	}
	/** Hydrated, so what is checked is what a visitor gets, dialogs and menus included. */
	async function open(url: string) {
		await page.goto(url, { waitUntil: 'networkidle' })
	}
	async function visit(url: string) {
		await open(url)
		await check(url.replace(/^http:\/\/[^/]+/, `${new URL(url).hostname.split('.')[0]}:`))
	}
	return { found, check, open, visit }
}

type Check = (label: string, within?: string) => Promise<void>

/**
 * Sonner slides a toast in and removes it after 4-5 s, sooner than axe gets
 * through a long page; so the toaster alone is checked, once the toast has settled
 * (the page under it has been checked on its own).
 */
async function checkToast(page: Page, check: Check, label: string) {
	const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first()
	await expect(toast).toBeVisible()
	// Sonner keeps a toast while the pointer rests on it: on a busy machine axe's own start-up outlasted the
	// toast's 4 s, and the toaster it was told to scan was gone ('No elements found for include').
	await toast.hover()
	await transitionsDone(page.locator('[data-sonner-toaster]'))
	await check(label, '[data-sonner-toaster]')
}

/** Until the element's transitions and animations have run: colours checked halfway through a fade are not the ones people read. */
async function transitionsDone(element: Locator) {
	await element.evaluate(async (root) => {
		// A loading toast's spinner turns for ever: only what ends is waited for (a removed toast's cancelled fade ends too).
		const ending = root
			.getAnimations({ subtree: true })
			.filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
		await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)))
	})
}

/** Every toast type the app uses (SPEC §4), through the test route that queues one across a redirect. */
async function checkToasts(page: Page, check: Check, host: 'site' | 'portal') {
	for (const type of toastTypes) {
		const url =
			host === 'site' ? siteURL(`/__test/toast?type=${type}`) : portalURL(`/__test/toast?type=${type}&to=auth`)
		await page.goto(url, { waitUntil: 'networkidle' })
		await checkToast(page, check, `${host} toast ${type}`)
	}
}

// Tests that make hundreds of round trips to the page: twenty-odd axe scans (one scan took 2-17 s on a two-core
// machine running two suites at once), or a walk of some 300 Tab stops (2.3 min on a machine whose cores another
// process kept busy, where 120 s ran out). The budget bounds a hang, not a slow machine.
const longTestBudget = 300_000

for (const theme of themes) {
	test.describe(`axe (${theme})`, () => {
		test.beforeEach(async ({ context }) => {
			await chooseTheme(context, theme)
		})

		// Split in two so neither runs long on a loaded two-core machine.
		test('site, signed out: every page', async ({ page, context }) => {
			test.setTimeout(longTestBudget)
			const { found, visit } = audit(page)
			await acceptCookies(context)
			for (const path of sitePages) await visit(siteURL(path))
			expect(found).toEqual([])
		})

		test('site, signed out: the capability pages and their examples', async ({ page, context }) => {
			test.setTimeout(longTestBudget)
			const { found, visit } = audit(page)
			await acceptCookies(context)
			for (const path of capabilityPages) await visit(siteURL(path))
			expect(found).toEqual([])
		})

		test('site, signed out: open states (cookie banner and preferences, dialogs, chat, mobile menu, toasts)', async ({
			page,
			context,
		}) => {
			test.setTimeout(longTestBudget)
			const { found, check, open, visit } = audit(page)

			await open(siteURL('/'))
			await expect(page.getByRole('region', { name: /cookies/i })).toBeVisible()
			await check('cookie banner')
			await page.getByRole('button', { name: 'Personalizar' }).click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await check('cookie preferences dialog')
			await acceptCookies(context)

			await open(siteURL('/tarifas/business'))
			await page.getByRole('button', { name: 'Reservar reunión' }).click()
			await expect(page.getByRole('dialog').getByRole('group', { name: 'Día y hora' })).toBeVisible(bookingDialogLoad)
			await check('booking dialog')

			await open(siteURL('/'))
			await page.getByRole('button', { name: 'Abrir chat con KIA' }).click()
			await expect(page.getByRole('region', { name: 'KIA Asistente Inteligente' })).toBeVisible()
			await check('chat open')

			await page.setViewportSize(phone)
			await visit(siteURL('/'))
			await page.getByRole('button', { name: 'Abrir menú' }).click()
			await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible()
			await check('site mobile menu')
			await page.setViewportSize(desktop)

			await checkToasts(page, check, 'site')
			expect(found).toEqual([])
		})

		test('the subscription page with a plan, invoices, its cancel question and dialog', async ({ page }) => {
			const account = await createAccount('a11y-suscripcion', 'Irene Soler')
			await signIn(page, account.email)
			const { subscriptionId } = await subscribe({ cookie: await cookieHeader(page), userId: account.id })
			const { found, check, open, visit } = audit(page)
			await visit(portalURL('/dashboard/suscripcion'))
			await visit(portalURL(`/dashboard/suscripcion?cancelar=${subscriptionId}`))
			await open(portalURL('/dashboard/suscripcion'))
			await page.getByRole('button', { name: 'Cancelar suscripción' }).click()
			await expect(page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' })).toBeVisible()
			await check('dialog ¿Cancelar tu suscripción?')
			await page.keyboard.press('Escape')
			await page.setViewportSize(phone)
			await visit(portalURL('/dashboard/suscripcion'))
			expect(found).toEqual([])
		})

		test('portal, signed out: sign-in, sign-up, recovery and errors', async ({ page }) => {
			test.setTimeout(longTestBudget)
			const { found, check, open, visit } = audit(page)
			for (const path of ['/auth', '/auth?tab=signup', '/auth?error=missing_token', '/', '/no-existe'])
				await visit(portalURL(path))

			// The callback page moves on as soon as it is hydrated; without the app's scripts it stays to be read
			// (and never hydrates: loaded, not opened as an app page).
			await page.route('**/assets/*.js', (route) => route.abort())
			await page.goto(portalURL('/auth/callback'))
			await check('portal:/auth/callback')
			await expect(page).toHaveURL(portalURL('/auth/callback'))
			await page.unroute('**/assets/*.js')

			await open(portalURL('/auth'))
			await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await check('recovery dialog')

			await open(portalURL('/auth'))
			await page.locator('#signin').getByLabel('Email').fill(uniqueEmail('a11y-clave-mal'))
			await page.locator('#signin').getByLabel('Contraseña').fill('incorrecta')
			await page.locator('#signin').getByRole('button', { name: 'Iniciar Sesión' }).click()
			await expect(page.getByRole('alert').filter({ hasText: 'El email o la contraseña' })).toBeVisible()
			await checkToast(page, check, 'sign-in error toast')
			await check('sign-in error')

			await checkToasts(page, check, 'portal')
			expect(found).toEqual([])
		})

		test('signed in as a cliente: dashboard, meetings and its dialogs, site pages that know the user', async ({
			page,
		}) => {
			test.setTimeout(longTestBudget)
			const account = await createAccount('a11y-cliente', 'Clara Ferrándiz')
			const meeting = await createMeeting(account.id, account.email)
			await createMeeting(account.id, account.email, { status: 'cancelada' })
			const requestId = await createSupportRequest(account.id)
			await serviceClient()
				.from('asistentes')
				.insert({
					user_id: account.id,
					nombre: 'Asistente fiscal',
					empresa: 'Ferrándiz Asesores',
					canales: ['web', 'whatsapp', 'email'],
					estado: 'activo',
					fecha_activacion: '2026-11-03',
					nota: 'Ya recuerda el modelo 303.',
				})
				.throwOnError()
			await signIn(page, account.email)
			const { found, check, open, visit } = audit(page)

			for (const path of [
				'/dashboard',
				'/dashboard/reuniones',
				'/dashboard/reuniones?tab=pasadas',
				`/dashboard/reuniones?reprogramar=${meeting.id}`,
				`/dashboard/reuniones?cancelar=${meeting.id}`,
				'/dashboard/suscripcion',
				'/dashboard/asistentes',
				'/dashboard/soporte',
				`/dashboard/soporte/${requestId}`,
				'/dashboard/cuenta',
				'/auth/nueva-contrasena',
			]) {
				await visit(portalURL(path))
			}
			for (const path of [
				'/',
				'/solicitar-demostracion-kia',
				'/panel-de-clientes?session_id=cs_noexiste',
				'/panel-de-clientes?session_id=malo',
			]) {
				await visit(siteURL(path))
			}

			await open(portalURL('/dashboard/reuniones'))
			const row = page.getByRole('row').filter({ hasText: 'Demostración del asistente KIA' })
			for (const [button, dialog] of [
				['Reprogramar', 'Reprogramar reunión'],
				['Cancelar', '¿Estás seguro?'],
			] as const) {
				await row.getByRole('button', { name: button }).click()
				await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
				await check(`dialog ${dialog}`)
				await page.keyboard.press('Escape')
			}
			await page.getByRole('button', { name: 'Nueva Reserva' }).click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await check('dialog Nueva Reserva')
			await page.keyboard.press('Escape')

			await page.getByRole('button', { name: /Menú de Clara/ }).click()
			await expect(page.getByRole('menu')).toBeVisible()
			await check('avatar menu')
			await page.keyboard.press('Escape')

			await page.setViewportSize(phone)
			await visit(portalURL('/dashboard'))
			await page.getByRole('button', { name: 'Abrir menú' }).click()
			await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible()
			await check('portal mobile menu')
			await page.setViewportSize(desktop)

			await open(portalURL('/dashboard/cuenta'))
			await page.getByRole('button', { name: 'Guardar cambios' }).click()
			await checkToast(page, check, 'profile saved toast')
			expect(found).toEqual([])
		})

		test('signed in as the admin: every admin page, the user dialogs and inline forms', async ({ page }) => {
			test.setTimeout(longTestBudget)
			const target = await createAccount('a11y-objetivo', 'Usuario Objetivo')
			const item = await serviceClient()
				.from('form_submissions')
				.insert({
					form_type: 'investor_contact',
					data: { fullName: 'Inversora A11y', email: target.email, entity: 'Fondo', message: 'Hola' },
				})
				.select('id')
				.single()
			const thread = await serviceClient()
				.from('form_submission_events')
				.insert([
					{ submission_id: item.data?.id ?? '', kind: 'nota', body: 'Nota interna' },
					{ submission_id: item.data?.id ?? '', kind: 'respuesta', subject: 'Re: hola', body: 'Respuesta' },
				])
			const assistant = await serviceClient()
				.from('asistentes')
				.insert({ user_id: target.id, nombre: 'Asistente A11y', canales: ['web', 'pagos'] })
				.select('id')
				.single()
			expect(item.error ?? thread.error ?? assistant.error).toBeNull()
			await signIn(page, 'admin@kia.test', 'kia-admin-2025')
			const { found, check, visit } = audit(page)

			for (const path of [
				'/admin',
				'/admin/reuniones',
				'/admin/reuniones?q=nadie-coincide',
				'/admin/usuarios',
				`/admin/usuarios?editar=${target.id}`,
				`/admin/usuarios?eliminar=${target.id}`,
				'/admin/servicios',
				'/admin/asistentes',
				'/admin/asistentes?nuevo=1',
				`/admin/asistentes?editar=${assistant.data?.id}`,
				`/admin/asistentes?eliminar=${assistant.data?.id}`,
				'/admin/facturacion',
				'/admin/facturacion?vista=pagos',
				'/admin/facturacion?vista=fallidos',
				'/admin/soporte',
				`/admin/soporte?estado=nueva&q=${encodeURIComponent(target.email)}`,
				`/admin/soporte/${item.data?.id}`,
				'/admin/reuniones?nueva=1',
				'/admin/usuarios?invitar=1',
				'/admin/ajustes',
			]) {
				await visit(portalURL(path))
			}

			await visit(portalURL(`/admin/usuarios?q=${encodeURIComponent(target.email)}`))
			const row = page.getByRole('row').filter({ hasText: target.email })
			for (const [button, dialog] of [
				['Editar', 'Editar usuario'],
				['Eliminar', '¿Estás absolutamente seguro?'],
			] as const) {
				await row.getByRole('button', { name: button }).click()
				await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
				await check(`dialog ${dialog}`)
				await page.keyboard.press('Escape')
			}

			await page.getByRole('button', { name: /Menú de/ }).click()
			await expect(page.getByRole('menu')).toBeVisible()
			await check('admin avatar menu')
			await page.keyboard.press('Escape')

			await page.setViewportSize(phone)
			await visit(portalURL('/admin/usuarios'))
			await page.setViewportSize(desktop)
			expect(found).toEqual([])
		})
	})
}

/**
 * DESIGN §6: everything works by keyboard. These journeys never touch the
 * mouse; at each step they check where focus is and that it can be seen.
 */

/**
 * Focus that can be seen: the element matches :focus-visible and draws the app's ring,
 * a 2 px outline (app.css); a faint shadow, as some libraries draw, does not count.
 */
async function expectVisibleFocus(target: Locator) {
	await expect(target).toBeFocused()
	expect((await target.evaluate(describeFocus))?.shown).toBe(true)
}

/**
 * The focused element as a keyboard user meets it. `shown`: it matches :focus-visible and a ring of at
 * least 2 px is drawn, by its own outline or, for a link stretched over a card (the card is what the
 * eye targets), by the card's outline through :has(:focus-visible). Self-contained, as it runs in the page.
 */
function describeFocus(element: Element | null) {
	if (!(element instanceof HTMLElement) || element === document.body) return null
	const drawsRing = (candidate: Element) => {
		const style = getComputedStyle(candidate)
		return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
	}
	let ringed = false
	for (let candidate: Element | null = element, depth = 0; candidate && depth < 4 && !ringed; depth++) {
		ringed = drawsRing(candidate)
		candidate = candidate.parentElement
	}
	const box = element.getBoundingClientRect()
	return {
		name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
		// A date input's calendar button is a stop inside the input that draws its own ring.
		datePicker: element instanceof HTMLInputElement && element.type === 'date' && !element.matches(':focus-visible'),
		shown: element.matches(':focus-visible') && ringed,
		onScreen:
			box.width > 0 &&
			box.height > 0 &&
			box.bottom > 0 &&
			box.top < innerHeight &&
			box.right > 0 &&
			box.left < innerWidth,
	}
}

/** Presses Tab until the target has focus, so it is proven reachable in the page's order. */
async function tabTo(page: Page, target: Locator, limit = 40) {
	for (let presses = 0; presses < limit; presses++) {
		if (await target.evaluate((element) => element === document.activeElement)) return
		await page.keyboard.press('Tab')
	}
	await expect(target).toBeFocused()
}

/** The skip link is the first stop; Enter on it sends the next Tab into the page's main content. */
async function skipToContent(page: Page, firstInMain: Locator) {
	await page.keyboard.press('Tab')
	const skip = page.getByRole('link', { name: 'Saltar al contenido' })
	await expectVisibleFocus(skip)
	await expect(skip).toBeInViewport()
	await page.keyboard.press('Enter')
	await page.keyboard.press('Tab')
	await expectVisibleFocus(firstInMain)
}

const isWeekend = (isoDate: string) => [0, 6].includes(new Date(`${isoDate}T00:00:00Z`).getUTCDay())

/** What a date input holds while its year is typed digit by digit: 0002-…, 0020-…, 0206-… */
function halfTypedDates(isoDate: string) {
	const [year, rest] = [isoDate.slice(0, 4), isoDate.slice(4)]
	return [1, 2, 3].map((digits) => `${year.slice(0, digits).padStart(4, '0')}${rest}`)
}

/**
 * A 10:00 slot (the first hour, where ArrowDown lands) on a date that passes
 * through a weekend while its year is typed, as typing a real date often does.
 */
const slotTypedThroughAWeekend = () =>
	uniqueSlot(({ fecha, hora }: Slot) => hora === '10:00' && halfTypedDates(fecha).some(isWeekend))

/**
 * Chromium orders a date input's parts by the browser's own language, which the
 * emulated locale does not change (day first in Spain, month first here): the
 * order is read off a scratch input in the same browser, then the date typed in it.
 */
async function typeDate(page: Page, isoDate: string) {
	const [year, month, day] = isoDate.split('-')
	const scratch = await page.context().newPage()
	await scratch.setContent('<input type="date" aria-label="orden">')
	await scratch.getByLabel('orden').focus()
	await scratch.keyboard.type('01022030')
	const dayFirst = (await scratch.getByLabel('orden').inputValue()) === '2030-02-01'
	await scratch.close()
	await page.bringToFront()
	await page.keyboard.type(dayFirst ? `${day}${month}${year}` : `${month}${day}${year}`)
}

/** Chromium's date input has a stop of its own, its calendar button, before the next field. */
async function tabPastDateInput(page: Page, next: Locator) {
	await tabTo(page, next, 2)
	await expectVisibleFocus(next)
}

/**
 * Tabs from the top of the page until focus leaves the document: every stop must be
 * on screen and show focus, and the walk must end (no trap). Returns what failed.
 */
async function walkTabOrder(page: Page, limit = 150) {
	const problems: string[] = []
	for (let presses = 0; presses < limit; presses++) {
		await page.keyboard.press('Tab')
		// One round trip per stop: the walk makes hundreds.
		const stop = await page.evaluate<ReturnType<typeof describeFocus>>(`(${describeFocus})(document.activeElement)`)
		if (!stop) return problems
		if (!stop.datePicker && !(stop.shown && stop.onScreen))
			problems.push(`${stop.name}: ${stop.shown ? 'off screen' : 'no visible focus'}`)
	}
	return [...problems, `focus never left the page in ${limit} presses`]
}

async function signInByKeyboard(page: Page, email: string, password = testPassword) {
	await page.goto(portalURL('/auth'), { waitUntil: 'networkidle' })
	const form = page.locator('#signin')
	await tabTo(page, form.getByLabel('Email'))
	await page.keyboard.type(email)
	await page.keyboard.press('Tab')
	await expectVisibleFocus(form.getByLabel('Contraseña'))
	await page.keyboard.type(password)
	await page.keyboard.press('Enter')
	await page.waitForURL(portalURL('/dashboard'))
}

test.describe('keyboard only', () => {
	test('a signed-in cliente books a demo from /solicitar-demostracion-kia', async ({ page }) => {
		const account = await createAccount('teclado-reserva', 'Iris Valls')
		await signInByKeyboard(page, account.email)
		await page.goto(siteURL('/solicitar-demostracion-kia'), { waitUntil: 'networkidle' })
		const main = page.getByRole('main')
		await skipToContent(page, main.getByRole('link', { name: 'Inicio' }))

		const { fecha, hora } = uniqueSlot()
		const slots = main.getByRole('group', { name: 'Día y hora' }).getByRole('radio')
		await page.keyboard.press('Tab')
		await expectVisibleFocus(slots.first())
		// One Tab stop for the whole picker; the arrows walk it, checking each slot they reach.
		const steps = (
			await slots.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value))
		).indexOf(`${fecha}T${hora}`)
		expect(steps).toBeGreaterThan(0)
		for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowRight')
		await expectVisibleFocus(slotRadio(main, { fecha, hora }))
		await expect(slotRadio(main, { fecha, hora })).toBeChecked()

		await page.keyboard.press('Tab')
		await expectVisibleFocus(main.getByLabel('Motivo de la reunión'))
		await page.keyboard.press('Tab')
		await expectVisibleFocus(main.getByRole('button', { name: 'Reservar demostración' }))
		await page.keyboard.press('Enter')
		await expect(page.getByRole('status').filter({ hasText: '¡Cita confirmada!' })).toBeVisible()

		const booked = await serviceClient().from('reservas').select('fecha, hora, status').eq('user_id', account.id)
		expect(booked.data).toEqual([{ fecha, hora: `${hora}:00`, status: 'confirmada' }])
	})

	test('a visitor signs up on the portal', async ({ page }) => {
		await page.goto(portalURL('/auth'), { waitUntil: 'networkidle' })
		const tabs = page.getByRole('navigation', { name: 'Acceso' })
		await skipToContent(page, tabs.getByRole('link', { name: 'Iniciar Sesión' }))
		await page.keyboard.press('Tab')
		await expectVisibleFocus(tabs.getByRole('link', { name: 'Registrarse' }))
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(portalURL('/auth?tab=signup'))
		await expectVisibleFocus(tabs.getByRole('link', { name: 'Registrarse' }))

		const form = page.locator('#signup')
		await page.keyboard.press('Tab')
		await expectVisibleFocus(form.getByLabel('Nombre completo'))
		await page.keyboard.type('Aitana Serra')
		await page.keyboard.press('Tab')
		await expectVisibleFocus(form.getByLabel('Email'))
		await page.keyboard.type(uniqueEmail('teclado-alta'))
		await page.keyboard.press('Tab')
		await expectVisibleFocus(form.getByLabel('Contraseña'))
		await page.keyboard.type(testPassword)
		await page.keyboard.press('Tab')
		await expectVisibleFocus(form.getByRole('button', { name: 'Crear cuenta' }))
		await page.keyboard.press('Enter')
		await expect(page.getByText('¡Registro completado!')).toBeVisible()
	})

	test('a cliente reschedules a meeting through its dialog', async ({ page }) => {
		const account = await createAccount('teclado-reprograma')
		const meeting = await createMeeting(account.id, account.email)
		await signInByKeyboard(page, account.email)
		await page.goto(portalURL('/dashboard/reuniones'), { waitUntil: 'networkidle' })
		await skipToContent(page, page.getByRole('main').getByRole('link', { name: 'Volver al Dashboard' }))

		const trigger = page
			.getByRole('row')
			.filter({ hasText: 'Demostración del asistente KIA' })
			.getByRole('button', { name: 'Reprogramar' })
		await tabTo(page, trigger)
		await expectVisibleFocus(trigger)
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog', { name: 'Reprogramar reunión' })
		await expectVisibleFocus(dialog.getByLabel('Nueva fecha'))
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expectVisibleFocus(trigger)

		await page.keyboard.press('Space')
		await expectVisibleFocus(dialog.getByLabel('Nueva fecha'))
		const { fecha, hora } = slotTypedThroughAWeekend()
		await typeDate(page, fecha)
		await tabPastDateInput(page, dialog.getByLabel('Nueva hora'))
		await page.keyboard.press('ArrowDown')
		await expect(dialog.getByLabel('Nueva hora')).toHaveValue(hora)
		await page.keyboard.press('Tab')
		await expectVisibleFocus(dialog.getByRole('button', { name: 'Guardar cambios' }))
		// Focus stays inside the open dialog: past its last control it comes round to the first.
		await page.keyboard.press('Tab')
		await expectVisibleFocus(dialog.getByRole('button', { name: 'Cerrar' }))
		await page.keyboard.press('Tab')
		await expectVisibleFocus(dialog.getByLabel('Nueva fecha'))
		await page.keyboard.press('Shift+Tab')
		await page.keyboard.press('Shift+Tab')
		await expectVisibleFocus(dialog.getByRole('button', { name: 'Guardar cambios' }))
		await page.keyboard.press('Enter')

		await expect(page.getByText('La reunión ha sido reprogramada correctamente.')).toBeVisible()
		const moved = await serviceClient().from('reservas').select('fecha, hora').eq('id', meeting.id).single()
		expect(moved.data).toEqual({ fecha, hora: `${hora}:00` })
	})

	test('the site header menu opens, moves and closes by keyboard, handing focus back', async ({ page, context }) => {
		await acceptCookies(context)
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		const header = page.getByRole('banner')

		const pricing = header.getByRole('button', { name: 'Tarifas' })
		await tabTo(page, pricing)
		await expectVisibleFocus(pricing)
		await page.keyboard.press('Enter')
		await page.keyboard.press('Tab')
		await expectVisibleFocus(header.getByRole('link', { name: /Todos los planes/ }))
		await page.keyboard.press('Escape')
		await expect(header.getByRole('link', { name: /Todos los planes/ })).toBeHidden()
		await expectVisibleFocus(pricing)
	})

	test('the chat and the cookie preferences open, move and close by keyboard, handing focus back', async ({
		page,
		context,
	}) => {
		// The chat button comes after the whole home page, some 70 presses of Tab, each a round trip to the
		// browser, and the cookie preferences as many again: 72 s on a machine whose cores another process kept busy.
		test.setTimeout(longTestBudget)
		await acceptCookies(context)
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		const chat = page.getByRole('button', { name: 'Abrir chat con KIA' })
		await tabTo(page, chat, 200)
		await page.keyboard.press('Enter')
		await expectVisibleFocus(page.getByLabel('Escribe tu mensaje'))
		await page.keyboard.press('Shift+Tab')
		const closeChat = page
			.getByRole('region', { name: 'KIA Asistente Inteligente' })
			.getByRole('button', { name: 'Cerrar chat' })
		await expectVisibleFocus(closeChat)
		// It sits on the brand-coloured header, where the usual ring colour hardly differs from the background.
		await expect(closeChat).toHaveCSS(
			'outline-color',
			await page
				.getByRole('region', { name: 'KIA Asistente Inteligente' })
				.locator('header')
				.evaluate((header) => getComputedStyle(header).color),
		)
		await page.keyboard.press('Tab')
		await page.keyboard.press('Escape')
		await expect(page.getByRole('region', { name: 'KIA Asistente Inteligente' })).toBeHidden()
		await expectVisibleFocus(chat)

		const manageCookies = page.getByRole('button', { name: 'Gestionar Cookies' })
		await page.keyboard.press('Shift+Tab')
		await expectVisibleFocus(manageCookies)
		await page.keyboard.press('Enter')
		const preferences = page.getByRole('dialog')
		const analytics = preferences.getByRole('switch', { name: 'Análisis' })
		await expectVisibleFocus(analytics)
		await page.keyboard.press('Space')
		await expect(analytics).toBeChecked()
		await page.keyboard.press('Escape')
		await expect(preferences).toBeHidden()
		await expectVisibleFocus(manageCookies)
	})

	test('the site phone menu opens and closes by keyboard, handing focus back', async ({ page, context }) => {
		await acceptCookies(context)
		await page.setViewportSize(phone)
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		const openMenu = page.getByRole('button', { name: 'Abrir menú' })
		await tabTo(page, openMenu)
		await page.keyboard.press('Enter')
		const menu = page.getByRole('dialog', { name: 'Menú' })
		await expectVisibleFocus(menu.getByRole('link', { name: 'Inicio' }))
		await page.keyboard.press('Escape')
		await expect(menu).toBeHidden()
		await expectVisibleFocus(openMenu)
	})

	test('the dashboard avatar menu and phone menu open, move and close by keyboard', async ({ page }) => {
		const account = await createAccount('teclado-menu', 'Pau Ribes')
		await signInByKeyboard(page, account.email)
		const trigger = page.getByRole('button', { name: 'Menú de Pau Ribes' })
		await tabTo(page, trigger)
		await expectVisibleFocus(trigger)
		await page.keyboard.press('Enter')
		const menu = page.getByRole('menu')
		await expectVisibleFocus(menu.getByRole('menuitem', { name: 'Mi Cuenta' }))
		await page.keyboard.press('ArrowDown')
		await expectVisibleFocus(menu.getByRole('menuitem', { name: 'Suscripción' }))
		await page.keyboard.press('Escape')
		await expect(menu).toBeHidden()
		await expectVisibleFocus(trigger)

		await page.keyboard.press('Enter')
		await expectVisibleFocus(menu.getByRole('menuitem', { name: 'Mi Cuenta' }))
		await page.keyboard.press('ArrowDown')
		// Radix moves roving focus in a timer after the keydown; an Enter sent before it runs selects 'Mi Cuenta'.
		await expectVisibleFocus(menu.getByRole('menuitem', { name: 'Suscripción' }))
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(portalURL('/dashboard/suscripcion'))

		await page.setViewportSize(phone)
		const openMenu = page.getByRole('button', { name: 'Abrir menú' })
		await tabTo(page, openMenu)
		await page.keyboard.press('Enter')
		const sideMenu = page.getByRole('dialog', { name: 'Menú' })
		await expectVisibleFocus(sideMenu.getByRole('link', { name: 'Inicio' }))
		await page.keyboard.press('Escape')
		await expect(sideMenu).toBeHidden()
		await expectVisibleFocus(openMenu)
	})

	test('every layout starts with a skip link, and every tab stop shows focus on screen', async ({ page, context }) => {
		test.setTimeout(longTestBudget)
		await acceptCookies(context)
		await signInByKeyboard(page, 'admin@kia.test', 'kia-admin-2025')
		const problems: string[] = []
		async function checkLayout(url: string) {
			await page.goto(url, { waitUntil: 'networkidle' })
			await skipToContent(page, page.locator('main :focus'))
			await page.goto(url, { waitUntil: 'networkidle' })
			problems.push(...(await walkTabOrder(page)).map((problem) => `${url}: ${problem}`))
		}
		for (const url of [
			siteURL('/'),
			siteURL('/solicitar-demostracion-kia'),
			portalURL('/dashboard/reuniones'),
			portalURL('/admin/usuarios'),
		]) {
			await checkLayout(url)
		}
		await context.clearCookies()
		await checkLayout(portalURL('/auth'))
		expect(problems).toEqual([])
	})

	test('a toast is reached with Alt+T, shows focus and closes by keyboard', async ({ page }) => {
		await page.goto(portalURL('/__test/toast?type=success&to=auth'), { waitUntil: 'networkidle' })
		const toast = page.locator('[data-sonner-toast]')
		await expect(toast).toBeVisible()
		// Sonner's shortcut, named in the region's label: it opens the stack, holds its timers and takes focus there.
		await expect(page.getByRole('region', { name: /^Notificaciones alt\+T$/ })).toBeAttached()
		await page.keyboard.press('Alt+KeyT')
		await page.keyboard.press('Tab')
		await expectVisibleFocus(toast)
		await page.keyboard.press('Tab')
		await expectVisibleFocus(toast.getByRole('button', { name: 'Cerrar aviso' }))
		await page.keyboard.press('Enter')
		await expect(toast).toBeHidden()
	})
})
