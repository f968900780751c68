import type { Locator, Page, Request } from '@playwright/test'
import { motivationalQuotes } from '../../app/content/not-found'
import { expect, openApp, reloadApp, test } from '../support/e2e-test'
import { portalURL, rawRequest, siteURL } from '../support/urls'
import { createAccount, createAdminAccount } from '../support/data'
import { signIn } from '../support/browser'
import { screenshotThemes, screenshotViewports } from '../support/screenshots'

function collectConsoleErrors(page: Page) {
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	return errors
}

test.describe('host selection', () => {
	test('the portal’s / shows the sign-in page in the browser', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(portalURL('/'))
		await expect(page).toHaveURL(portalURL('/auth'))
		await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-current', 'page')
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		expect(errors).toEqual([])
	})

	test('the site home renders without console errors', async ({ page }) => {
		const errors = collectConsoleErrors(page)
		await page.goto(siteURL('/'))
		await expect(page.getByRole('heading', { level: 1, name: 'Haz menos. Logra más. Vive mejor.' })).toBeVisible()
		await expect(page).toHaveTitle(/KIA/)
		expect(errors).toEqual([])
	})
})

test.describe('theme', () => {
	test('dark by default, Claro survives a reload with a light first paint, hosts keep separate choices', async ({
		page,
	}) => {
		await openApp(page, siteURL('/'))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

		await page.getByRole('banner').getByRole('button', { name: 'Claro' }).click()
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
		await expect(page.getByRole('banner').getByRole('button', { name: 'Claro' })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
		await expect.poll(() => page.evaluate(() => localStorage.getItem('kia-theme'))).toBe('light')

		await expect
			.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'kia-theme')?.value)
			.toBe('light')
		const reload = await page.reload()
		// The server already renders the light theme: nothing to repaint after load.
		expect(await reload?.text()).toContain('data-theme="light"')

		await openApp(page, portalURL('/auth'))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
		await page.getByRole('banner').getByRole('button', { name: 'Sistema' }).click()
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
		await expect.poll(() => page.evaluate(() => localStorage.getItem('kia-portal-theme'))).toBe('system')

		await page.goto(siteURL('/'))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
	})

	test('Sistema follows the operating system', async ({ browser }) => {
		const context = await browser.newContext({ colorScheme: 'light' })
		const page = await context.newPage()
		await openApp(page, siteURL('/'))
		await page.getByRole('banner').getByRole('button', { name: 'Sistema' }).click()
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
		const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
		const light = await background()
		await page.emulateMedia({ colorScheme: 'dark' })
		await expect.poll(background).not.toBe(light)
		await context.close()
	})

	test('a choice kept only in localStorage is restored before the first paint', async ({ page, context }) => {
		await openApp(page, siteURL('/'))
		await page.getByRole('banner').getByRole('button', { name: 'Claro' }).click()
		await expect.poll(() => page.evaluate(() => localStorage.getItem('kia-theme'))).toBe('light')
		await context.clearCookies()
		await reloadApp(page)
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
		expect((await context.cookies()).find((cookie) => cookie.name === 'kia-theme')?.value).toBe('light')
		await expect(page.getByRole('banner').getByRole('button', { name: 'Claro' })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
		await expect.poll(() => page.evaluate(() => localStorage.getItem('kia-theme'))).toBe('light')
	})

	test('a choice is kept even when the page falls back to the server’s last theme before a reload', async ({
		page,
		context,
	}) => {
		await openApp(page, siteURL('/'))
		const loaderData = /\.data(\?|$)/
		const revalidation = (request: Request) => request.method() === 'GET' && loaderData.test(request.url())
		// The cookies go before the loaders are asked again after the choice, as when a reload cuts that short.
		await page.route(loaderData, async (route) => {
			if (revalidation(route.request())) await context.clearCookies()
			await route.continue()
		})
		const revalidated = page.waitForResponse((response) => revalidation(response.request()))
		await page.getByRole('banner').getByRole('button', { name: 'Claro' }).click()
		await revalidated
		// The page is back on the server's last theme, the dark default.
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
		await page.unroute(loaderData)
		await reloadApp(page)
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
		await expect(page.getByRole('banner').getByRole('button', { name: 'Claro' })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
	})

	test('a choice saved while the page was on its way shows from the first paint', async ({ page, context }) => {
		// The cookie comes after the request has left without it, as Claro's answer can during a reload.
		await page.route(siteURL('/'), async (route) => {
			const { status, headers, body } = await rawRequest(route.request().url())
			await context.addCookies([{ name: 'kia-theme', value: 'light', url: siteURL('/') }])
			await route.fulfill({
				status,
				headers: {
					'content-type': String(headers['content-type']),
					'content-security-policy': String(headers['content-security-policy']),
				},
				body,
			})
		})
		const response = await page.goto(siteURL('/'))
		expect(await response?.text()).toContain('data-theme="dark"')
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
		// Once hydrated, the switch and localStorage agree with the page.
		await expect(page.getByRole('banner').getByRole('button', { name: 'Claro' })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
		await expect.poll(() => page.evaluate(() => localStorage.getItem('kia-theme'))).toBe('light')
	})

	test('the switch works with JavaScript disabled', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/'))
		await page.getByRole('banner').getByRole('button', { name: 'Claro' }).click()
		await expect(page).toHaveURL(siteURL('/'))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
		await page.goto(portalURL('/auth'))
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
		await context.close()
	})
})

/** The 404 block of the page, its quote left out: what must look the same wherever a 404 shows. */
async function notFoundBlock(page: Page) {
	const block = page
		.getByRole('main')
		.locator('div', { has: page.getByRole('heading', { name: 'Página no encontrada' }) })
	return (await block.last().evaluate((element) => element.outerHTML)).replace(/“[^”]*”/, '“…”')
}

test.describe('not found and errors', () => {
	for (const [name, url] of [
		['site', siteURL],
		['portal', portalURL],
	] as const) {
		test(`unknown paths on the ${name} answer 404 with the not-found page`, async ({ page }) => {
			const response = await page.goto(url('/no-existe/en-absoluto'))
			expect(response?.status()).toBe(404)
			await expect(page.getByText('404', { exact: true })).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
			const quote = (await page.locator('blockquote').textContent())?.replace(/[“”]/g, '')
			expect(motivationalQuotes).toContain(quote)
			const home = page.getByRole('link', { name: 'Volver al inicio' })
			await expect(home).toHaveAttribute('href', '/')
			await expect(page).toHaveTitle('Página no encontrada · KIA')
		})
	}

	// Issue 68: /no-existe was a bare page with a logo, while /tarifas/gold kept the header and the footer.
	test('the site’s unknown path is the same 404 as a page’s, in the header and the footer, posted to as well', async ({
		page,
	}) => {
		await openApp(page, siteURL('/tarifas/gold'))
		const inAPage = await notFoundBlock(page)
		for (const path of ['/no-existe', '/no-existe/en-absoluto']) {
			const response = await openApp(page, siteURL(path))
			expect(response?.status(), path).toBe(404)
			await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' })).toBeVisible()
			await expect(page.getByRole('contentinfo')).toBeVisible()
			await expect(page.getByRole('main')).toHaveCount(1)
			expect(await notFoundBlock(page), path).toBe(inAPage)
		}
		const posted = await rawRequest(siteURL('/no-existe'), {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: siteURL('') },
			body: 'a=1',
		})
		expect(posted.status).toBe(404)
		expect(posted.body).toContain('Página no encontrada')
		expect(posted.body).toContain('Acceso Clientes')
	})

	test('the portal’s unknown path keeps the portal’s frame: its sign-in header, or the menus once signed in', async ({
		page,
	}) => {
		const response = await openApp(page, portalURL('/no-existe'))
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('banner').getByRole('link', { name: 'KIA, volver a la web' })).toBeVisible()
		await expect(page.getByRole('main').getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()

		const { email } = await createAccount('ruta-inexistente')
		await signIn(page, email)
		await openApp(page, portalURL(`/dashboard/soporte/${crypto.randomUUID()}`))
		const inAPage = await notFoundBlock(page)
		const missing = await openApp(page, portalURL('/no-existe'))
		expect(missing?.status()).toBe(404)
		expect(await notFoundBlock(page)).toBe(inAPage)
		await page.getByRole('navigation').getByRole('link', { name: 'Reuniones' }).first().click()
		await expect(page).toHaveURL(portalURL('/dashboard/reuniones'))
		await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toHaveCount(0)
	})

	// Issue 68: a path of the other host's (the portal's /dashboard on the site, the site's /tarifas on the portal) was a
	// bare page with a logo: the host guard's 404 had no frame to be drawn in.
	test('a path of the other host’s is that host’s own 404, in its frame, signed out and signed in', async ({
		page,
	}) => {
		await openApp(page, siteURL('/no-existe'))
		const onTheSite = await notFoundBlock(page)
		for (const path of ['/dashboard', '/dashboard/reuniones', '/admin/usuarios', '/auth']) {
			const response = await openApp(page, siteURL(path))
			expect(response?.status(), path).toBe(404)
			await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' }), path).toBeVisible()
			await expect(page.getByRole('contentinfo'), path).toBeVisible()
			await expect(page.getByRole('main'), path).toHaveCount(1)
			expect(await notFoundBlock(page), path).toBe(onTheSite)
		}
		await openApp(page, portalURL('/no-existe'))
		const onThePortal = await notFoundBlock(page)
		for (const path of ['/tarifas', '/solicitar-demostracion-kia', '/blog/una-entrada']) {
			const response = await openApp(page, portalURL(path))
			expect(response?.status(), path).toBe(404)
			await expect(page.getByRole('banner').getByRole('link', { name: 'KIA, volver a la web' }), path).toBeVisible()
			expect(await notFoundBlock(page), path).toBe(onThePortal)
		}
		// Without JavaScript too: the frame is in the HTML.
		const plain = await rawRequest(portalURL('/tarifas'))
		expect(plain.status).toBe(404)
		expect(plain.body).toContain('KIA, volver a la web')
		expect(plain.body).toContain('Página no encontrada')

		const { email } = await createAccount('otro-host')
		await signIn(page, email)
		await openApp(page, portalURL('/tarifas'))
		await expect(page.getByRole('navigation').getByRole('link', { name: 'Reuniones' }).first()).toBeVisible()
		await expect(page.getByRole('main').getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
		await openApp(page, siteURL('/dashboard'))
		await expect(page.getByRole('banner').getByRole('link', { name: /Ir al Dashboard/ })).toBeVisible()
		await expect(page.getByRole('main').getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
	})

	test('screenshots of the 404 on both hosts, and of a path of the other host’s, desktop and phone, dark and light', async ({
		browser,
	}) => {
		for (const [name, url] of [
			['404-web', siteURL('/no-existe')],
			['404-web-ruta-del-portal', siteURL('/dashboard')],
			['404-portal', portalURL('/no-existe')],
			['404-portal-ruta-de-la-web', portalURL('/tarifas')],
		] as const) {
			await screenshotThemes(browser, { name, url })
		}
	})

	test('an unexpected error renders “Algo salió mal” with status 500 and no stack trace', async ({ page }) => {
		const response = await page.goto(siteURL('/__test/error'))
		expect(response?.status()).toBe(500)
		await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toBeVisible()
		await expect(page.getByText('equipo técnico ya ha sido notificado')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute('href', '/')
		await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
		const html = await page.content()
		expect(html).not.toContain('Error provocado por la ruta de prueba')
		expect(html).not.toMatch(/at .*\.js:\d+/)
	})
})

test.describe('a page that fails keeps its layout', () => {
	test('a page of the site: the 404 and the unexpected error sit between the header and the footer', async ({
		page,
	}) => {
		const missing = await page.goto(siteURL('/tarifas/no-existe'))
		expect(missing?.status()).toBe(404)
		await expect(page.getByRole('main').getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
		await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' })).toBeVisible()
		await expect(page.getByRole('contentinfo')).toBeVisible()
		await expect(page.getByRole('main')).toHaveCount(1)

		const failed = await page.goto(siteURL('/__test/error-en-pagina'))
		expect(failed?.status()).toBe(500)
		await expect(page.getByRole('main').getByRole('heading', { name: 'Algo salió mal' })).toBeVisible()
		await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' })).toBeVisible()
		await expect(page.getByRole('contentinfo')).toBeVisible()
		expect(await page.content()).not.toContain('Error provocado por la ruta de prueba')
	})

	test('a page of the client portal: its 404 keeps the menu, and the menu still works', async ({ page }) => {
		const { email } = await createAccount('pagina-fallida')
		await signIn(page, email)
		const missing = await openApp(page, portalURL(`/dashboard/soporte/${crypto.randomUUID()}`))
		expect(missing?.status()).toBe(404)
		await expect(page.getByRole('main').getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
		await page.getByRole('navigation').getByRole('link', { name: 'Reuniones' }).first().click()
		await expect(page).toHaveURL(portalURL('/dashboard/reuniones'))
		await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toHaveCount(0)
	})

	test('a page of the back office: its 404 keeps the section menu', async ({ page }) => {
		const { email } = await createAdminAccount('pagina-fallida-admin')
		await signIn(page, email)
		const missing = await page.goto(portalURL(`/admin/soporte/${crypto.randomUUID()}`))
		expect(missing?.status()).toBe(404)
		await expect(page.getByRole('main').getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
		await expect(
			page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Soporte' }),
		).toBeVisible()
	})
})

/** A toast that has finished sliding in: the same place two frames apart. */
async function toastAtRest(toast: Locator) {
	const first = await toast.boundingBox()
	await toast.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
	const second = await toast.boundingBox()
	return first !== null && second !== null && first.y === second.y && first.x === second.x
}

test.describe('toasts', () => {
	test('a toast queued by the server shows once, animated by sonner', async ({ page }) => {
		await page.goto(siteURL('/__test/toast?type=success'))
		await expect(page).toHaveURL(siteURL('/'))
		await expect(page.getByText('Aviso de prueba')).toBeVisible()
		await page.reload()
		await expect(page.getByText('Aviso de prueba')).toHaveCount(0)
	})

	// Issue 20, then 68: a toast, its close button included, never covers the header or its buttons, on either host.
	for (const [host, url, to] of [
		['site', siteURL, ''],
		['portal', portalURL, '&to=auth'],
	] as const) {
		test(`a ${host} toast keeps clear of the header, on a desktop and on a phone`, async ({ page }) => {
			for (const viewport of [screenshotViewports.desktop, screenshotViewports.phone]) {
				await page.setViewportSize(viewport)
				await page.goto(url(`/__test/toast?type=success${to}`))
				const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Aviso de prueba' })
				await expect(toast).toBeVisible()
				const header = await page.getByRole('banner').boundingBox()
				const headerBottom = (header?.y ?? 0) + (header?.height ?? 0)
				// Sonner slides a toast in: its resting place is what counts.
				await expect.poll(async () => toastAtRest(toast)).toBe(true)
				for (const part of [toast, toast.getByRole('button', { name: 'Cerrar aviso' })]) {
					const box = await part.boundingBox()
					const clear = box !== null && (box.y >= headerBottom || box.y + box.height <= (header?.y ?? 0))
					expect(clear, `${host} at ${viewport.width} px: ${JSON.stringify(box)} under ${headerBottom}`).toBe(true)
				}
			}
		})
	}

	test('screenshots of a toast on each host, desktop and phone, dark and light', async ({ browser }) => {
		for (const [name, url] of [
			['aviso-web', siteURL('/__test/toast?type=success')],
			['aviso-portal', portalURL('/__test/toast?type=success&to=auth')],
		] as const) {
			await screenshotThemes(browser, {
				name,
				url,
				prepare: async (page) => {
					const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Aviso de prueba' })
					await expect.poll(async () => (await toast.isVisible()) && toastAtRest(toast)).toBe(true)
				},
			})
		}
	})

	test('without JavaScript the toast is part of the page', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(portalURL('/__test/toast?type=error&to=auth'))
		await expect(page).toHaveURL(portalURL('/auth'))
		const toast = page.getByRole('alert')
		await expect(toast).toContainText('Aviso de prueba')
		await expect(toast).toContainText('Este aviso viaja en una cookie de un solo uso.')
		await context.close()
	})
})

test.describe('the suite itself', () => {
	// tests/support/e2e-test.ts: on a busy machine 'networkidle' fired before the router existed (measured with the
	// CPU slowed 4× to 30×), and a click then sent a plain document post.
	test('a page opened with openApp has hydrated, even on a CPU eight times slower', async ({ page }) => {
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
		await openApp(page, siteURL('/contacto'))
		const hydrated = await page.evaluate(() => {
			const form = document.querySelector('#contacto form') ?? document.querySelector('form')
			return (
				'__reactRouterDataRouter' in window &&
				form !== null &&
				Object.keys(form).some((key) => key.startsWith('__reactProps'))
			)
		})
		expect(hydrated).toBe(true)
	})
})
