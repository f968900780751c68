import type { Locator, Page } from '@playwright/test'
import { slotRadio } from '../support/slot-picker'
import { expect, openApp, test } from '../support/e2e-test'
import { uniqueEmail, uniqueSlot } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'
import { createAccount, createMeeting, testPassword } from '../support/data'
import { acceptCookies } from '../support/browser'
import { serviceClient } from '../support/supabase'
import { longTestBudget, phone } from '../support/axe'

/**
 * Everything works by keyboard. These journeys never touch the
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
	await openApp(page, portalURL('/auth'))
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
		await openApp(page, siteURL('/solicitar-demostracion-kia'))
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
		await openApp(page, portalURL('/auth'))
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
		const booking = await createMeeting(account.id, account.email)
		await signInByKeyboard(page, account.email)
		await openApp(page, portalURL('/dashboard/reuniones'))
		await skipToContent(page, page.getByRole('main').getByRole('link', { name: 'Volver al Dashboard' }))

		const trigger = page
			.getByRole('row')
			.filter({ hasText: 'Demostración del asistente KIA' })
			.getByRole('button', { name: 'Reprogramar' })
		await tabTo(page, trigger)
		await expectVisibleFocus(trigger)
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog', { name: 'Reprogramar reunión' })
		const slots = dialog.getByRole('group', { name: 'Día y hora' }).getByRole('radio')
		await expectVisibleFocus(slots.first())
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expectVisibleFocus(trigger)

		await page.keyboard.press('Space')
		await expectVisibleFocus(slots.first())
		// The booking page's picker: one Tab stop, the arrows walk the free slots, checking each they reach.
		const { fecha, hora } = uniqueSlot()
		const steps = (
			await slots.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value))
		).indexOf(`${fecha}T${hora}`)
		expect(steps).toBeGreaterThan(0)
		for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowRight')
		await expectVisibleFocus(slotRadio(dialog, { fecha, hora }))
		await expect(slotRadio(dialog, { fecha, hora })).toBeChecked()
		await page.keyboard.press('Tab')
		await expectVisibleFocus(dialog.getByRole('button', { name: 'Guardar cambios' }))
		// Focus stays inside the open dialog: past its last control it comes round to the picker.
		await page.keyboard.press('Tab')
		await expectVisibleFocus(dialog.getByRole('button', { name: 'Cerrar' }))
		await page.keyboard.press('Tab')
		await expectVisibleFocus(slots.first())
		await page.keyboard.press('Shift+Tab')
		await page.keyboard.press('Shift+Tab')
		await expectVisibleFocus(dialog.getByRole('button', { name: 'Guardar cambios' }))
		await page.keyboard.press('Enter')

		await expect(page.getByText('La reunión ha sido reprogramada correctamente.')).toBeVisible()
		const moved = await serviceClient().from('reservas').select('fecha, hora').eq('id', booking.id).single()
		expect(moved.data).toEqual({ fecha, hora: `${hora}:00` })
	})

	test('the site header menu opens, moves and closes by keyboard, handing focus back', async ({ page, context }) => {
		await acceptCookies(context)
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/'))
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
			await openApp(page, url)
			await skipToContent(page, page.locator('main :focus'))
			await openApp(page, url)
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
		await openApp(page, portalURL('/__test/toast?type=success&to=auth'))
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
