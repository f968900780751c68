import { describe, expect, test } from 'vitest'
import { cameFrom } from '~/lib/breadcrumb'

const site = 'https://kia.es'
const demo = '/solicitar-demostracion-kia'

describe('the demo breadcrumb’s middle step', () => {
	test('names the page of ours the visitor came from', () => {
		expect(cameFrom('https://kia.es/tarifas/business', site, demo)).toEqual({
			to: '/tarifas/business',
			label: 'Plan Business',
		})
		// A query, a fragment or a trailing slash are still that page.
		expect(cameFrom('https://kia.es/tarifas/?periodo=mensual#planes', site, demo)).toEqual({
			to: '/tarifas',
			label: 'Tarifas',
		})
	})

	test('is left out for Inicio, the page itself, pages without a friendly name and other sites', () => {
		for (const referer of [
			null,
			'',
			'not a url',
			'https://kia.es/',
			'https://kia.es/solicitar-demostracion-kia',
			'https://kia.es/blog/un-articulo',
			'https://kia.es/__proto__',
			'https://kia.es/constructor',
			'https://portal.kia.es/dashboard',
			'https://elsewhere.example/tarifas',
			'http://kia.es/tarifas',
		])
			expect(cameFrom(referer, site, demo), String(referer)).toBeNull()
	})
})
