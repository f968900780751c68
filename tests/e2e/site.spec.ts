import { createClient } from '@supabase/supabase-js'
import type { Database } from '../../app/lib/database.types'
import { expect, openApp, test } from '../support/e2e-test'
import { localServiceRoleKey } from '../support/keys'
import { uniqueEmail, uniqueName } from '../support/unique'
import { siteURL, supabaseURL } from '../support/urls'
import { submittedEmail } from '../support/data'
import { waitForMail } from '../support/mail'
import { acceptCookies } from '../support/browser'

const service = () =>
	createClient<Database>(supabaseURL(), localServiceRoleKey, {
		auth: { persistSession: false },
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
		await openApp(page, siteURL('/blog/verifactu-que-cambia-y-como-prepararte'))
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
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/contacto'))
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
		const cookie = (await context.cookies()).find((entry) => entry.name === 'kia-consent')
		expect(decodeURIComponent(cookie?.value ?? '')).toBe('{"necessary":true,"analytics":true,"marketing":false}')
		await context.close()
	})
})

async function submissionsFrom(email: string) {
	const { data } = await service().from('form_submissions').select('form_type, data')
	return (data ?? []).filter((row) => submittedEmail(row.data) === email)
}

test.describe('interactions', () => {
	test('FAQ: one item open at a time, collapsible', async ({ page }) => {
		await acceptCookies(page)
		await openApp(page, siteURL('/#faq'))
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
		await openApp(page, siteURL('/'))
		const header = page.locator('header').first()
		await expect(header).toHaveAttribute('data-scrolled', 'false')
		await page.mouse.wheel(0, 400)
		await expect(header).toHaveAttribute('data-scrolled', 'true')
		await expect(header).toHaveClass(/backdrop-blur/)
	})

	test('Tarifas dropdown lists the four pricing pages', async ({ page }) => {
		await acceptCookies(page)
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/'))
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
		await openApp(page, siteURL('/contacto'))
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
		// Answered from the mail app, the answer goes to the investor.
		expect(mail.headers?.['reply-to']).toBe(email)
		await context.close()
	})

	test('the company is e-mailed every saved message', async ({ page }) => {
		const email = uniqueEmail('jorge')
		await acceptCookies(page)
		await openApp(page, siteURL('/sobre-kia'))
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
		expect(mail.headers?.['reply-to']).toBe(email)
		expect((await submissionsFrom(email)).map((row) => row.form_type)).toEqual(['Contacto Sobre KIA'])
	})
})
