import { createClient } from '@supabase/supabase-js'
import type { Database } from '../../app/lib/database.types'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { formPost, statusesOf } from '../support/form-posts'
import { honeypotFields } from '../support/honeypot'
import { localServiceRoleKey } from '../support/keys'
import { uniqueAddress, uniqueEmail } from '../support/unique'
import { rawRequest, siteURL, supabaseURL } from '../support/urls'
import { submittedEmail } from '../support/data'

// Addresses only the company can give (app/.server/env.ts); reserved names, so nothing real is ever linked from here.
const showcaseUrls = {
	SHOWCASE_URL_TAX_ASSISTANT: 'https://asistente-fiscal.example/',
	SHOWCASE_URL_EVENTS: 'https://eventos-en-casa.example/reservas',
}

let app: TestApp
beforeAll(async () => {
	app = await startTestApp(showcaseUrls)
})
afterAll(() => app.stop())

const service = () =>
	createClient<Database>(supabaseURL(), localServiceRoleKey, {
		auth: { persistSession: false },
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
	// Dated in the year its title names, whenever the seed was loaded (issue 55).
	['/blog/digitalizar-una-pyme-sin-grandes-inversiones', /Digitalizar una pyme en 2025/, ['12 de marzo de 2025']],
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
	['/politica-cookies', /Política de cookies/, ['25 de julio de 2025', 'Guardar preferencias']],
	['/terminos-contratacion', /Términos de contratación/, ['25 de julio de 2025']],
	['/webapp-incluida', /WebApp/, ['Ver', 'tarifas']],
	['/logotipo', /Logotipo/, ['Descargar logotipo']],
	[
		'/invertir',
		/Invierte/,
		[
			'Freemium',
			'Avanzado',
			'Premium',
			'PRO',
			'Datos públicos del mercado español, no de KIA.',
			'Fuente: Seguridad Social',
		],
	],
	['/sostenibilidad', /ostenib/, ['climate.stripe.com']],
	['/solicitar-demostracion-kia', /demostración/, ['Inicio', 'Solicitar demostración', '15 minutos']],
]

/** The links of /sobre-kia's showcased projects, as its server-rendered HTML has them. */
async function showcaseLinks(url: string) {
	const page = await rawRequest(url)
	const showcase = /<section id="proyectos-destacados"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
	// 'Ver todos los proyectos' closes the section: the one link into the site it keeps.
	return [...showcase.matchAll(/<a ([^>]*)>/g)]
		.map((match) =>
			Object.fromEntries([...(match[1] ?? '').matchAll(/(href|target|rel)="([^"]*)"/g)].map((m) => [m[1], m[2]])),
		)
		.filter((link) => link.href !== '/proyectos')
}

describe('public routes', () => {
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

	test('the projects /sobre-kia showcases link to their own sites, outside ours, each in a tab of its own', async () => {
		const links = await showcaseLinks(siteURL('/sobre-kia'))
		expect(links).toEqual([
			{ href: showcaseUrls.SHOWCASE_URL_TAX_ASSISTANT, target: '_blank', rel: 'noreferrer' },
			{ href: showcaseUrls.SHOWCASE_URL_EVENTS, target: '_blank', rel: 'noreferrer' },
		])
	})

	test('a deployment that names no project site shows the projects without links, not with links into ours', async () => {
		// startTestApp points this file's TEST_* addresses at the app it starts: the other tests keep theirs.
		const addresses = { ...process.env }
		const bare = await startTestApp()
		try {
			expect(await showcaseLinks(bare.site('/sobre-kia'))).toEqual([])
		} finally {
			await bare.stop()
			Object.assign(process.env, addresses)
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

async function submissionsFrom(email: string) {
	const { data } = await service().from('form_submissions').select('form_type, data')
	return (data ?? []).filter((row) => submittedEmail(row.data) === email)
}

describe('contact forms', () => {
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
		const post = (fields: Record<string, string>, address: string) => formPost(siteURL('/contacto'), fields, address)
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
		const statuses = await statusesOf(11, (i) =>
			post({ name: 'Flood', email: floodEmail, message: `n${i}`, ...hidden }, address),
		)
		expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true)
		const limited = await post({ name: 'Flood', email: floodEmail, message: 'otra', ...hidden }, address)
		expect(limited.status).toBe(429)
		expect(limited.body).toContain('Has enviado demasiadas solicitudes')
		expect(await submissionsFrom(floodEmail)).toHaveLength(10)
	})
})

describe('demo booking', () => {
	test('a weekend is refused with the spec’s title, ‘Fecha no válida’, and its text', async () => {
		const saturday = new Date()
		saturday.setUTCDate(saturday.getUTCDate() + 7)
		while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1)
		const url = siteURL('/solicitar-demostracion-kia')
		const refused = await formPost(url, { fecha: saturday.toISOString().slice(0, 10), hora: '10:00' }, uniqueAddress())
		expect(refused.status).toBe(400)
		expect(refused.body).toContain('Por favor, selecciona un día de lunes a viernes.')
		// The toast travels in a signed cookie (its value, then its signature) to the page the browser shows next.
		const toast = [refused.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('kia-toast='))
		const value = decodeURIComponent(toast?.split(';')[0]?.slice('kia-toast='.length) ?? '')
		expect(JSON.parse(Buffer.from(value.split('.')[0] ?? '', 'base64').toString('utf8'))).toMatchObject({
			type: 'error',
			title: 'Fecha no válida',
			description: 'Por favor, selecciona un día de lunes a viernes.',
		})
		const next = await rawRequest(url, { headers: { Cookie: toast?.split(';')[0] ?? '' } })
		expect(next.body).toContain('Fecha no válida')
	})
})
