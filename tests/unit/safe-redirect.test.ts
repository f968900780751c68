import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

/** Where a browser goes with `target` as the Location of a response from our origin. */
const landsOn = (target: string) => new URL(target, 'https://portal.kia.es/auth').origin

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
		['/dashboard/./reuniones', '/dashboard/reuniones'],
		['/dashboard/x/../cuenta', '/dashboard/cuenta'],
		['/a/..', '/'],
	])('resolves the dot segments of %j to a path of ours', (path, resolved) => expect(safeRedirect(path)).toBe(resolved))

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

	// Issue 51: the URL parser removes dot segments, and what is left may begin with `//`, another host to a browser.
	test.each([
		'/.//evil.test/phish',
		'/..//evil.test/phish',
		'/%2e//evil.test/phish',
		'/%2E//evil.test/phish',
		'/%2e%2e//evil.test/phish',
		'/.%2e//evil.test/phish',
		'/a/..//evil.test/phish',
		'/a/b/../..//evil.test/phish',
		'/a/%2e%2e//evil.test/phish',
		'/././/evil.test/phish',
		'/.///evil.test/phish',
		'/.//evil.test?x=1#y',
		'/.//\\evil.test',
		'/./\\evil.test',
		'/.\\/evil.test',
		'/.\t//evil.test',
		'/.//\tevil.test',
		'/\r/./evil.test',
	])('falls back when %j comes out of the parser as another host', (hostile) => {
		expect(safeRedirect(hostile, '/dashboard')).toBe('/dashboard')
	})

	// Encoded slashes and backslashes stay encoded: a browser does not read them as separators.
	test.each([
		'/%2F/evil.test',
		'/%2f%2fevil.test',
		'/.%2F/evil.test',
		'/%5C/evil.test',
		'/%5c%5cevil.test',
		'/%09/evil.test',
		'/%0d%0a/evil.test',
		'/%252F%252Fevil.test',
		'/./%2F%2Fevil.test',
	])('%j stays a path of ours', (payload) => {
		const target = safeRedirect(payload, '/dashboard')
		expect(target.startsWith('/') && !target.startsWith('//')).toBe(true)
		expect(landsOn(target)).toBe('https://portal.kia.es')
	})

	// Every short path built from the pieces that parsers and browsers treat specially: whatever comes out is ours.
	test('no combination of dots, slashes, backslashes, encodings and whitespace leaves the origin', () => {
		const pieces = ['/', '.', '..', '%2e', '%2E', '%2F', '%5C', '\\', '\t', '\r', 'evil.test', '@', ':']
		let paths = ['/']
		for (let depth = 0; depth < 4; depth++) paths = paths.flatMap((path) => pieces.map((piece) => path + piece))
		const escaped = paths.filter((path) => landsOn(safeRedirect(path)) !== 'https://portal.kia.es')
		expect(escaped).toEqual([])
	})
})
