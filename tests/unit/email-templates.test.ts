import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { readAuthConfig } from '../../local/supabase/config'
import {
	readEmailTemplates,
	renderTemplate,
	templateNames,
	templateProblems,
} from '../../local/supabase/email-templates'

describe('supabase/config.toml e-mail templates', () => {
	test('every template is referenced, exists, and renders here exactly as on Supabase', async () => {
		const config = await readAuthConfig()
		expect(Object.keys(config.email.template).sort()).toEqual([...templateNames].sort())
		for (const name of templateNames) {
			const entry = config.email.template[name]
			const html = await readFile(new URL(`../../${entry?.content_path ?? ''}`, import.meta.url), 'utf8')
			expect(html, name).toContain('lang="es"')
			expect(templateProblems(`${entry?.subject ?? ''}${html}`, name), name).toEqual([])
		}
		await expect(readEmailTemplates(config)).resolves.toBeDefined()
	})

	test('every link leads to our page with the token hash, never to Supabase’s one-click /verify', async () => {
		const config = await readAuthConfig()
		const page = '{{ .SiteURL }}/auth/callback?token_hash={{ .TokenHash }}'
		const account = 'email={{ .Email }}&redirect_to={{ .RedirectTo }}'
		const links: Record<(typeof templateNames)[number], string> = {
			confirmation: `${page}&type=email&alta=1&${account}`,
			magic_link: `${page}&type=email&${account}`,
			recovery: `${page}&type=recovery&${account}`,
			invite: `${page}&type=invite&${account}`,
			email_change: `${page}&type=email_change&email={{ .Email }}&new_email={{ .NewEmail }}&redirect_to={{ .RedirectTo }}`,
		}
		for (const name of templateNames) {
			const path = config.email.template[name]?.content_path ?? ''
			const html = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8')
			expect(html, name).not.toContain('ConfirmationURL')
			expect(html, name).toContain(`href="${links[name]}"`)
		}
	})

	test('an action the stand-in does not support, or one where it would escape differently, stops it loading', async () => {
		expect(templateProblems('Código: {{ .Token }} {{ if .Data }}x{{ end }} {{ .Email }}', 'recovery')).toEqual([
			'{{ .Token }}',
			'{{ if .Data }}',
			'{{ end }}',
		])
		expect(templateProblems('{{ .NewEmail }}', 'recovery')).toEqual(['{{ .NewEmail }}'])
		expect(templateProblems('{{ .NewEmail }}', 'email_change')).toEqual([])
		for (const misplaced of [
			'<script>var e = "{{ .Email }}"</script>',
			'<a href={{ .SiteURL }}>x</a>',
			'<p style="color: {{ .Email }}">x</p>',
			'<a onclick="go({{ .Email }})">x</a>',
			'<img srcset="{{ .SiteURL }} 2x">',
			'<!-- {{ .Email }} -->',
			'<a {{ .Email }}>x</a>',
		])
			expect(templateProblems(misplaced, 'recovery'), misplaced).toHaveLength(1)
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

	test('a variable without a value is an error', () => {
		expect(() => renderTemplate('{{ .NewEmail }}', {}, 'email_change')).toThrow(/NewEmail/)
	})
})

// Expected outputs are Go's html/template (go 1.19) on the same template and values, not the stand-in's.
describe('values are escaped as Go’s html/template escapes them where they sit', () => {
	const values = {
		SiteURL: 'http://portal.kia.localhost:5173',
		TokenHash: 'pkce_4f1c2a',
		Email: "o'brien+kia@kia.test",
		RedirectTo: 'http://portal.kia.localhost:5173/auth/callback?next=%2Fdashboard',
		ConfirmationURL: 'https://x.test/verify?a=1&b="2" c',
	}

	test('in text and in a plain attribute: HTML-escaped, + and quotes included (and a stray < with them)', () => {
		expect(renderTemplate('<p title="{{ .Email }}">{{.Email}} <{{ .Email }}></p>', values, 'recovery')).toBe(
			'<p title="o&#39;brien&#43;kia@kia.test">o&#39;brien&#43;kia@kia.test &lt;o&#39;brien&#43;kia@kia.test></p>',
		)
	})

	test('in a link: filtered and normalised at its start, percent-encoded after its ?', () => {
		expect(
			renderTemplate(
				'<a href="{{ .SiteURL }}/auth/callback?token_hash={{ .TokenHash }}&type=recovery&email={{ .Email }}&redirect_to={{ .RedirectTo }}">x</a>',
				values,
				'recovery',
			),
		).toBe(
			'<a href="http://portal.kia.localhost:5173/auth/callback?token_hash=pkce_4f1c2a&type=recovery&email=o%27brien%2bkia%40kia.test&redirect_to=http%3a%2f%2fportal.kia.localhost%3a5173%2fauth%2fcallback%3fnext%3d%252Fdashboard">x</a>',
		)
		expect(renderTemplate('<a href="{{ .ConfirmationURL }}">x</a>', values, 'recovery')).toBe(
			'<a href="https://x.test/verify?a=1&amp;b=%222%22%20c">x</a>',
		)
		expect(renderTemplate("<a href='/x/{{ .Email }}'>x</a>", values, 'recovery')).toBe(
			"<a href='/x/o%27brien&#43;kia@kia.test'>x</a>",
		)
		expect(renderTemplate('<a href="{{ .SiteURL }}">x</a>', { SiteURL: 'javascript:alert(1)' }, 'recovery')).toBe(
			'<a href="#ZgotmplZ">x</a>',
		)
	})

	test('comments are dropped, as html/template drops them', () => {
		expect(renderTemplate('<p>a<!-- nota interna -->b</p>', {}, 'recovery')).toBe('<p>ab</p>')
	})
})
