import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { billedClient } from '../support/billing'
import { sessionCookie } from '../support/hostile-input'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest, siteURL } from '../support/urls'

// Who trades as KIA comes from the configuration alone (COMPANY_*, app/.server/env.ts): a server configured with
// another company shows that one wherever the identity is shown, and nothing of the local defaults'.
const configured = {
	COMPANY_LEGAL_NAME: 'Sociedad Configurada de Prueba, S.L.',
	// As someone would type it: the NIF is shown without its separators.
	COMPANY_NIF: 'a-58.818.501',
	COMPANY_ADDRESS: 'Calle de la Configuración, 7, 03001 Alicante',
	COMPANY_REGISTRY: 'Registro Mercantil de Alicante, tomo 4321, folio 12, hoja A-98765, inscripción 1.ª',
}
const shown = [configured.COMPANY_LEGAL_NAME, 'A58818501', configured.COMPANY_ADDRESS, configured.COMPANY_REGISTRY]

let app: TestApp
beforeAll(async () => {
	app = await startTestApp(configured)
})
afterAll(() => app?.stop())

const text = (html: string) =>
	html
		.replace(/<!--.*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')

describe("the company's identity", () => {
	test('every page of the site has it in its footer', async () => {
		for (const path of ['/', '/tarifas', '/solicitar-demostracion-kia']) {
			const page = await rawRequest(siteURL(path))
			const footer = text(/<footer[\s\S]*<\/footer>/.exec(page.body)?.[0] ?? '')
			for (const value of shown) expect(footer, `${path}: ${value}`).toContain(value)
			expect(footer, path).not.toContain('Ficticia')
		}
	})

	test('every legal page ends with its legal notice, in its table of contents too', async () => {
		for (const path of ['/politica-privacidad', '/politica-cookies', '/terminos-contratacion']) {
			const page = await rawRequest(siteURL(path))
			const notice = /<section id="aviso-legal"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
			const words = text(notice)
			expect(words, path).toContain('Aviso legal')
			for (const value of shown) expect(words, `${path}: ${value}`).toContain(value)
			expect(page.body, path).toContain('href="#aviso-legal"')
			// Nothing of the legal text comes after it.
			const main = /<main[\s\S]*<\/main>/.exec(page.body)?.[0] ?? ''
			const headings = [...main.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1])
			expect(headings.at(-1), path).toBe('Aviso legal')
		}
	})

	test("the portal's invoices say who issues them (Stripe hosts them in the company's name)", async () => {
		const client = await billedClient('identidad')
		const page = await rawRequest(app.portal('/dashboard/suscripcion'), {
			headers: { Cookie: await sessionCookie(client.email) },
		})
		expect(page.status).toBe(200)
		const invoices = text(/<section aria-labelledby="invoices"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '')
		expect(invoices).toContain('KIA-0042')
		expect(invoices).toContain(`Facturas emitidas por ${configured.COMPANY_LEGAL_NAME}`)
		for (const value of shown) expect(invoices, value).toContain(value)
	})
})
