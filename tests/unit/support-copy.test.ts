import { describe, expect, test } from 'vitest'
import { supportRequestsCopy } from '~/content/support-requests'

describe('a support request names its assistant once', () => {
	test('a name that says it is an assistant is not told so again', () => {
		const { assistant } = supportRequestsCopy.request
		expect(assistant('Asistente fiscal')).toBe('Sobre el asistente fiscal')
		expect(assistant('asistente de facturas')).toBe('Sobre el asistente de facturas')
		expect(assistant('Luna')).toBe('Sobre el asistente «Luna»')
		// 'Asistentes' is not the word alone.
		expect(assistant('Asistentes Unidos')).toBe('Sobre el asistente «Asistentes Unidos»')
	})
})
