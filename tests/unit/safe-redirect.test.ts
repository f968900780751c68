import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

describe('safeRedirect', () => {
	test.each(['/dashboard', '/dashboard/reuniones?tab=pasadas', '/solicitar-demostracion-kia#form'])(
		'keeps the same-site path %s',
		(path) => expect(safeRedirect(path)).toBe(path),
	)

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
