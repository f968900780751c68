import { describe, expect, it } from 'vitest'
import { formatPhone } from '~/lib/phone'

describe('formatPhone', () => {
	it('groups a Spanish mobile or landline as Spain writes it, with its prefix', () => {
		expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78')
		expect(formatPhone('+34 965951240')).toBe('+34 965 95 12 40')
		expect(formatPhone('0034 712-34-56-78')).toBe('+34 712 34 56 78')
		expect(formatPhone('+34 (91) 123.45.67')).toBe('+34 911 23 45 67')
	})

	it('groups nine Spanish digits typed without a prefix, and adds none', () => {
		expect(formatPhone('612345678')).toBe('612 34 56 78')
		expect(formatPhone(' 612 345 678 ')).toBe('612 34 56 78')
	})

	it('groups freephone and premium numbers in threes', () => {
		expect(formatPhone('+34900123456')).toBe('+34 900 123 456')
		expect(formatPhone('902123456')).toBe('902 123 456')
	})

	it('leaves what it does not know as typed', () => {
		expect(formatPhone('+33 6 12 34 56 78')).toBe('+33 6 12 34 56 78')
		expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
		// Nine digits that no Spanish number starts with, and Spanish ones with a digit too many or too few.
		expect(formatPhone('512345678')).toBe('512345678')
		expect(formatPhone('+3461234567')).toBe('+3461234567')
		expect(formatPhone('+346123456789')).toBe('+346123456789')
		expect(formatPhone('  ext. 12 ')).toBe('ext. 12')
		expect(formatPhone('')).toBe('')
	})
})
