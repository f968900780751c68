import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { createAccount } from '../data'
import { honeypotFields } from '../honeypot'
import { sessionCookie, type Fields } from '../hostile-input'
import { serviceClient } from '../supabase'
import { uniqueEmail, uniqueName } from '../unique'
import { siteURL } from '../urls'

// Every action of the app, reached as the user it is meant for (the security tests' probes): what it takes,
// what it writes, and whether a row holds one whole submission.

export type Row = Record<string, unknown>

export type Probe = {
	/** The route module whose action this is, relative to app/. */
	module: string
	url: string
	/** Session cookie of the user the probe posts as; none for a visitor. */
	cookie?: string
	/** A valid form; called for every request, so e-mails and slots can be fresh. */
	valid: () => Record<string, string>
	/** The status a valid form gets: proves the probe reaches the action (right host, signed in). */
	accepted: number
	/** The rows the action may write, narrowed to this probe's user or marker. */
	rows?: () => Promise<Row[]>
	/** Whether a written row holds one whole submission. Absent: the action must change none of `rows`. */
	isWhole?: (row: Row, sent: Fields) => boolean
	/** E-mail of the account whose password a valid post changes. */
	passwordOf?: string
}

export const marker = () => uniqueName('seg')

/** The values a field was sent with, trimmed as the schemas trim them. */
export const sentValues = (sent: Fields, name: string) =>
	sent.filter(([key]) => key === name).map(([, value]) => value.trim())
export const wasSent = (sent: Fields, name: string, value: unknown) => sentValues(sent, name).includes(String(value))
/** An optional column: null (or absent) only when the field came blank or not at all. */
export const optionalSent = (sent: Fields, name: string, value: unknown) =>
	value === null || value === undefined
		? sentValues(sent, name).every((given) => given === '')
		: wasSent(sent, name, value)
/** An optional column of an update: null only when the field came blank; one left out must change nothing. */
export const blankedSent = (sent: Fields, name: string, value: unknown) =>
	sentValues(sent, name).length > 0 && optionalSent(sent, name, value)

export async function select(query: PromiseLike<{ data: Row[] | null; error: unknown }>): Promise<Row[]> {
	const { data, error } = await query
	if (error) throw error
	return data ?? []
}

export async function check(query: PromiseLike<{ error: unknown }>) {
	const { error } = await query
	if (error) throw error
}

export async function signedIn(label: string, fullName?: string) {
	const account = await createAccount(label, fullName)
	return { ...account, cookie: await sessionCookie(account.email) }
}

export async function signedInAdmin(label: string) {
	const account = await createAccount(label, `Admin ${label}`)
	await check(serviceClient().from('usuarios').update({ role: 'admin' }).eq('id', account.id))
	return { ...account, cookie: await sessionCookie(account.email) }
}

/** An inbox item from a unique sender, for the support probes. */
export async function supportItem(label: string) {
	const { data, error } = await serviceClient()
		.from('form_submissions')
		.insert({ form_type: 'Contacto General', data: { name: 'Remitente', email: uniqueEmail(label), message: 'Hola' } })
		.select('id')
		.single()
	if (error) throw error
	return data.id
}

export const supportThread = (id: string) =>
	select(
		serviceClient()
			.from('form_submission_events')
			.select('id, kind, subject, body')
			.eq('submission_id', id)
			.order('id'),
	)

/** The inbox items written since `since` that carry the probe's marker. */
export async function submissionRows(tag: string, since: string) {
	const rows = await select(
		serviceClient().from('form_submissions').select('id, form_type, data').gte('created_at', since).order('id'),
	)
	return rows.filter((row) => JSON.stringify(row.data).includes(tag))
}

/** The contact forms: one form_submissions row holding every field, or nothing. */
export async function submissionProbe(
	module: string,
	path: string,
	formType: string,
	fields: (tag: string) => Record<string, string>,
	optional: string[] = [],
): Promise<Probe> {
	const tag = marker()
	const since = new Date(Date.now() - 60_000).toISOString()
	const hidden = await honeypotFields(siteURL(path))
	return {
		module,
		url: siteURL(path),
		valid: () => ({ ...fields(tag), ...hidden }),
		accepted: 302,
		rows: () => submissionRows(tag, since),
		isWhole: (row, sent) => {
			const data = row.data as Record<string, unknown>
			return (
				row.form_type === formType &&
				Object.keys(fields(tag)).every((name) =>
					optional.includes(name) ? optionalSent(sent, name, data[name]) : wasSent(sent, name, data[name]),
				)
			)
		},
	}
}

/** Route modules (relative to app/) that export an action, found in the source so none is forgotten. */
export function modulesWithAnAction() {
	const appDir = join(process.cwd(), 'app')
	const files = readdirSync(join(appDir, 'routes'), { recursive: true, encoding: 'utf8' }).filter((file) =>
		/\.tsx?$/.test(file),
	)
	return files
		.filter((file) =>
			/export (async )?function action\b|export const action\b/.test(
				readFileSync(join(appDir, 'routes', file), 'utf8'),
			),
		)
		.map((file) => relative(appDir, join(appDir, 'routes', file)))
		.sort()
}

export const webhookModule = 'routes/api/stripe-webhook.ts'
/**
 * Browsers post CSP reports from no page of ours, without cookies; it writes nothing but a log line, answers 204
 * to anything (tests/http/security-headers.test.ts), and is no probe.
 */
export const cspReportModule = 'routes/resources/csp-report.ts'
/** Posted to by mail apps, from no page of ours (RFC 8058): its link's signature authorizes it instead. */
export const oneClickModule = 'routes/site/newsletter-unsubscribe.tsx'

/** A route with a component (a page), as opposed to a resource route. */
export const isPage = (probe: Probe) => probe.module.endsWith('.tsx')

/**
 * What a request may have written: nothing unless it was a readable form;
 * from a form, only rows that hold one whole submission.
 */
export function halfWrites(probe: Probe, label: string, fields: Fields | undefined, before: Row[], after: Row[]) {
	if (!probe.isWhole || !fields)
		return isDeepStrictEqual(after, before) ? [] : [`${label}: changed ${JSON.stringify(after).slice(0, 300)}`]
	const isWhole = probe.isWhole
	return after
		.filter((row) => !before.some((old) => isDeepStrictEqual(old, row)))
		.filter((row) => !isWhole(row, fields))
		.map((row) => `${label}: half-written ${JSON.stringify(row).slice(0, 300)}`)
}
