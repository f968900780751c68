import { describe, expect, test } from 'vitest'
import { isValidNif, normalisedNif } from '~/lib/company-identity'

describe('isValidNif', () => {
	test("a company's NIF is its kind's letter, seven digits and the check character its kind takes", () => {
		// A, B, E, H take a digit; P, Q, R, S, N, W a letter; the other kinds either.
		for (const valid of ['A58818501', 'B00000000', 'Q2826000H', 'G00000000', 'G0000000J'])
			expect(isValidNif(valid), valid).toBe(true)
		for (const refused of ['A58818502', 'B0000000J', 'Q28260008', 'I00000000', 'B000000000'])
			expect(isValidNif(refused), refused).toBe(false)
	})

	test("a person's NIF (DNI) or a foreigner's (NIE) has the check letter of its number modulo 23", () => {
		for (const valid of ['12345678Z', 'X1234567L', 'Y0000000Z']) expect(isValidNif(valid), valid).toBe(true)
		for (const refused of ['12345678A', 'X1234567A', '1234567Z', 'X12345678L'])
			expect(isValidNif(refused), refused).toBe(false)
	})

	test('the separators people write a NIF with are not part of it', () => {
		expect(normalisedNif(' b-12.345.678 ')).toBe('B12345678')
	})
})
