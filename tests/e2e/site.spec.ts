import { createClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import ws from 'ws'
import type { Database } from '../../app/lib/database.types'
import { submittedEmail, waitForMail } from '../support/e2e-data'
import { expect, test } from '../support/e2e-test'
import { honeypotFields } from '../support/honeypot'
import { localServiceRoleKey } from '../support/keys'
import { uniqueAddress, uniqueEmail, uniqueName } from '../support/unique'
import { portalURL, rawRequest, siteURL } from '../support/urls'

const service = () =>
	createClient<Database>(process.env.E2E_SUPABASE_URL ?? '', localServiceRoleKey, {
		auth: { persistSession: false },
		realtime: { transport: ws as never },
	})

// Each public route: its <title> and strings the spec gives it.
const routes: [path: string, title: RegExp, strings: string[]][] = [
	[
		'/',
		/KIA/,
		[
			'Haz menos. Logra más. Vive mejor.',
			'Descubre KIA',
			'Ver demo',
			'Así funciona la magia',
			'Reservar demostración gratuita',
			'Preguntas frecuentes',
		],
	],
	[
		'/contacto',
		/Contacto/,
		[
			'Hablemos de tu proyecto',
			'O reserva una reunión',
			'Tu nombre completo',
			'Cuéntanos cómo podemos ayudarte...',
			'Mutxamel',
		],
	],
	['/blog', /Blog/, ['Todas', 'VERIFACTU']],
	['/blog/verifactu-que-cambia-y-como-prepararte', /VERIFACTU/, ['Volver al blog', 'Laura Martínez']],
	[
		'/tarifas',
		/Tarifas/,
		['Anual', 'Mensual', 'Servicios adicionales', '999 €', '1.999 €', '4.999 €', 'desde 149 €/mes'],
	],
	[
		'/tarifas/starter',
		/Starter/,
		[
			'Qué incluye',
			'Tu propia WebApp',
			'Pagar y Activar',
			'Comparar con otros planes',
			'Reservar reunión',
			'1 función activa a tu elección',
		],
	],
	['/tarifas/business', /Business/, ['Hasta 5 funciones activas', 'Pagar y Activar']],
	['/tarifas/enterprise', /Enterprise/, ['Facturación electrónica VERIFACTU', 'pago único']],
	['/como-funciona', /Cómo funciona/, ['Paso 6', 'href="/funcionalidades/facturas"']],
	['/funcionalidades', /Funciones/, ['Todo lo que tu asistente puede hacer por ti', 'Saber más sobre VERIFACTU']],
	[
		'/funcionalidades/facturas',
		/Facturas al día/,
		['Un ejemplo', 'Facturación electrónica VERIFACTU', 'Real Decreto 1007/2023', 'Solicitar demostración gratuita'],
	],
	['/proyectos', /Proyectos|proyectos/, ['El reto', 'La solución']],
	['/sobre-kia', /Sobre KIA/, ['Cuéntanos cómo podemos ayudarte...']],
	['/politica-privacidad', /Política de privacidad/, ['25 de julio de 2025']],
	['/politica-cookies', /Política de cookies/, ['23 de noviembre de 2026', 'Guardar preferencias']],
	['/terminos-contratacion', /Términos de contratación/, ['25 de julio de 2025']],
	['/webapp-incluida', /WebApp/, ['Ver', 'tarifas']],
	['/logotipo', /Logotipo/, ['Descargar logotipo']],
	['/invertir', /Invierte/, ['Freemium', 'Avanzado', 'Premium', 'PRO']],
	['/sostenibilidad', /ostenib/, ['climate.stripe.com']],
	['/solicitar-demostracion-kia', /demostración/, ['Inicio', 'Solicitar demostración', '15 minutos']],
]

test.describe('public routes', () => {
	test('every public route answers 200 with its title and key strings', async () => {
		for (const [path, title, strings] of routes) {
			const response = await rawRequest(siteURL(path))
			// Intl puts a no-break space between amount and currency.
			response.body = response.body.replace(/\u00a0/g, ' ')
			expect(response.status, path).toBe(200)
			const pageTitle = /<title>([^<]*)<\/title>/.exec(response.body)?.[1] ?? ''
			expect(pageTitle, path).toMatch(title)
			for (const text of strings) expect(response.body, `${path}: ${text}`).toContain(text.replace(/&/g, '&amp;'))
			expect(response.body, path).toContain('rel="canonical"')
			expect(response.body, path).toContain('property="og:title"')
		}
	})

	test('unknown blog slugs, plans and capabilities answer 404', async () => {
		const post = await rawRequest(siteURL('/blog/no-existe'))
		expect(post.status).toBe(404)
		expect(post.body).toContain('Artículo no encontrado')
		expect((await rawRequest(siteURL('/tarifas/premium'))).status).toBe(404)
		expect((await rawRequest(siteURL('/funcionalidades/premium'))).status).toBe(404)
	})

	test('SEO files: sitemap with every post, robots per host, noindex on /logotipo', async () => {
		const sitemap = await rawRequest(siteURL('/sitemap.xml'))
		expect(sitemap.body).toContain('/blog/verifactu-que-cambia-y-como-prepararte')
		expect(sitemap.body).toContain('/tarifas/enterprise')
		expect(sitemap.body).toContain('/funcionalidades/informes-metricas')
		expect(sitemap.body).not.toContain('borrador')
		expect((await rawRequest(siteURL('/robots.txt'))).body).toContain('Sitemap:')
		const portalRobots = (await rawRequest(siteURL('/robots.txt').replace('kia.localhost', 'portal.kia.localhost')))
			.body
		expect(portalRobots).toContain('Disallow: /')
		expect(portalRobots).toContain('Allow: /auth$')
		expect((await rawRequest(siteURL('/logotipo'))).body).toContain('noindex')
	})
})

test.describe('blog', () => {
	test('category grid counts the seeded posts and filters through ?tag=', async ({ page }) => {
		await page.goto(siteURL('/blog'))
		const categories = page.getByRole('navigation', { name: 'Categorías' })
		// Other tests publish posts of their own (without tags), so "Todas" is checked against this very page.
		const all = categories.getByRole('link', { name: /Todas\s*\d+/ })
		const total = Number(/\d+/.exec((await all.textContent()) ?? '')?.[0])
		expect(total).toBeGreaterThanOrEqual(6)
		await expect(page.getByRole('article')).toHaveCount(total)
		await expect(categories.getByRole('link', { name: /Automatización\s*3/ })).toBeVisible()
		await categories.getByRole('link', { name: /VERIFACTU/ }).click()
		await expect(page).toHaveURL(/tag=VERIFACTU/)
		await expect(page.getByRole('article')).toHaveCount(1)
	})

	test('a category without published posts is not offered; its address says there are none', async ({ page }) => {
		// One tag with no post, one whose only post is a draft: neither is anything a visitor can read.
		const unused = uniqueName('sin-articulos')
		const draftOnly = uniqueName('solo-borrador')
		const tags = await service()
			.from('blog_tags')
			.insert([{ name: unused }, { name: draftOnly }])
			.select('id, name')
		expect(tags.error).toBeNull()
		const draft = await service()
			.from('blog_posts')
			.insert({ title: draftOnly, slug: draftOnly, content: '<p>Borrador</p>', published_at: null })
			.select('id')
			.single()
		expect(draft.error).toBeNull()
		const draftTag = tags.data?.find((tag) => tag.name === draftOnly)
		expect(
			(
				await service()
					.from('blog_post_tags')
					.insert({ post_id: draft.data?.id ?? '', tag_id: draftTag?.id ?? '' })
			).error,
		).toBeNull()
		try {
			for (const name of [unused, draftOnly]) {
				// The ?tag= address is the tag's own, so the page is rendered now, not an earlier copy from the page cache.
				await page.goto(siteURL(`/blog?tag=${encodeURIComponent(name)}`))
				await expect(page.getByText('No hay artículos en esta categoría todavía.')).toBeVisible()
				const categories = page.getByRole('navigation', { name: 'Categorías' })
				await expect(categories.getByRole('link', { name: /VERIFACTU/ })).toBeVisible()
				await expect(categories.getByRole('link', { name: new RegExp(name) })).toHaveCount(0)
			}
		} finally {
			await service()
				.from('blog_posts')
				.delete()
				.eq('id', draft.data?.id ?? '')
			await service().from('blog_tags').delete().in('name', [unused, draftOnly])
		}
	})

	test('a post shows its date in Spanish long format and the body is sanitized', async ({ page }) => {
		const errors: string[] = []
		page.on('dialog', (dialog) => {
			errors.push(dialog.message())
			void dialog.dismiss()
		})
		const slug = uniqueName('prueba-de-limpieza')
		const inserted = await service().from('blog_posts').insert({
			title: 'Prueba de limpieza',
			slug,
			content:
				'<p onclick="alert(1)">Texto seguro</p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">enlace</a>',
			author: 'QA',
			published_at: '2025-07-25T10:00:00Z',
		})
		expect(inserted.error).toBeNull()
		try {
			const response = await page.goto(siteURL(`/blog/${slug}`))
			const html = (await response?.text()) ?? ''
			expect(html).not.toContain('alert(')
			expect(html).not.toContain('onerror')
			await expect(page.getByText('Texto seguro')).toBeVisible()
			await expect(page.getByText('25 de julio de 2025')).toBeVisible()
			expect(errors).toEqual([])
		} finally {
			await service().from('blog_posts').delete().eq('slug', slug)
		}
	})

	test('Compartir copies the link and confirms with a toast', async ({ page, context }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteURL('/').slice(0, -1) })
		await page.goto(siteURL('/blog/verifactu-que-cambia-y-como-prepararte'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Compartir' }).click()
		await expect(page.getByText('¡Enlace copiado al portapapeles!')).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
			siteURL('/blog/verifactu-que-cambia-y-como-prepararte'),
		)
	})
})

test.describe('cookie consent', () => {
	test('Aceptar todo hides the banner, persists, and updates Google consent mode', async ({ page }) => {
		await page.addInitScript(() => {
			const calls: unknown[] = []
			Object.assign(window, { __consentCalls: calls, gtag: (...args: unknown[]) => calls.push(args) })
		})
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		const banner = page.getByRole('region', { name: 'Consentimiento de cookies' })
		await banner.getByRole('button', { name: 'Aceptar todo' }).click()
		await expect(banner).toBeHidden()
		await expect
			.poll(() => page.evaluate(() => localStorage.getItem('cookie_consent')))
			.toBe('{"necessary":true,"analytics":true,"marketing":true}')
		expect(await page.evaluate(() => (window as unknown as { __consentCalls: unknown[] }).__consentCalls)).toEqual([
			[
				'consent',
				'update',
				{ analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
			],
		])
		const reload = await page.reload()
		expect(await reload?.text()).not.toContain('Consentimiento de cookies')
	})

	test('on a phone the banner keeps to a quarter of the screen, its three choices on one row', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		const banner = page.getByRole('region', { name: 'Consentimiento de cookies' })
		const box = await banner.boundingBox()
		expect(box?.height).toBeLessThanOrEqual(844 / 4)
		const tops = await Promise.all(
			['Personalizar', 'Rechazar', 'Aceptar todo'].map(
				async (name) => (await banner.getByRole('button', { name }).boundingBox())?.y,
			),
		)
		expect(new Set(tops).size).toBe(1)
	})

	test('Rechazar stores necessary only', async ({ page }) => {
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		await page
			.getByRole('region', { name: 'Consentimiento de cookies' })
			.getByRole('button', { name: 'Rechazar' })
			.click()
		await expect
			.poll(() => page.evaluate(() => localStorage.getItem('cookie_consent')))
			.toBe('{"necessary":true,"analytics":false,"marketing":false}')
	})

	test('Personalizar and Gestionar Cookies open the preferences; Guardar preferencias saves the switches', async ({
		page,
	}) => {
		await page.goto(siteURL('/contacto'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Personalizar' }).click()
		const dialog = page.getByRole('dialog', { name: 'Preferencias de cookies' })
		await dialog.getByRole('switch', { name: 'Análisis' }).click()
		await dialog.getByRole('button', { name: 'Guardar preferencias' }).click()
		await expect(dialog).toBeHidden()
		await expect
			.poll(() => page.evaluate(() => localStorage.getItem('cookie_consent')))
			.toBe('{"necessary":true,"analytics":true,"marketing":false}')
		await page.getByRole('button', { name: 'Gestionar Cookies' }).click()
		await expect(dialog.getByRole('switch', { name: 'Análisis' })).toBeChecked()
		await dialog.getByRole('button', { name: 'Rechazar todo' }).click()
		await expect
			.poll(() => page.evaluate(() => localStorage.getItem('cookie_consent')))
			.toBe('{"necessary":true,"analytics":false,"marketing":false}')
	})

	test('without JavaScript every choice is a form post that sticks', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/tarifas'))
		await page
			.getByRole('region', { name: 'Consentimiento de cookies' })
			.getByRole('button', { name: 'Aceptar todo' })
			.click()
		await expect(page).toHaveURL(siteURL('/tarifas'))
		await expect(page.getByRole('region', { name: 'Consentimiento de cookies' })).toHaveCount(0)
		await page.goto(siteURL('/politica-cookies'))
		await page.getByLabel('Marketing').uncheck()
		await page.getByRole('button', { name: 'Guardar preferencias' }).click()
		const cookie = (await context.cookies()).find((entry) => entry.name === 'cookie_consent')
		expect(decodeURIComponent(cookie?.value ?? '')).toBe('{"necessary":true,"analytics":true,"marketing":false}')
		await context.close()
	})
})

async function submissionsFrom(email: string) {
	const { data } = await service().from('form_submissions').select('form_type, data')
	return (data ?? []).filter((row) => submittedEmail(row.data) === email)
}

async function acceptCookies(page: Page) {
	await page.context().addCookies([
		{
			name: 'cookie_consent',
			value: encodeURIComponent('{"necessary":true,"analytics":false,"marketing":false}'),
			url: siteURL('/'),
		},
	])
}

test.describe('interactions', () => {
	test('FAQ: one item open at a time, collapsible', async ({ page }) => {
		await acceptCookies(page)
		await page.goto(siteURL('/#faq'), { waitUntil: 'networkidle' })
		const items = page.locator('#faq details')
		await expect(items).toHaveCount(10)
		await items.nth(0).locator('summary').click()
		await expect(items.nth(0)).toHaveAttribute('open', '')
		await items.nth(7).locator('summary').click()
		await expect(items.nth(7)).toHaveAttribute('open', '')
		await expect(items.nth(0)).not.toHaveAttribute('open', '')
		await items.nth(7).locator('summary').click()
		await expect(page.locator('#faq details[open]')).toHaveCount(0)
	})

	test('header turns translucent after 10 px of scroll', async ({ page }) => {
		await acceptCookies(page)
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		const header = page.locator('header').first()
		await expect(header).toHaveAttribute('data-scrolled', 'false')
		await page.mouse.wheel(0, 400)
		await expect(header).toHaveAttribute('data-scrolled', 'true')
		await expect(header).toHaveClass(/backdrop-blur/)
	})

	test('Tarifas dropdown lists the four pricing pages', async ({ page }) => {
		await acceptCookies(page)
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Tarifas' }).click()
		await page
			.getByRole('navigation', { name: 'Principal' })
			.getByRole('link', { name: /Enterprise/ })
			.click()
		await expect(page).toHaveURL(siteURL('/tarifas/enterprise'))
	})

	test('a phone never loads the Tarifas dropdown; a window widened to a desktop gets it', async ({ page }) => {
		const dropdownCode: string[] = []
		page.on('request', (request) => {
			if (/\/assets\/navigation-menu-[\w-]+\.js$/.test(request.url())) dropdownCode.push(request.url())
		})
		await acceptCookies(page)
		await page.setViewportSize({ width: 390, height: 844 })
		// Settled means the toaster has mounted once idle, and then the network was idle: the header asked for
		// its idle callback first (it comes before the toaster in the page), so a fetch of the dropdown would have
		// started by then and been waited for.
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		expect(dropdownCode).toEqual([])

		await page.setViewportSize({ width: 1280, height: 800 })
		const navigation = page.getByRole('navigation', { name: 'Principal' })
		await navigation.getByRole('button', { name: 'Tarifas' }).click()
		await expect(navigation.getByRole('link', { name: /Enterprise/ })).toBeVisible()
		expect(dropdownCode).toHaveLength(1)
	})

	test('pricing tabs live in the URL and work without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/tarifas'))
		await expect(page.getByText('1.999 €').first()).toBeVisible()
		await page.getByRole('link', { name: 'Mensual' }).click()
		await expect(page).toHaveURL(/periodo=mensual/)
		await expect(page.getByText('199 €').first()).toBeVisible()
		await context.close()
	})

	test('mobile menu at a phone viewport @phone', async ({ page }) => {
		await acceptCookies(page)
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto(siteURL('/'), { waitUntil: 'networkidle' })
		await page.getByRole('button', { name: 'Abrir menú' }).click()
		const menu = page.getByRole('dialog', { name: 'Menú' })
		await menu.getByRole('link', { name: 'Blog' }).click()
		await expect(page).toHaveURL(siteURL('/blog'))
		await expect(menu).toBeHidden()
	})

	test('the customer-access button leads to the portal sign-in', async ({ page }) => {
		await acceptCookies(page)
		await page.goto(siteURL('/'))
		await expect(page.getByRole('link', { name: 'Acceso Clientes' })).toHaveAttribute(
			'href',
			siteURL('/auth').replace('kia.localhost', 'portal.kia.localhost'),
		)
	})
})

test.describe('contact forms', () => {
	test('a contact message is stored and confirmed; bad input is explained next to the field', async ({ page }) => {
		const email = uniqueEmail('marta')
		await acceptCookies(page)
		await page.goto(siteURL('/contacto'), { waitUntil: 'networkidle' })
		const form = page.getByRole('main')
		await form.getByLabel('Nombre').fill('Marta Soler')
		await form.getByLabel('Email').fill('no-es-email')
		await form.getByLabel('Mensaje').fill('Quiero automatizar mis facturas.')
		await form.getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(form.getByText('Introduce un email válido.')).toBeVisible()
		await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
		await form.getByLabel('Email').fill(email)
		await form.getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(page.getByText('¡Mensaje Enviado!')).toBeVisible()
		await expect(form.getByLabel('Nombre')).toHaveValue('')
		const rows = await submissionsFrom(email)
		expect(rows).toEqual([
			{
				form_type: 'Contacto General',
				data: expect.objectContaining({ name: 'Marta Soler', message: 'Quiero automatizar mis facturas.' }),
			},
		])
	})

	test('without JavaScript: errors keep what was typed, success shows the toast', async ({ browser }) => {
		const email = uniqueEmail('inversora')
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(siteURL('/invertir'))
		const form = page.getByRole('main')
		await form.getByLabel('Nombre completo').fill('Inversora Uno')
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Mensaje').fill('Me interesa la ronda.')
		await form.getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(page.getByRole('status')).toContainText('¡Formulario enviado con éxito!')
		const rows = await submissionsFrom(email)
		expect(rows.map((row) => row.form_type)).toEqual(['investor_contact'])
		// The company's e-mail speaks Spanish, not the stored form type.
		const mail = await waitForMail('hola@kia.es', /^Nuevo formulario: inversor$/, email)
		expect(mail.text).toContain('Nombre: Inversora Uno')
		await context.close()
	})

	test('the company is e-mailed every saved message', async ({ page }) => {
		const email = uniqueEmail('jorge')
		await acceptCookies(page)
		await page.goto(siteURL('/sobre-kia'), { waitUntil: 'networkidle' })
		const form = page.getByRole('main')
		await form.getByLabel('Nombre').fill('Jorge Aviño')
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Mensaje').fill('Mensaje desde Sobre KIA')
		await form.getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(page.getByText('¡Mensaje Enviado!')).toBeVisible()
		// The company's inbox gets every test's messages: this one is the one that names this sender.
		const mail = await waitForMail('hola@kia.es', /^Nuevo formulario: contacto \(Sobre KIA\)$/, email)
		expect(mail.text).toContain('Se ha recibido un formulario «Contacto (Sobre KIA)» en la web')
		expect(mail.text).toContain('Nombre: Jorge Aviño')
		expect(mail.text).toContain('Mensaje: Mensaje desde Sobre KIA')
		expect((await submissionsFrom(email)).map((row) => row.form_type)).toEqual(['Contacto Sobre KIA'])
	})

	test('the server explains every missing field and keeps what was typed', async () => {
		const response = await rawRequest(siteURL('/contacto'), {
			method: 'POST',
			body: new URLSearchParams({
				name: '',
				email: 'sin-arroba',
				message: '<b>hola</b>',
				...(await honeypotFields(siteURL('/contacto'))),
			}).toString(),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: siteURL('/').slice(0, -1) },
		})
		expect(response.status).toBe(400)
		expect(response.body).toContain('Introduce tu nombre.')
		expect(response.body).toContain('Introduce un email válido.')
		expect(response.body).toContain('value="sin-arroba"')
		expect(response.body).toContain('&lt;b&gt;hola&lt;/b&gt;')
	})

	test('a bot that fills the honeypot stores nothing; a flood from one address is limited', async () => {
		const post = (fields: Record<string, string>, address: string) =>
			rawRequest(siteURL('/contacto'), {
				method: 'POST',
				body: new URLSearchParams(fields).toString(),
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Origin: siteURL('/').slice(0, -1),
					'X-Forwarded-For': address,
				},
			})
		const hidden = await honeypotFields(siteURL('/contacto'))
		const botEmail = uniqueEmail('bot')
		const bot = await post(
			{ name: 'Bot', email: botEmail, message: 'spam', ...hidden, name__confirm: 'soy un bot' },
			uniqueAddress(),
		)
		expect(bot.status).toBe(400)
		// A bot that posts straight to the action, without the form's hidden fields at all.
		const blind = await post({ name: 'Bot', email: botEmail, message: 'spam' }, uniqueAddress())
		expect(blind.status).toBe(400)
		const stale = await post({ name: 'Bot', email: botEmail, message: 'spam', name__confirm: '' }, uniqueAddress())
		expect(stale.status).toBe(400)
		expect(await submissionsFrom(botEmail)).toEqual([])

		// An address of its own: the limit counts this flood alone.
		const address = uniqueAddress()
		const floodEmail = uniqueEmail('flood')
		const statuses: number[] = []
		for (let i = 0; i < 11; i++)
			statuses.push((await post({ name: 'Flood', email: floodEmail, message: `n${i}`, ...hidden }, address)).status)
		expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true)
		const limited = await post({ name: 'Flood', email: floodEmail, message: 'otra', ...hidden }, address)
		expect(limited.status).toBe(429)
		expect(limited.body).toContain('Has enviado demasiadas solicitudes')
		expect(await submissionsFrom(floodEmail)).toHaveLength(10)
	})
})

test.describe('plan purchase signed out', () => {
	test('Pagar y Activar gives the payment error and a way to sign in, with and without JavaScript', async ({
		page,
		browser,
	}) => {
		await acceptCookies(page)
		await page.goto(siteURL('/tarifas/business?periodo=mensual'), { waitUntil: 'networkidle' })
		await expect(page.getByText('199 €').first()).toBeVisible()
		await page.getByRole('button', { name: 'Pagar y Activar' }).click()
		await expect(page.getByText('Error en el pago')).toBeVisible()
		await expect(page).toHaveURL(/periodo=mensual/)
		await expect(page.getByRole('link', { name: 'Iniciar sesión para contratar' })).toHaveAttribute(
			'href',
			portalURL(`/auth?redirectTo=${encodeURIComponent(siteURL('/tarifas/business?periodo=mensual'))}`),
		)

		const context = await browser.newContext({ javaScriptEnabled: false })
		const noScript = await context.newPage()
		await noScript.goto(siteURL('/tarifas/starter'))
		await noScript.getByRole('button', { name: 'Pagar y Activar' }).click()
		await expect(noScript.getByRole('alert')).toContainText('Error en el pago')
		await context.close()
	})
})
