import type { Page } from '@playwright/test'
import { useSession } from '../support/browser'
import { scriptsOutsidePolicy, watchPolicy } from '../support/csp'
import { testPassword } from '../support/data'
import { expect, test } from '../support/e2e-test'
import { send, sessionCookie, urlencoded } from '../support/hostile-input'
import { check, marker, signedInAdmin } from '../support/probes'
import { serviceClient } from '../support/supabase'
import { uniqueName, uniqueSlot } from '../support/unique'
import { portalURL, siteURL } from '../support/urls'

// What people typed shows as text on every page that displays it, and a blog post keeps only its formatting.

/** Dialogs a payload would open if it ran (the CSP would stop most, which is why the DOM is checked too). */
function watchDialogs(page: Page) {
	const dialogs: string[] = []
	page.on('dialog', (dialog) => {
		dialogs.push(dialog.message())
		void dialog.dismiss()
	})
	watchPolicy(page)
	return dialogs
}

const executable = '[onerror], [onload], [onclick], a[href^="javascript:" i], iframe'

/** Nothing on the page can run a payload; `alsoAbsent` names markup that must not exist either. */
async function expectInert(page: Page, what: string, alsoAbsent?: string) {
	const found = page.locator(alsoAbsent ? `${executable}, ${alsoAbsent}` : executable)
	expect(
		await found.evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 200))),
		what,
	).toEqual([])
	expect(await scriptsOutsidePolicy(page), what).toEqual([])
}

/** What a text field's payload would become if it were rendered as HTML instead of text. */
const payloadMarkup = 'img[src="x"]'

test.describe('stored XSS', () => {
	test('names, booking reasons and profile fields show as text on every page that displays them', async ({
		browser,
	}) => {
		const tag = marker()
		const name = `<img src=x onerror="alert('nombre')">"><svg onload=alert('svg')> ${tag}`
		const reason = `<script>alert('motivo')</script> javascript:alert('enlace') ${tag}`
		const nombre = `"><svg onload=alert('perfil')>`
		const apellidos = `<img src=x onerror=alert('apellidos')> ${tag}`
		// Sign-up metadata is the user's to set: the name, and an avatar URL only an attacker would choose.
		const email = `${tag}@kia.test`
		const created = await serviceClient().auth.admin.createUser({
			email,
			password: testPassword,
			email_confirm: true,
			user_metadata: { full_name: name, avatar_url: "javascript:alert('avatar')" },
		})
		expect(created.error).toBeNull()
		const cookie = await sessionCookie(email)
		const slot = uniqueSlot()
		const booked = await send(
			siteURL('/solicitar-demostracion-kia'),
			urlencoded([
				['fecha', slot.fecha],
				['hora', slot.hora],
				['motivo', reason],
			]),
			{ cookie },
		)
		expect(booked.status).toBe(200)

		const saved = await send(
			portalURL('/dashboard/cuenta'),
			urlencoded([
				['intent', 'profile'],
				['nombre', nombre],
				['apellidos', apellidos],
				['prefijo_pais', '+34'],
				['telefono', ''],
				['preferencia_comunicacion', 'email'],
			]),
			{ cookie },
		)
		expect(saved.status).toBe(302)

		const context = await browser.newContext()
		await useSession(context, cookie)
		const page = await context.newPage()
		const dialogs = watchDialogs(page)
		await page.goto(siteURL('/'))
		await expect(page.getByRole('banner').getByRole('link', { name: /Ir al Dashboard/ })).toBeVisible()
		await expectInert(page, 'site header', payloadMarkup)
		await page.goto(portalURL('/dashboard'))
		await expect(page.getByText(`Te damos la bienvenida, ${nombre} ${apellidos}`)).toBeVisible()
		await expectInert(page, 'dashboard', payloadMarkup)
		await page.goto(portalURL('/dashboard/reuniones'))
		await expect(page.getByText(reason)).toBeVisible()
		await expectInert(page, 'meetings', payloadMarkup)
		await page.goto(portalURL('/dashboard/cuenta'))
		await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(nombre)
		await expect(page.getByRole('textbox', { name: 'Apellidos' })).toHaveValue(apellidos)
		await expectInert(page, 'account', payloadMarkup)

		const admin = await signedInAdmin('xss-admin')
		const adminContext = await browser.newContext()
		await useSession(adminContext, admin.cookie)
		const adminPage = await adminContext.newPage()
		const adminDialogs = watchDialogs(adminPage)
		await adminPage.goto(portalURL(`/admin/reuniones?q=${tag}`))
		await expect(adminPage.getByText(reason)).toBeVisible()
		await expect(adminPage.getByText(name)).toBeVisible()
		await expectInert(adminPage, 'admin bookings', payloadMarkup)
		await adminPage.goto(portalURL(`/admin/usuarios?q=${tag}`))
		await expect(adminPage.getByText(`${nombre} ${apellidos}`, { exact: true })).toBeVisible()
		await expectInert(adminPage, 'admin users', payloadMarkup)

		expect([...dialogs, ...adminDialogs]).toEqual([])
		await context.close()
		await adminContext.close()
	})

	test('a blog post keeps its formatting and loses scripts, handlers, frames and javascript: links', async ({
		page,
	}) => {
		const slug = uniqueName('seguridad')
		const title = `Título </script><script>alert('titulo')</script> ${slug}`
		const content = [
			'<h2>Título seguro</h2>',
			'<p>Texto <strong>importante</strong> con <a href="https://kia.es/">un enlace</a>.</p>',
			'<img src="https://kia.es/diagrama.png" alt="Diagrama">',
			"<script>alert('script')</script>",
			`<img src="x" onerror="alert('img')">`,
			`<a href="javascript:alert('href')">pulsa</a>`,
			`<a href="JaVaScRiPt:alert('mayusculas')">otro</a>`,
			`<a href="&#106;avascript:alert('entidad')">entidad</a>`,
			`<svg onload="alert('svg')"><circle r="1"/></svg>`,
			`<p onclick="alert('click')" style="background:url(javascript:alert('css'))">párrafo</p>`,
			`<iframe src="javascript:alert('iframe')"></iframe>`,
			'<form action="https://evil.example"><input name="clave"></form>',
			`<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')></style></mglyph></table></mtext></math>`,
		].join('\n')
		// Far in the past, so it is not among the latest posts other tests look at; removed at the end.
		const inserted = await serviceClient().from('blog_posts').insert({
			title,
			slug,
			content,
			excerpt: `<img src=x onerror=alert('extracto')>`,
			author: `<svg onload=alert('autor')>`,
			published_at: '2001-01-01T10:00:00Z',
		})
		expect(inserted.error).toBeNull()
		try {
			const dialogs = watchDialogs(page)
			const response = await page.goto(siteURL(`/blog/${slug}`))
			expect(response?.status()).toBe(200)
			// The title travels in <title>, JSON-LD and the route data: escaped in each.
			expect(await response?.text()).not.toContain("<script>alert('titulo')")
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
			const body = page.locator('.prose-kia')
			await expect(body.getByRole('heading', { level: 2, name: 'Título seguro' })).toBeVisible()
			await expect(body.locator('strong')).toHaveText('importante')
			await expect(body.getByRole('link', { name: 'un enlace' })).toHaveAttribute('href', 'https://kia.es/')
			await expect(body.getByRole('img', { name: 'Diagrama' })).toHaveAttribute('src', 'https://kia.es/diagrama.png')
			expect(
				await body
					.locator('script, iframe, svg, math, form, input, style, [style], [onerror], [onload], [onclick]')
					.count(),
			).toBe(0)
			for (const href of await body
				.locator('a')
				.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
				expect(href ?? '').not.toMatch(/^\s*javascript:/i)
			}
			await expectInert(page, 'blog post')
			expect(dialogs).toEqual([])
		} finally {
			await check(serviceClient().from('blog_posts').delete().eq('slug', slug))
		}
	})
})
