import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { readAuthConfig } from '../../local/supabase/config'
import {
	readEmailTemplates,
	renderTemplate,
	templateNames,
	unsupportedActions,
} from '../../local/supabase/email-templates'

describe('supabase/config.toml e-mail templates', () => {
	test('every template is referenced, exists, and uses only variables the local stand-in renders', async () => {
		const config = await readAuthConfig()
		expect(Object.keys(config.email.template).sort()).toEqual([...templateNames].sort())
		for (const name of templateNames) {
			const entry = config.email.template[name]
			const html = await readFile(new URL(`../../${entry?.content_path ?? ''}`, import.meta.url), 'utf8')
			expect(html, name).toContain('{{ .ConfirmationURL }}')
			expect(html, name).toContain('lang="es"')
			expect(unsupportedActions(`${entry?.subject ?? ''}${html}`), name).toEqual([])
		}
		await expect(readEmailTemplates(config)).resolves.toBeDefined()
	})

	test('a variable or action the stand-in does not support stops it loading', async () => {
		expect(unsupportedActions('Código: {{ .Token }} {{ if .Data }}x{{ end }} {{ .Email }}')).toEqual([
			'{{ .Token }}',
			'{{ if .Data }}',
			'{{ end }}',
		])
		const config = await readAuthConfig()
		const broken = {
			...config,
			email: {
				...config.email,
				template: {
					...config.email.template,
					recovery: { subject: 'Tu código {{ .Token }}', content_path: 'supabase/templates/recovery.html' },
				},
			},
		}
		await expect(readEmailTemplates(broken)).rejects.toThrow(/recovery .*\{\{ \.Token \}\}/)
	})

	test('values are filled in HTML-escaped, and a variable without a value is an error', () => {
		expect(
			renderTemplate('<a href="{{ .ConfirmationURL }}">{{.Email}}</a>', {
				ConfirmationURL: 'https://x/?a=1&b="2"',
				Email: 'ana@kia.test',
			}),
		).toBe('<a href="https://x/?a=1&amp;b=&quot;2&quot;">ana@kia.test</a>')
		expect(() => renderTemplate('{{ .NewEmail }}', {})).toThrow(/NewEmail/)
	})
})
