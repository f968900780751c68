import { capabilities } from '../../app/content/capabilities'
import { capabilityIds } from '../../app/lib/capability-ids'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../support/test-app'
import { rawRequest, siteURL } from '../support/urls'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(() => app.stop())

/**
 * Issue 22: each home capability card opens a real page about it, with and without JavaScript, and the
 * home's VERIFACTU block leads to real VERIFACTU content (a section of the invoices page).
 */

const titleOf = (id: string) => capabilities.find((capability) => capability.id === id)?.title ?? id

describe('capability pages', () => {
	test('every capability answers 200 with its title, its example and a canonical address, and may be kept by a shared cache', async () => {
		expect(capabilityIds).toHaveLength(8)
		for (const id of capabilityIds) {
			const response = await rawRequest(siteURL(`/funcionalidades/${id}`))
			expect(response.status, id).toBe(200)
			expect(/<title>([^<]*)<\/title>/.exec(response.body)?.[1], id).toBe(`${titleOf(id)} · Funciones de KIA`)
			expect(response.body, id).toMatch(new RegExp(`rel="canonical" href="[^"]*/funcionalidades/${id}"`))
			expect(response.body, id).toContain('name="description"')
			expect(response.body, id).toContain('Un ejemplo')
			expect(response.body, id).toContain('Lo que hace tu asistente')
			expect(response.headers['cache-control'], id).toContain('s-maxage=')
		}
		const index = await rawRequest(siteURL('/funcionalidades'))
		expect(index.status).toBe(200)
		for (const id of capabilityIds) expect(index.body).toContain(`href="/funcionalidades/${id}"`)
	})

	test('the sitemap lists the index and every capability', async () => {
		const sitemap = await rawRequest(siteURL('/sitemap.xml'))
		expect(sitemap.body).toContain(`<loc>${siteURL('/funcionalidades')}</loc>`)
		for (const id of capabilityIds) expect(sitemap.body).toContain(`<loc>${siteURL(`/funcionalidades/${id}`)}</loc>`)
	})
})
