import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { readTheme, themeCookieHeader } from '~/.server/http/theme'
import { parseConsent } from '~/lib/consent'
import { canonicalHost, hostKindOf, servedHosts } from '~/lib/host'
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

describe('served hosts', () => {
	const production = servedHosts('https://kia.es', 'https://portal.kia.es')
	const local = servedHosts('http://kia.localhost:5173', 'http://portal.kia.localhost:5173')

	test.each([
		['kia.es', 'kia.es'],
		['portal.kia.es', 'portal.kia.es'],
		['KIA.ES', 'kia.es'],
	])('in production %s is served as %s', (host, canonical) => expect(canonicalHost(host, production)).toBe(canonical))

	test.each([
		'www.kia.es',
		'evil.example',
		'kia.es.evil.example',
		'kia.es:8080',
		'localhost',
		'127.0.0.1',
		'portal.kia.es@evil.example',
		'',
		undefined,
	])('in production %s is not served', (host) => expect(canonicalHost(host, production)).toBeNull())

	test.each([
		['kia.localhost:5173', 'kia.localhost:5173'],
		['portal.kia.localhost:5173', 'portal.kia.localhost:5173'],
		['localhost:5173', 'kia.localhost:5173'],
		['127.0.0.1:5173', 'kia.localhost:5173'],
		['[::1]:5173', 'kia.localhost:5173'],
	])('locally %s is served as %s', (host, canonical) => expect(canonicalHost(host, local)).toBe(canonical))

	test.each(['kia.localhost', 'kia.localhost:3000', 'localhost:3000', 'otro.kia.localhost:5173', 'evil.example:5173'])(
		'locally %s is not served',
		(host) => expect(canonicalHost(host, local)).toBeNull(),
	)

	test('a port given in the URL is part of the host; a default one is not', () => {
		const explicit = servedHosts('https://kia.es:8443', 'https://portal.kia.es:8443')
		expect(canonicalHost('kia.es:8443', explicit)).toBe('kia.es:8443')
		expect(canonicalHost('kia.es', explicit)).toBeNull()
		expect(canonicalHost('kia.es', servedHosts('https://kia.es:443', 'https://portal.kia.es'))).toBe('kia.es')
	})
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

	// The a11y specs scan the dark theme as the system one (tests/support/axe.ts): that stands for the chosen dark
	// theme only while the system's colour scheme is read in one place, the `dark` variant that serves both.
	test('the system colour scheme is read only where the dark variant is defined', () => {
		const readers = readdirSync('app', { recursive: true, encoding: 'utf8' })
			.filter((file) => /\.(css|tsx?)$/.test(file))
			.flatMap((file) => {
				const text = readFileSync(join('app', file), 'utf8')
				return (text.match(/prefers-color-scheme/g) ?? []).map(() => file)
			})
		expect(readers).toEqual(['app.css'])
		expect(readFileSync('app/app.css', 'utf8')).toMatch(
			/@custom-variant dark \{[^@]*@slot;[^@]*@media \(prefers-color-scheme: dark\)/,
		)
	})
})

describe('consent cookie', () => {
	test('a stored choice is read back', () => {
		expect(parseConsent('{"necessary":true,"analytics":true,"marketing":false}')).toEqual({
			necessary: true,
			analytics: true,
			marketing: false,
		})
	})

	test('necessary cannot be switched off', () => {
		expect(parseConsent('{"necessary":false,"analytics":false,"marketing":true}')).toEqual({
			necessary: true,
			analytics: false,
			marketing: true,
		})
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
