import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { readConsent } from '~/.server/http/consent'
import { carriesPersonalCookie } from '~/.server/http/shared-cache'
import { readTheme } from '~/.server/http/theme'
import { consentChoices } from '~/lib/consent'
import {
	cookieHeaderExpressions,
	cookieValue,
	cookieValueExpression,
	isOneVisitorsCookieHeader,
} from '~/lib/cookie-header'
import { acceptedConsentValue, cookieSpellings } from '../support/cookie-spellings'

const request = (cookie: string) => new Request('http://kia.localhost/', { headers: { Cookie: cookie } })

describe('one grammar for the Cookie header', () => {
	test.each(cookieSpellings)('$header', (spelling) => {
		expect(isOneVisitorsCookieHeader(spelling.header)).toBe(spelling.oneVisitors === true)
		expect(carriesPersonalCookie(request(spelling.header))).toBe(spelling.oneVisitors === true)
		if (spelling.oneVisitors) return
		expect(cookieValue(spelling.header, 'kia-theme') ?? '').toBe(spelling.theme)
		expect(cookieValue(spelling.header, 'kia-consent') ?? '').toBe(
			spelling.consent && decodeURIComponent(spelling.consent),
		)
	})

	// HTTP strips the space around a header's value before either side sees it; the string itself is not canonical.
	test.each([' kia-theme=light', 'kia-theme=light ', '\tkia-theme=light'])('%j is one visitor’s', (header) =>
		expect(isOneVisitorsCookieHeader(header)).toBe(true),
	)

	test('no cookie at all, and the cookies browsers write for us, are anyone’s', () => {
		expect(isOneVisitorsCookieHeader('')).toBe(false)
		expect(isOneVisitorsCookieHeader(`kia-theme=system; kia-consent=${acceptedConsentValue}; _ga=GA1.1.1.2`)).toBe(
			false,
		)
	})
})

describe('read as nginx reads it: the first `name=` at the start or after "; "', () => {
	test('a space before "=" names no cookie of ours, so the banner shows and the theme is the default', () => {
		const header = `kia-consent =${acceptedConsentValue}; kia-theme =light`
		expect(readConsent(request(header))).toBeNull()
		expect(readTheme(request(header), 'site')).toBe('dark')
	})

	test('named twice, the first counts', () => {
		expect(readTheme(request('kia-theme=light; kia-theme=system'), 'site')).toBe('light')
		expect(readConsent(request(`kia-consent=${acceptedConsentValue}; kia-consent=x`))).toEqual(consentChoices.accept)
	})

	test('a quoted or empty value is no choice; one that does not decode is read as it is', () => {
		expect(readTheme(request('kia-theme="light"'), 'site')).toBe('dark')
		expect(readTheme(request('kia-theme='), 'site')).toBe('dark')
		expect(readConsent(request('kia-consent='))).toBeNull()
		expect(cookieValue('kia-theme=%E0%A4%A', 'kia-theme')).toBe('%E0%A4%A')
	})

	test('only at a cookie’s start: in a value or after another name it is not ours', () => {
		expect(cookieValue('a=kia-theme=light', 'kia-theme')).toBeUndefined()
		expect(cookieValue('x-kia-theme=light', 'kia-theme')).toBeUndefined()
		expect(cookieValue('_ga=1;kia-theme=light', 'kia-theme')).toBeUndefined()
	})
})

test('nginx’s maps (deploy/nginx/kia-http.conf) are written with the same expressions', () => {
	const maps = readFileSync('deploy/nginx/kia-http.conf', 'utf8')
	const { canonical, variantTwice, personal } = cookieHeaderExpressions
	for (const expression of [canonical, variantTwice, personal]) expect(maps).toContain(`"~${expression.source}"`)
	for (const [name, variable] of [
		['kia-theme', 'kia_theme_value'],
		['kia-consent', 'kia_consent_value'],
	] as const) {
		const named = cookieValueExpression(name).source.replace('([^;]*)', `(?<${variable}>[^;]*)`)
		expect(maps).toContain(`"~${named}" $${variable};`)
	}
})
