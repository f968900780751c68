import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

describe('safeRedirect', () => {
	test.each(['/dashboard', '/dashboard/reuniones?tab=pasadas', '/solicitar-demostracion-kia#form'])(
		'keeps the same-site path %s',
		(path) => expect(safeRedirect(path)).toBe(path),
	)

	test.each([
		['/blog?q=日本', '/blog?q=%E6%97%A5%E6%9C%AC'],
		['/dashboard/ñandú', '/dashboard/%C3%B1and%C3%BA'],
		['/🤖#sección', '/%F0%9F%A4%96#secci%C3%B3n'],
		['/a?b=%E2%82%AC', '/a?b=%E2%82%AC'],
		['/lone-\uD800', '/lone-%EF%BF%BD'],
	])('encodes %j for a Location header', (path, encoded) => {
		const target = safeRedirect(path)
		expect(target).toBe(encoded)
		expect(() => new Headers({ Location: target })).not.toThrow()
	})

	test.each([
		'//evil.example',
		'/\\evil.example',
		'https://evil.example',
		'javascript:alert(1)',
		'evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'/%09/evil.example'.replace('%09', '\u0009'),
		'',
		null,
		undefined,
	])('falls back for %j', (hostile) => expect(safeRedirect(hostile, '/dashboard')).toBe('/dashboard'))
})
