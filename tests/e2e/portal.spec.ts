import type { Page } from '@playwright/test'
import { formatBookingTime } from '../../app/lib/dates'
import { expect, openApp, test } from '../support/e2e-test'
import { uniqueEmail, uniqueName, uniqueSlot } from '../support/unique'
import { portalURL, rawRequest, siteURL } from '../support/urls'
import { createAccount, createAdminAccount, createMeeting, createSupportRequest, testPassword } from '../support/data'
import { followEmailLink, postAs, signIn, startSession } from '../support/browser'
import { waitForMail } from '../support/mail'
import { serviceClient } from '../support/supabase'
import { nextSaturday, slotDay, slotRadio } from '../support/slot-picker'

test.describe('authentication', () => {
	test('sign-up → confirmation e-mail → link → its button → dashboard', async ({ page }) => {
		const email = uniqueEmail('alta')
		await openApp(page, portalURL('/auth?tab=signup'))
		await page.getByLabel('Nombre completo').fill('Lucía Navarro')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Contraseña').fill(testPassword)
		await page.getByRole('button', { name: 'Crear cuenta' }).click()
		await expect(page.getByText('¡Registro completado!')).toBeVisible()
		await followEmailLink(page, await waitForMail(email, /Confirma tu cuenta/), 'Confirmar mi cuenta')
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expect(page.getByRole('heading', { name: 'Te damos la bienvenida, Lucía Navarro' })).toBeVisible()
		await expect(page.getByText('Cuenta confirmada')).toBeVisible()
	})

	test('a wrong password is explained; an already registered e-mail gets the warning', async ({ page }) => {
		// An account of its own: sign-in attempts are limited per e-mail (app/.server/security/rate-limit.ts).
		const account = await createAccount('clave-mal')
		await openApp(page, portalURL('/auth'))
		await page.getByLabel('Email').fill(account.email)
		await page.getByLabel('Contraseña').fill('incorrecta')
		await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
		await expect(page.getByText('Error al iniciar sesión')).toBeVisible()
		await expect(
			page.getByRole('alert').filter({ hasText: 'El email o la contraseña no son correctos.' }),
		).toBeVisible()

		await page.getByRole('link', { name: 'Registrarse' }).click()
		await expect(page.getByLabel('Email')).toHaveValue('')
		await page.getByLabel('Nombre completo').fill('Otra Persona')
		await page.getByLabel('Email').fill(account.email)
		await page.getByLabel('Contraseña').fill(testPassword)
		await page.getByRole('button', { name: 'Crear cuenta' }).click()
		await expect(page.getByText('Confirma tu correo')).toBeVisible()
	})

	test('password recovery: e-mail → new password → sign in with it', async ({ page }) => {
		const account = await createAccount('recuperar')
		await openApp(page, portalURL('/auth'))
		await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click()
		const dialog = page.getByRole('dialog', { name: 'Recupera tu contraseña' })
		await dialog.getByRole('button', { name: 'Enviar enlace' }).click()
		await expect(page.getByText('Email requerido')).toBeVisible()
		await dialog.getByLabel('Email').fill(account.email)
		await dialog.getByRole('button', { name: 'Enviar enlace' }).click()
		await expect(page.getByText('Correo enviado')).toBeVisible()
		await expect(dialog.getByLabel('Email')).toHaveValue('')

		await followEmailLink(page, await waitForMail(account.email, /Restablece/), 'Elegir una nueva contraseña')
		await expect(page).toHaveURL(portalURL('/auth/nueva-contrasena'))
		await page.getByLabel('Nueva contraseña').fill('nueva-clave-segura')
		await page.getByLabel('Repite la contraseña').fill('nueva-clave-segura')
		await page.getByRole('button', { name: 'Guardar contraseña' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible()

		await page.context().clearCookies()
		await signIn(page, account.email, 'nueva-clave-segura')
	})

	test('Google sign-in through the local consent page', async ({ page }) => {
		await openApp(page, portalURL('/auth'))
		await page.getByRole('button', { name: 'Continuar con Google' }).click()
		await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible()
		await page.getByLabel('Correo de Google').fill(uniqueEmail('google'))
		await page.getByLabel('Nombre').fill('Pablo Ferrer')
		await page.getByRole('button', { name: 'Continuar' }).click()
		await expect(page).toHaveURL(portalURL('/dashboard'))
		await expect(page.getByRole('heading', { name: 'Te damos la bienvenida, Pablo Ferrer' })).toBeVisible()
	})

	test('the site header follows the portal session; signing out returns to the site', async ({ page }) => {
		const account = await createAccount('sesion', 'Marina Gil')
		await startSession(page, account.email)
		await page.goto(siteURL('/'))
		await expect(page.getByRole('banner').getByRole('link', { name: /Ir al Dashboard/ })).toHaveAttribute(
			'href',
			portalURL('/dashboard'),
		)

		await openApp(page, portalURL('/dashboard'))
		await page.getByRole('button', { name: /Menú de Marina Gil/ }).click()
		// Named by its button only when the hydrated ids are the ones the server rendered.
		const menu = page.getByRole('menu', { name: 'Menú de Marina Gil' })
		await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
		await expect(page).toHaveURL(siteURL('/'))
		await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' })).toBeVisible()
		await page.goto(portalURL('/dashboard'))
		await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/)
	})

	test('a signed-in visitor of /auth goes back where they came from, never to another host', async ({ page }) => {
		const account = await createAccount('redirigir')
		await startSession(page, account.email)
		await page.goto(portalURL('/auth?redirectTo=/dashboard/cuenta'))
		await expect(page).toHaveURL(portalURL('/dashboard/cuenta'))
		for (const hostile of [
			'//evil.example',
			'/\\evil.example',
			'https://evil.example',
			'javascript:alert(1)',
			'/%2F%2Fevil.example',
		]) {
			await page.goto(portalURL(`/auth?redirectTo=${encodeURIComponent(hostile)}`))
			expect(new URL(page.url()).host).toBe(new URL(portalURL('/')).host)
		}
	})

	test('the callback without tokens explains it, and portal pages need a session', async ({ page }) => {
		await page.goto(portalURL('/auth/callback'))
		// The page reads the address's fragment once its JavaScript runs, then goes on: on a busy machine that
		// took longer than an assertion's 5 s (a CI-like run), so wait for the navigation itself.
		await page.waitForURL(portalURL('/auth?error=missing_token'))
		await expect(page.getByRole('alert')).toContainText('no es válido')
		const dashboard = await rawRequest(portalURL('/dashboard/reuniones'))
		expect(dashboard.status).toBe(302)
		expect(dashboard.headers.location).toBe('/auth?redirectTo=%2Fdashboard%2Freuniones')
	})
})

test.describe('meetings', () => {
	test('reschedule and cancel an upcoming meeting', async ({ page }) => {
		const account = await createAccount('reuniones')
		const booking = await createMeeting(account.id, account.email)
		await startSession(page, account.email)
		await openApp(page, portalURL('/dashboard/reuniones'))
		const row = page.getByRole('row').filter({ hasText: 'Demostración del asistente KIA' })
		await expect(row).toContainText('Confirmada')
		await expect(row.getByRole('link', { name: 'Unirse' })).toHaveAttribute('target', '_blank')

		await row.getByRole('button', { name: 'Reprogramar' }).click()
		const dialog = page.getByRole('dialog', { name: 'Reprogramar reunión' })
		const moveTo = uniqueSlot()
		// The booking page's free slots: no weekend, nothing taken.
		await expect(slotDay(dialog, nextSaturday(moveTo.fecha))).toHaveCount(0)
		await expect(slotRadio(dialog, { fecha: booking.fecha, hora: booking.hora.slice(0, 5) })).toHaveCount(0)
		await slotRadio(dialog, moveTo).check()
		await dialog.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByText('La reunión ha sido reprogramada correctamente.')).toBeVisible()
		const moved = await serviceClient().from('reservas').select('fecha, hora, status').eq('id', booking.id).single()
		expect(moved.data).toEqual({ fecha: moveTo.fecha, hora: `${moveTo.hora}:00`, status: 'confirmada' })
		await waitForMail(account.email, /cambiado de fecha/)

		await row.getByRole('button', { name: 'Cancelar' }).click()
		await page
			.getByRole('dialog', { name: '¿Estás seguro?' })
			.getByRole('button', { name: 'Sí, cancelar reunión' })
			.click()
		await expect(page.getByText('La reunión ha sido cancelada.')).toBeVisible()
		// Still where its date is, among those to come, as cancelled and with nothing left to do.
		await expect(row).toContainText('Cancelada')
		await expect(row.getByRole('button')).toHaveCount(0)
		await expect(row.getByRole('link')).toHaveCount(0)
		await page.getByRole('link', { name: 'Pasadas' }).click()
		await expect(page.getByText('No tienes reuniones en tu historial.')).toBeVisible()
		await waitForMail(account.email, /cancelada/)
	})

	test('a weekend, a past date or a taken slot is refused', async ({ page }) => {
		const account = await createAccount('fallos')
		const booking = await createMeeting(account.id, account.email)
		const other = await createMeeting(account.id, account.email)
		await signIn(page, account.email)
		for (const [fecha, hora] of [
			// A Saturday, a Monday gone by, and the slot of the other meeting.
			['2030-06-08', '10:00'],
			['2020-01-06', '10:00'],
			[other.fecha, other.hora.slice(0, 5)],
		] as const) {
			const response = await postAs(page, portalURL('/dashboard/reuniones'), {
				intent: 'reschedule',
				id: booking.id,
				fecha,
				hora,
			})
			expect(response.status, `${fecha} ${hora}`).toBe(400)
		}
		const unchanged = await serviceClient().from('reservas').select('fecha, hora').eq('id', booking.id).single()
		expect(unchanged.data).toEqual({ fecha: booking.fecha, hora: booking.hora })
	})

	test('another client’s meeting cannot be touched', async ({ page }) => {
		const owner = await createAccount('propietaria')
		const intruder = await createAccount('intrusa')
		const booking = await createMeeting(owner.id, owner.email)
		await signIn(page, intruder.email)
		const cancel = await postAs(page, portalURL('/dashboard/reuniones'), { intent: 'cancel', id: booking.id })
		expect(cancel.status).toBe(400)
		const reschedule = await postAs(page, portalURL('/dashboard/reuniones'), {
			intent: 'reschedule',
			id: booking.id,
			...uniqueSlot(),
		})
		expect(reschedule.status).toBe(400)
		const untouched = await serviceClient().from('reservas').select('status, fecha').eq('id', booking.id).single()
		expect(untouched.data).toEqual({ status: 'confirmada', fecha: booking.fecha })
	})

	test('without JavaScript the dialogs become inline forms that work', async ({ browser }) => {
		const account = await createAccount('sin-js')
		const booking = await createMeeting(account.id, account.email)
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, account.email)
		await page.goto(portalURL('/dashboard/reuniones'))
		await page.getByRole('link', { name: 'Reprogramar' }).click()
		const [moveTo, takenMeanwhile] = [uniqueSlot(), uniqueSlot()]
		const form = page.getByRole('region', { name: 'Reprogramar reunión' })
		// Free when the page was loaded, taken before the form is sent: the server refuses it all the same.
		await slotRadio(form, takenMeanwhile).check()
		const other = await createAccount('sin-js-ocupa')
		await serviceClient()
			.from('reservas')
			.insert({ user_id: other.id, ...takenMeanwhile, nombre: 'Otra', email: other.email })
			.throwOnError()
		await form.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'ese hueco ya está reservado' })).toBeVisible()

		await page.getByRole('link', { name: 'Reprogramar' }).click()
		await expect(slotRadio(form, takenMeanwhile)).toHaveCount(0)
		await slotRadio(form, moveTo).check()
		await form.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByRole('status')).toContainText('La reunión ha sido reprogramada correctamente.')
		await page.getByRole('link', { name: 'Cancelar' }).click()
		await page.getByRole('button', { name: 'Sí, cancelar reunión' }).click()
		await expect(page.getByRole('status')).toContainText('La reunión ha sido cancelada.')
		const row = await serviceClient().from('reservas').select('status, fecha').eq('id', booking.id).single()
		expect(row.data).toEqual({ status: 'cancelada', fecha: moveTo.fecha })
		await context.close()
	})
})

test.describe('dashboard', () => {
	/** The page links are cards of one width, each row centred under the page's width (issue 68). */
	async function expectEvenCards(page: Page) {
		const grid = page.getByRole('region', { name: 'Todo tu panel' }).getByRole('list')
		const box = await grid.boundingBox()
		const cards = await grid.getByRole('listitem').evaluateAll((items) =>
			items.map((item) => {
				const card = item.getBoundingClientRect()
				return { top: Math.round(card.top), left: card.left, right: card.right, width: card.width }
			}),
		)
		expect(cards).toHaveLength(5)
		for (const card of cards) expect(card.width).toBeCloseTo(cards[0]?.width ?? 0, 0)
		for (const top of new Set(cards.map((card) => card.top))) {
			const row = cards.filter((card) => card.top === top)
			const before = Math.min(...row.map((card) => card.left)) - (box?.x ?? 0)
			const after = (box?.x ?? 0) + (box?.width ?? 0) - Math.max(...row.map((card) => card.right))
			expect(before, `row at ${top}`).toBeCloseTo(after, 0)
		}
	}

	test('empty: each block says what to do first, and the page links are cards of one width', async ({ page }) => {
		const account = await createAccount('panel-vacio')
		await signIn(page, account.email)
		const booking = page.getByRole('region', { name: 'Tu próxima reunión' })
		await expect(booking).toContainText('No tienes reuniones programadas.')
		await expect(booking.getByRole('link', { name: 'Reservar una demostración' })).toHaveAttribute(
			'href',
			siteURL('/solicitar-demostracion-kia'),
		)
		const plan = page.getByRole('region', { name: 'Tu plan' })
		await expect(plan).toContainText('Aún no tienes un plan.')
		await expect(plan.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', siteURL('/tarifas'))
		const requests = page.getByRole('region', { name: 'Solicitudes abiertas' })
		await expect(requests).toContainText('No tienes solicitudes abiertas.')
		await expect(requests.getByRole('link', { name: 'Nueva solicitud' })).toHaveAttribute(
			'href',
			'/dashboard/soporte#nueva-solicitud',
		)
		await expect(page.getByRole('region', { name: 'Tus asistentes' })).toContainText(
			'Cuando pongamos en marcha tu asistente, aquí verás en qué estado está.',
		)
		for (const width of [1280, 1440, 900, 390]) {
			await page.setViewportSize({ width, height: 900 })
			await expectEvenCards(page)
		}
	})

	test('with data: the next confirmed meeting, the plan and its renewal, open requests, each assistant', async ({
		page,
	}) => {
		const account = await createAccount('panel-vivo')
		const sooner = await createMeeting(account.id, account.email, { status: 'cancelada' })
		const next = await createMeeting(account.id, account.email, { motivo: 'Facturas VERIFACTU' })
		await createMeeting(account.id, account.email, { motivo: 'Una más tarde' })
		const tag = uniqueName('panel').replaceAll('-', '_')
		await serviceClient()
			.from('suscripciones')
			.insert({
				id: `sub_${tag}`,
				user_id: account.id,
				customer_id: `cus_${tag}`,
				price_id: 'price_business_monthly',
				plan: 'business',
				periodo: 'monthly',
				status: 'active',
				current_period_end: '2027-01-15T10:00:00Z',
			})
			.throwOnError()
		const open = await createSupportRequest(account.id, 'Cambiar el horario del asistente')
		const solved = await createSupportRequest(account.id, 'Una duda resuelta')
		await serviceClient().from('form_submissions').update({ status: 'resuelta' }).eq('id', solved).throwOnError()
		await serviceClient()
			.from('asistentes')
			.insert([
				{
					user_id: account.id,
					nombre: 'Asistente fiscal',
					canales: ['web'],
					estado: 'activo',
					fecha_activacion: '2026-11-03',
				},
				{ user_id: account.id, nombre: 'Cobros', canales: ['pagos'], estado: 'en_preparacion' },
			])
			.throwOnError()
		await signIn(page, account.email)

		const booking = page.getByRole('region', { name: 'Tu próxima reunión' })
		await expect(booking).toContainText(formatBookingTime(next.fecha, next.hora))
		await expect(booking).not.toContainText(formatBookingTime(sooner.fecha, sooner.hora))
		await expect(booking).toContainText('Facturas VERIFACTU')
		await expect(booking.getByRole('link', { name: 'Unirse' })).toHaveAttribute('target', '_blank')
		const plan = page.getByRole('region', { name: 'Tu plan' })
		await expect(plan).toContainText('Plan Business')
		await expect(plan).toContainText('Mensual')
		await expect(plan).toContainText('Activa')
		await expect(plan).toContainText('Se renueva el 15 de enero de 2027.')
		const requests = page.getByRole('region', { name: 'Solicitudes abiertas' })
		await expect(requests.getByRole('listitem')).toHaveCount(1)
		await expect(requests.getByRole('link', { name: 'Cambiar el horario del asistente' })).toHaveAttribute(
			'href',
			`/dashboard/soporte/${open}`,
		)
		const assistants = page.getByRole('region', { name: 'Tus asistentes' })
		await expect(assistants.getByRole('listitem').filter({ hasText: 'Asistente fiscal' })).toContainText('Activo')
		await expect(assistants.getByRole('listitem').filter({ hasText: 'Cobros' })).toContainText('En preparación')

		// Rescheduling from here opens the meeting's form on the meetings page.
		await booking.getByRole('link', { name: 'Reprogramar' }).click()
		await expect(page).toHaveURL(portalURL(`/dashboard/reuniones?reprogramar=${next.id}`))
		await expect(page.getByRole('region', { name: 'Reprogramar reunión' })).toBeVisible()
	})

	test('an admin’s own panel shows their things, not every client’s', async ({ page }) => {
		const client = await createAccount('panel-ajeno')
		await createSupportRequest(client.id, 'Solo del cliente')
		await serviceClient()
			.from('asistentes')
			.insert({ user_id: client.id, nombre: 'Asistente ajeno', canales: ['web'] })
			.throwOnError()
		const admin = await createAdminAccount('panel-admin')
		await startSession(page, admin.email)
		await page.goto(portalURL('/dashboard'))
		await expect(page.getByRole('region', { name: 'Solicitudes abiertas' })).toContainText(
			'No tienes solicitudes abiertas.',
		)
		await expect(page.getByText('Asistente ajeno')).toHaveCount(0)
		await expect(page.getByText('Solo del cliente')).toHaveCount(0)
	})
})

test.describe('account', () => {
	test("a new account's nombre and apellidos start from the name given at sign-up", async ({ page }) => {
		const account = await createAccount('nombre-inicial', 'María José García López')
		await startSession(page, account.email)
		await page.goto(portalURL('/dashboard/cuenta'))
		await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('María José')
		await expect(page.getByLabel('Apellidos')).toHaveValue('García López')
	})

	test('saved values reload; a crafted post cannot change role or e-mail', async ({ page }) => {
		const account = await createAccount('perfil')
		await startSession(page, account.email)
		await openApp(page, portalURL('/dashboard/cuenta'))
		await expect(page.getByLabel('Email')).toHaveValue(account.email)
		await page.getByLabel('Nombre', { exact: true }).fill('Teresa')
		await page.getByLabel('Apellidos').fill('Lloret Sanz')
		await page.getByLabel('Teléfono').fill('600 123 456')
		await page.getByLabel('Preferencia de comunicación').selectOption('whatsapp')
		await page.getByRole('button', { name: 'Guardar cambios' }).click()
		await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible()
		await page.reload()
		await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Teresa')
		// Saved as digits, shown grouped as Spain writes it.
		await expect(page.getByLabel('Teléfono')).toHaveValue('600 12 34 56')
		await expect(page.getByLabel('Preferencia de comunicación')).toHaveValue('whatsapp')

		// Every field of the form (a post without one is refused: issue 66), and two it does not have.
		const crafted = await postAs(page, portalURL('/dashboard/cuenta'), {
			intent: 'profile',
			nombre: 'Teresa',
			apellidos: '',
			role: 'admin',
			email: 'otra@kia.test',
			prefijo_pais: '+34',
			telefono: '',
			preferencia_comunicacion: 'email',
		})
		expect(crafted.status).toBe(302)
		const profile = await serviceClient()
			.from('usuarios')
			.select('role, email, full_name, phone')
			.eq('id', account.id)
			.single()
		expect(profile.data).toEqual({ role: 'cliente', email: account.email, full_name: 'Teresa', phone: null })
	})

	test('a select is drawn like the fields beside it, with a chevron in each theme, not the platform’s arrow', async ({
		page,
	}) => {
		const account = await createAccount('desplegable')
		await signIn(page, account.email)
		const chevronIn = async (theme: 'light' | 'dark') => {
			await page.context().addCookies([{ name: 'kia-portal-theme', value: theme, url: portalURL('/') }])
			await page.goto(portalURL('/dashboard/cuenta'))
			const select = page.getByLabel('Preferencia de comunicación')
			await expect(select).toBeEnabled()
			return select.evaluate((element) => {
				const style = getComputedStyle(element)
				return {
					appearance: style.appearance,
					image: style.backgroundImage,
					paddingRight: parseFloat(style.paddingRight),
				}
			})
		}
		const light = await chevronIn('light')
		const dark = await chevronIn('dark')
		for (const drawn of [light, dark]) {
			expect(drawn.appearance).toBe('none')
			expect(drawn.image).toContain('data:image/svg+xml')
			expect(drawn.paddingRight).toBeGreaterThanOrEqual(36)
		}
		expect(dark.image).not.toBe(light.image)
	})

	test('password change: empty does nothing, mismatch and a wrong current one are explained, a new one works', async ({
		page,
	}) => {
		const account = await createAccount('clave')
		await startSession(page, account.email)
		await openApp(page, portalURL('/dashboard/cuenta'))
		await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
		await expect(page.getByText('Contraseña actualizada correctamente')).toHaveCount(0)
		await page.getByLabel('Contraseña actual').fill(testPassword)
		await page.getByLabel('Nueva contraseña').fill('clave-nueva-1')
		await page.getByLabel('Repite la contraseña').fill('clave-nueva-2')
		await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
		await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible()
		await page.getByLabel('Contraseña actual').fill('no-es-la-actual')
		await page.getByLabel('Nueva contraseña').fill('clave-nueva-1')
		await page.getByLabel('Repite la contraseña').fill('clave-nueva-1')
		await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
		await expect(page.getByText('La contraseña actual no es correcta.').first()).toBeVisible()
		await page.getByLabel('Contraseña actual').fill(testPassword)
		await page.getByLabel('Nueva contraseña').fill('clave-nueva-1')
		await page.getByLabel('Repite la contraseña').fill('clave-nueva-1')
		await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
		await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible()
	})

	test('password change without JavaScript: the current password is asked for, then the new one is set', async ({
		browser,
	}) => {
		const account = await createAccount('clave-sin-js')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await startSession(page, account.email)
		await page.goto(portalURL('/dashboard/cuenta'))
		await page.getByLabel('Contraseña actual').fill('no-es-la-actual')
		await page.getByLabel('Nueva contraseña').fill('clave-nueva-1')
		await page.getByLabel('Repite la contraseña').fill('clave-nueva-1')
		await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
		await expect(page.getByText('La contraseña actual no es correcta.').first()).toBeVisible()
		await page.getByLabel('Contraseña actual').fill(testPassword)
		await page.getByLabel('Nueva contraseña').fill('clave-nueva-1')
		await page.getByLabel('Repite la contraseña').fill('clave-nueva-1')
		await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
		// Playwright's text matching skips <noscript>, where the static toast is: read it by its element.
		await expect(page.locator('[data-toast]')).toHaveText(['Contraseña actualizada correctamente'])
		await context.close()
	})

	test('assistants: empty state with a link to the plans', async ({ page }) => {
		const account = await createAccount('asistentes')
		await startSession(page, account.email)
		await page.goto(portalURL('/dashboard/asistentes'))
		await expect(page.getByText('Todavía no has creado ningún asistente.')).toBeVisible()
		// Only KIA creates them: the page says so (issue 55).
		await expect(
			page.getByText('Tu asistente lo creamos nosotros al contratar un plan', { exact: false }),
		).toBeVisible()
		await expect(page.getByRole('link', { name: 'Solicitar asistente' })).toHaveAttribute('href', siteURL('/tarifas'))
		await serviceClient()
			.from('asistentes')
			.insert({ user_id: account.id, nombre: 'Asistente fiscal', empresa: 'Gestoría Lloret' })
		await page.reload()
		await expect(page.getByRole('heading', { name: 'Asistente fiscal' })).toBeVisible()
	})
})

test.describe('session upkeep', () => {
	test('a session close to expiry is refreshed on the next request, and signed-in pages are never cached', async ({
		page,
	}) => {
		const account = await createAccount('refresco')
		await signIn(page, account.email)
		const cookies = await page.context().cookies(portalURL('/'))
		const sessionCookie = cookies.find((cookie) => /^sb-.*-auth-token$/.test(cookie.name))
		expect(sessionCookie, 'one session cookie (not chunked) for a small session').toBeTruthy()
		const session = JSON.parse(
			Buffer.from((sessionCookie?.value ?? '').replace(/^base64-/, ''), 'base64url').toString(),
		) as {
			expires_at: number
			refresh_token: string
		}
		// Pretend the access token expires in 30 s: within the 90 s margin, so the server refreshes it.
		const nearExpiry = { ...session, expires_at: Math.floor(Date.now() / 1000) + 30 }
		await page
			.context()
			.addCookies([
				{ ...sessionCookie!, value: `base64-${Buffer.from(JSON.stringify(nearExpiry)).toString('base64url')}` },
			])

		const response = await page.goto(portalURL('/dashboard'))
		expect(response?.headers()['cache-control']).toMatch(/private.*no-store/)
		await expect(page.getByRole('heading', { name: /^Te damos la bienvenida, / })).toBeVisible()
		const refreshed = (await page.context().cookies(portalURL('/'))).find(
			(cookie) => cookie.name === sessionCookie?.name,
		)
		const renewed = JSON.parse(
			Buffer.from((refreshed?.value ?? '').replace(/^base64-/, ''), 'base64url').toString(),
		) as {
			expires_at: number
			refresh_token: string
		}
		expect(renewed.refresh_token).not.toBe(session.refresh_token)
		expect(renewed.expires_at).toBeGreaterThan(nearExpiry.expires_at)

		const site = await page.goto(siteURL('/'))
		expect(site?.headers()['cache-control']).toMatch(/private.*no-store/)
	})
})
