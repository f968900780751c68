import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AuthConfig } from './config'

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The e-mails Supabase Auth sends, named as in `[auth.email.template.<name>]`. */
export const templateNames = ['confirmation', 'recovery', 'magic_link', 'invite', 'email_change'] as const
export type TemplateName = (typeof templateNames)[number]

/**
 * The Go-template variables of Supabase's e-mails that the stand-in fills in. Not `.Token` (it has
 * no one-time codes) nor `.Data` or any other action: a template using one refuses to load, so no
 * customer gets an e-mail a developer never saw.
 */
export const supportedVariables = [
	'ConfirmationURL',
	'TokenHash',
	'SiteURL',
	'RedirectTo',
	'Email',
	'NewEmail',
] as const
export type TemplateVariable = (typeof supportedVariables)[number]
export type TemplateValues = Partial<Record<TemplateVariable, string>>

export type EmailTemplate = { subject: string; html: string }
export type EmailTemplates = Record<TemplateName, EmailTemplate>

const action = /\{\{(.*?)\}\}/gs
const variable = /^\s*\.([A-Za-z]+)\s*$/

/** The `{{ … }}` actions of a template that the stand-in cannot render. */
export function unsupportedActions(text: string) {
	return [...text.matchAll(action)]
		.filter(([, inner = '']) => !supportedVariables.some((name) => variable.exec(inner)?.[1] === name))
		.map(([whole]) => whole)
}

/** Fills in the variables, HTML-escaped unless `escape` is off (subjects are plain text). */
export function renderTemplate(text: string, values: TemplateValues, escape = true) {
	return text.replace(action, (whole, inner: string) => {
		const name = variable.exec(inner)?.[1] as TemplateVariable | undefined
		const value = name === undefined ? undefined : values[name]
		if (value === undefined) throw new Error(`E-mail template variable ${whole} has no value here`)
		return escape ? escapeHtml(value) : value
	})
}

function escapeHtml(value: string) {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Every template of supabase/config.toml, read and checked: a missing file or an unsupported variable stops start-up. */
export async function readEmailTemplates(config: AuthConfig): Promise<EmailTemplates> {
	const entries = await Promise.all(
		templateNames.map(async (name) => {
			const entry = config.email.template[name]
			if (!entry) throw new Error(`supabase/config.toml has no [auth.email.template.${name}]`)
			const html = await readFile(join(projectRoot, entry.content_path), 'utf8')
			const unsupported = unsupportedActions(entry.subject + html)
			if (unsupported.length > 0)
				throw new Error(
					`E-mail template ${name} (${entry.content_path}) uses ${unsupported.join(', ')}; the local stand-in only renders ${supportedVariables.map((name) => `{{ .${name} }}`).join(', ')}`,
				)
			return [name, { subject: entry.subject, html }] as const
		}),
	)
	return Object.fromEntries(entries) as EmailTemplates
}

/** The message for `name`, as Supabase Auth would send it. */
export function renderEmail(templates: EmailTemplates, name: TemplateName, values: TemplateValues) {
	const template = templates[name]
	return { subject: renderTemplate(template.subject, values, false), html: renderTemplate(template.html, values) }
}
