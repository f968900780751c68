import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AuthConfig } from './config'
import { compileTemplate, escapeFor, type Part } from './go-html-template'

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

/** Supabase fills `.NewEmail` in the e-mail-change message only (supabase/auth's templatemailer). */
const variablesOf = (name: TemplateName): readonly TemplateVariable[] =>
	name === 'email_change' ? supportedVariables : supportedVariables.filter((variable) => variable !== 'NewEmail')

export type TemplateValues = Partial<Record<TemplateVariable, string>>

type Compiled = Part[]
export type EmailTemplate = { subject: Compiled; html: Compiled }
export type EmailTemplates = Record<TemplateName, EmailTemplate>

/**
 * What keeps a template from rendering here exactly as on Supabase: an action other than a variable
 * this message has, or one where html/template would escape it in a way the stand-in does not
 * (go-html-template.ts). Empty when the template is fine.
 */
export function templateProblems(text: string, name: TemplateName) {
	const { parts, problems } = compileTemplate(text)
	const allowed = variablesOf(name)
	const unknown = parts.flatMap((part) =>
		typeof part === 'string' || allowed.some((variable) => variable === part.name) ? [] : [part.action],
	)
	return [...unknown, ...problems]
}

function compile(text: string, name: TemplateName, where: string): Compiled {
	const problems = templateProblems(text, name)
	if (problems.length > 0)
		throw new Error(
			`E-mail template ${name} (${where}) uses ${problems.join(', ')}; the local stand-in renders ${variablesOf(name)
				.map((variable) => `{{ .${variable} }}`)
				.join(', ')} in text, in quoted attributes and in links`,
		)
	return compileTemplate(text).parts
}

/** Fills in a compiled template as html/template does: each value escaped for where it sits. */
export function renderCompiled(parts: Compiled, values: TemplateValues) {
	return parts
		.map((part) => {
			if (typeof part === 'string') return part
			const value = values[part.name as TemplateVariable]
			if (value === undefined) throw new Error(`E-mail template variable ${part.action} has no value here`)
			return escapeFor(part.context, value)
		})
		.join('')
}

/** A template's text filled in as the message `name` would be. */
export function renderTemplate(text: string, values: TemplateValues, name: TemplateName) {
	return renderCompiled(compile(text, name, 'inline'), values)
}

/** Every template of supabase/config.toml, read and checked: a missing file or an unsupported action stops start-up. */
export async function readEmailTemplates(config: AuthConfig): Promise<EmailTemplates> {
	const entries = await Promise.all(
		templateNames.map(async (name) => {
			const entry = config.email.template[name]
			if (!entry) throw new Error(`supabase/config.toml has no [auth.email.template.${name}]`)
			const html = await readFile(join(projectRoot, entry.content_path), 'utf8')
			return [
				name,
				{ subject: compile(entry.subject, name, 'subject'), html: compile(html, name, entry.content_path) },
			] as const
		}),
	)
	return Object.fromEntries(entries) as EmailTemplates
}

/** The message for `name`, as Supabase Auth would send it (subject and body both go through html/template). */
export function renderEmail(templates: EmailTemplates, name: TemplateName, values: TemplateValues) {
	const template = templates[name]
	return { subject: renderCompiled(template.subject, values), html: renderCompiled(template.html, values) }
}
