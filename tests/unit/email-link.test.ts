import { describe, expect, test } from 'vitest'
import { linkFields, namedAddresses, nextOf, readEmailLink } from '../../app/lib/email-link'

const tokenHash = 'pkce_4d1f0c0e8b7a9d2c3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6'
const callback = 'https://portal.kia.es/auth/callback'
const query = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('the link of an auth e-mail', () => {
	test('is read whole, the address lowercased', () => {
		const link = readEmailLink(
			query({ token_hash: tokenHash, type: 'recovery', email: 'Ana@KIA.test', redirect_to: `${callback}?next=%2Fx` }),
		)
		expect(link).toEqual({
			tokenHash,
			type: 'recovery',
			email: 'ana@kia.test',
			newEmail: null,
			signUp: false,
			redirectTo: `${callback}?next=%2Fx`,
		})
		expect(namedAddresses(link!)).toEqual(['ana@kia.test'])
		expect(readEmailLink(new URLSearchParams(linkFields(link!)))).toEqual(link)
	})

	test('a sign-up confirmation says so with alta=1, which only a link of type email carries', () => {
		const confirmation = readEmailLink(
			query({ token_hash: tokenHash, type: 'email', alta: '1', email: 'ana@kia.test' }),
		)
		expect(confirmation?.signUp).toBe(true)
		expect(readEmailLink(new URLSearchParams(linkFields(confirmation!)))).toEqual(confirmation)
		expect(readEmailLink(query({ token_hash: tokenHash, type: 'email', email: 'ana@kia.test' }))?.signUp).toBe(false)
		expect(
			readEmailLink(query({ token_hash: tokenHash, type: 'recovery', alta: '1', email: 'a@kia.test' }))?.signUp,
		).toBe(false)
	})

	test('an e-mail change names both addresses', () => {
		const link = readEmailLink(
			query({ token_hash: tokenHash, type: 'email_change', email: 'ana@kia.test', new_email: 'nueva@kia.test' }),
		)
		expect(namedAddresses(link!)).toEqual(['ana@kia.test', 'nueva@kia.test'])
		expect(readEmailLink(query({ token_hash: tokenHash, type: 'email_change', email: 'ana@kia.test' }))).toBeNull()
	})

	test('an incomplete or odd link is no link', () => {
		const whole = { token_hash: tokenHash, type: 'email', email: 'ana@kia.test' }
		expect(readEmailLink(query(whole))).not.toBeNull()
		for (const broken of [
			{ ...whole, token_hash: '' },
			{ ...whole, token_hash: 'corto' },
			{ ...whole, token_hash: `${tokenHash}' or 1=1` },
			{ ...whole, type: 'signup' },
			{ ...whole, type: 'sms' },
			{ ...whole, email: 'no-es-un-email' },
			{ token_hash: tokenHash, type: 'email' },
		])
			expect(readEmailLink(query(broken)), JSON.stringify(broken)).toBeNull()
	})

	test('next comes only from a redirect to our own callback', () => {
		const link = (redirectTo: string) =>
			readEmailLink(query({ token_hash: tokenHash, type: 'email', email: 'a@kia.test', redirect_to: redirectTo }))!
		expect(nextOf(link(`${callback}?next=%2Fdashboard%2Fcuenta`), callback)).toBe('/dashboard/cuenta')
		expect(nextOf(link('https://portal.kia.es'), callback)).toBeNull()
		expect(nextOf(link('https://evil.example/auth/callback?next=%2Fx'), callback)).toBeNull()
		expect(nextOf(link('https://portal.kia.es/otra?next=%2Fx'), callback)).toBeNull()
		expect(nextOf(link('no es una url'), callback)).toBeNull()
	})
})
