import { describe, expect, test } from 'vitest'
import { isAllowedOrigin, securityHeaders } from '~/.server/security/headers'

const trusted = ['https://kia.es', 'https://portal.kia.es']

function post(url: string, headers: Record<string, string>) {
	return new Request(url, { method: 'POST', headers })
}

describe('isAllowedOrigin', () => {
	test('accepts our two hosts and the request’s own origin', () => {
		expect(isAllowedOrigin(post('https://kia.es/contacto', { Origin: 'https://kia.es' }), trusted)).toBe(true)
		expect(isAllowedOrigin(post('https://kia.es/contacto', { Origin: 'https://portal.kia.es' }), trusted)).toBe(true)
		expect(isAllowedOrigin(post('http://localhost:5173/x', { Origin: 'http://localhost:5173' }), trusted)).toBe(true)
	})

	test('refuses other origins, null and requests that say nothing', () => {
		expect(isAllowedOrigin(post('https://kia.es/contacto', { Origin: 'https://evil.example' }), trusted)).toBe(false)
		expect(isAllowedOrigin(post('https://kia.es/contacto', { Origin: 'https://kia.es.evil.example' }), trusted)).toBe(
			false,
		)
		expect(isAllowedOrigin(post('https://kia.es/contacto', { Origin: 'null' }), trusted)).toBe(false)
		expect(isAllowedOrigin(post('https://kia.es/contacto', {}), trusted)).toBe(false)
	})

	test('falls back to the Referer when there is no Origin', () => {
		expect(isAllowedOrigin(post('https://kia.es/x', { Referer: 'https://kia.es/contacto' }), trusted)).toBe(true)
		expect(isAllowedOrigin(post('https://kia.es/x', { Referer: 'https://evil.example/' }), trusted)).toBe(false)
	})
})

describe('securityHeaders', () => {
	test('scripts only by nonce, never inline, no framing', () => {
		const headers = new Map(
			securityHeaders({
				scripts: { nonce: 'abc' },
				isDevelopment: false,
				isHttps: true,
				siteOrigins: ['https://kia.es', 'https://portal.kia.es'],
				paymentOrigins: ['https://checkout.stripe.com'],
				oauthOrigins: ['https://abc.supabase.co', 'https://accounts.google.com'],
				imageOrigins: ['https://abc.supabase.co', 'https://lh3.googleusercontent.com'],
				report: { path: '/resources/csp', group: 'csp' },
			}),
		)
		const csp = headers.get('Content-Security-Policy') ?? ''
		expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'")
		expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
		expect(csp).toContain("frame-ancestors 'none'")
		// The hero's particle worker (issue 19): same-origin workers only.
		expect(csp).toContain("worker-src 'self'")
		// Stripe's hosted pages: forms redirect there (checkout, billing portal); nothing is ever framed.
		// and the Google sign-in form's redirects: the auth server, then Google.
		expect(csp).toContain(
			"form-action 'self' https://kia.es https://portal.kia.es https://checkout.stripe.com https://abc.supabase.co https://accounts.google.com",
		)
		expect(csp).toContain("frame-src 'none'")
		// Pictures from the named hosts only: one on any host would tell it who opened the page (issue 64, finding 11).
		expect(csp).toContain("img-src 'self' data: https://abc.supabase.co https://lh3.googleusercontent.com;")
		expect(csp).not.toMatch(/img-src[^;]* https:(;| )/)
		expect(csp).toContain('report-uri /resources/csp; report-to csp')
		expect(headers.get('Reporting-Endpoints')).toBe('csp="/resources/csp"')
		expect(headers.get('Strict-Transport-Security')).toContain('max-age=')
	})

	test("a page every visitor shares allows exactly its scripts' hashes, and no nonce", () => {
		const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"]
		const csp =
			new Map(
				securityHeaders({
					scripts: { hashes },
					isDevelopment: false,
					isHttps: true,
					siteOrigins: [],
					paymentOrigins: [],
					oauthOrigins: [],
					imageOrigins: [],
					report: { path: '/resources/csp', group: 'csp' },
				}),
			).get('Content-Security-Policy') ?? ''
		expect(csp).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB' 'strict-dynamic'")
		expect(csp).not.toContain('nonce-')
	})

	test('no HSTS over plain HTTP, websockets only for the dev server', () => {
		const headers = new Map(
			securityHeaders({
				scripts: { nonce: 'abc' },
				isDevelopment: true,
				isHttps: false,
				siteOrigins: [],
				paymentOrigins: ['https://checkout.stripe.com'],
				oauthOrigins: [],
				imageOrigins: [],
				report: { path: '/resources/csp', group: 'csp' },
			}),
		)
		expect(headers.has('Strict-Transport-Security')).toBe(false)
		expect(headers.get('Content-Security-Policy')).toContain('ws:')
	})
})
