import { describe, expect, test } from 'vitest'
import { readTheme, themeCookieHeader } from '~/.server/theme'
import { parseConsent } from '~/lib/consent'
import { hostKindOf } from '~/lib/host'
import { themeStorageKey } from '~/lib/theme'

describe('hostKindOf', () => {
	test.each([
		['portal.kia.es', 'portal'],
		['portal.kia.localhost', 'portal'],
		['PORTAL.kia.es', 'portal'],
		['kia.es', 'site'],
		['kia.localhost', 'site'],
		['localhost', 'site'],
		['www.kia.es', 'site'],
	])('%s is the %s', (hostname, kind) => expect(hostKindOf(hostname)).toBe(kind))
})

describe('theme cookie', () => {
	const request = (cookie: string) => new Request('http://kia.localhost/', { headers: { Cookie: cookie } })

	test('dark by default, unknown values ignored', () => {
		expect(readTheme(request(''), 'site')).toBe('dark')
		expect(readTheme(request('kia-theme=purple'), 'site')).toBe('dark')
	})

	test('site and portal read separate keys', () => {
		const cookie = `${themeStorageKey('site')}=light; ${themeStorageKey('portal')}=system`
		expect(readTheme(request(cookie), 'site')).toBe('light')
		expect(readTheme(request(cookie), 'portal')).toBe('system')
	})

	test('the cookie written is the one read back', () => {
		const header = themeCookieHeader('portal', 'light')
		expect(readTheme(request(header.split(';')[0] ?? ''), 'portal')).toBe('light')
		expect(header).toContain('SameSite=Lax')
	})
})

describe('consent cookie', () => {
	test('a stored choice is read back', () => {
		expect(parseConsent('{"necessary":true,"analytics":true,"marketing":false}')).toEqual({ necessary: true, analytics: true, marketing: false })
	})

	test('necessary cannot be switched off', () => {
		expect(parseConsent('{"necessary":false,"analytics":false,"marketing":true}')).toEqual({ necessary: true, analytics: false, marketing: true })
	})

	test.each([
		['missing', undefined],
		['empty', ''],
		['not JSON', '{analytics'],
		['null', 'null'],
		['an array', '[true,true]'],
		['a string', '"yes"'],
		['a missing choice', '{"analytics":true}'],
		['a choice that is not a boolean', '{"analytics":"true","marketing":false}'],
	])('%s is no choice', (_, raw) => expect(parseConsent(raw)).toBeNull())
})
