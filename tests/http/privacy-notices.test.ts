import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { privacyNotice } from '../../app/content/privacy-notice'
import { startTestApp, type TestApp } from '../support/test-app'
import { portalURL, rawRequest, siteURL } from '../support/urls'
import { localCompany } from '../../app/.server/local-defaults'

// Every form that takes personal data carries the first-layer privacy notice beside its submit button, in the page
// as served (so without JavaScript too): the configured company as controller, the form's purpose, the rights and a
// link to the privacy policy. The chat's own hand-over, drawn in the browser, is tested in tests/e2e/chat.spec.ts.

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app?.stop())

const text = (html: string) =>
	html
		.replace(/<!--.*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.replace(/ ([.:,])/g, '$1')

/** Each `<form>` of a page whose opening tag matches `opening`. */
function formsOf(html: string, opening: RegExp) {
	return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
		.map((match) => match[0])
		.filter((form) => opening.test(form.slice(0, form.indexOf('>') + 1)))
}

const forms: [label: string, url: () => string, opening: RegExp, kind: keyof typeof privacyNotice.purposes][] = [
	['contact (/contacto)', () => siteURL('/contacto'), /id="contacto"/, 'contact'],
	['contact (/sobre-kia)', () => siteURL('/sobre-kia'), /id="contacto"/, 'contact'],
	['investor (/invertir)', () => siteURL('/invertir'), /id="inversores"/, 'investor'],
	['newsletter (footer)', () => siteURL('/tarifas'), /action="\/resources\/newsletter"/, 'newsletter'],
	['newsletter (home)', () => siteURL('/'), /action="\/resources\/newsletter"/, 'newsletter'],
	['hand-over (/asistente)', () => siteURL('/asistente'), /id="persona-formulario"/, 'handover'],
	['booking', () => siteURL('/solicitar-demostracion-kia'), /id="reserva"/, 'booking'],
	['sign-up', () => portalURL('/auth?tab=signup'), /id="signup"/, 'signup'],
]

describe('first-layer privacy notices', () => {
	test.each(forms)('the %s form has one after its submit button', async (_label, url, opening, kind) => {
		const page = await rawRequest(url())
		expect(page.status).toBe(200)
		const found = formsOf(page.body, opening)
		expect(found.length).toBeGreaterThan(0)
		for (const form of found) {
			const notice = /<p [^>]*data-privacy-notice="([^"]+)"[^>]*>[\s\S]*?<\/p>/.exec(form)
			expect(notice?.[1]).toBe(kind)
			const words = text(notice?.[0] ?? '')
			// The legal name ends in 'S.L.': one full stop, not two.
			expect(words).toContain(`Responsable: ${localCompany.COMPANY_LEGAL_NAME} Finalidad:`)
			expect(words).toContain(`Finalidad: ${privacyNotice.purposes[kind]}.`)
			expect(words).toContain('Derechos: acceso, rectificación, supresión')
			// Beside the button: nothing but the notice after the last one.
			expect(form.lastIndexOf('type="submit"')).toBeLessThan(form.indexOf('data-privacy-notice'))
			// The policy is the site's, from the portal too.
			const href = /href="([^"]+)"/.exec(notice?.[0] ?? '')?.[1] ?? ''
			expect(new URL(href, url()).href).toBe(siteURL('/politica-privacidad'))
		}
	})

	test('signing in takes no new data: its form has none', async () => {
		const page = await rawRequest(portalURL('/auth'))
		const [signIn] = formsOf(page.body, /id="signin"/)
		expect(signIn).toBeDefined()
		expect(signIn).not.toContain('data-privacy-notice')
	})
})
