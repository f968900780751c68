import { describe, expect, test } from 'vitest'
import { contractingTerms, cookiePolicy, privacyPolicy } from '../../app/content/legal'
import { anchorId } from '../../app/lib/anchors'

describe('anchorId', () => {
	test('a numbered Spanish heading becomes a readable fragment without accents', () => {
		expect(anchorId('8. Cómo ejercer tus derechos y reclamar ante la AEPD')).toBe(
			'8-como-ejercer-tus-derechos-y-reclamar-ante-la-aepd',
		)
		expect(anchorId('  ¿Qué son las cookies?  ')).toBe('que-son-las-cookies')
	})

	test('every legal page gets one distinct anchor per section, for its table of contents', () => {
		for (const document of [privacyPolicy, cookiePolicy, contractingTerms]) {
			const ids = document.sections.map((section) => anchorId(section.heading))
			expect(new Set(ids).size).toBe(ids.length)
			expect(ids.every((id) => /^[a-z0-9-]+$/.test(id))).toBe(true)
		}
	})
})
