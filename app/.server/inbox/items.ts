import type { SupabaseClient } from '@supabase/supabase-js'
import { adminCopy } from '~/content/admin'
import type { Database } from '~/lib/database.types'
import { isInboxStatus, type InboxStatus } from '~/lib/inbox'
import { wakeWorker } from '../jobs/wake'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'

const copy = adminCopy.inbox

type Client = SupabaseClient<Database>

export type InboxChange = ActionResult

/**
 * One inbox item with its thread, under the admin's own session (RLS: admins only), and the admins
 * it can be assigned to. Null when there is no such item.
 */
export async function loadInboxItem(supabase: Client, id: string) {
	const [item, thread, admins] = await Promise.all([
		supabase
			.from('form_submissions')
			.select('id, form_type, data, created_at, status, assignee, asistente:asistentes(nombre)')
			.eq('id', id)
			.maybeSingle(),
		supabase
			.from('form_submission_events')
			.select('id, kind, subject, body, created_at, autor:usuarios(full_name, email)')
			.eq('submission_id', id)
			.order('created_at')
			.order('id'),
		supabase.from('usuarios').select('id, full_name, email').eq('role', 'admin').order('full_name'),
	])
	const error = item.error ?? thread.error ?? admins.error
	if (error) throw error
	if (!item.data) return null
	const status: InboxStatus = isInboxStatus(item.data.status) ? item.data.status : 'nueva'
	const { asistente, ...fields } = item.data
	return {
		item: { ...fields, status, assistant: asistente?.nombre ?? null, sender: senderOf(item.data.data) },
		thread: thread.data ?? [],
		admins: admins.data ?? [],
	}
}

export type InboxItem = NonNullable<Awaited<ReturnType<typeof loadInboxItem>>>['item']

/**
 * Who sent a submission and what they said, whichever form it came from (contact forms say `name`,
 * the investor form `fullName`; a client's support request has a `subject`).
 */
export function senderOf(data: Database['public']['Tables']['form_submissions']['Row']['data']) {
	const fields = data && typeof data === 'object' && !Array.isArray(data) ? data : {}
	const field = (key: string) => {
		const value = fields[key]
		return typeof value === 'string' && value ? value : null
	}
	return {
		name: field('name') ?? field('fullName'),
		email: field('email'),
		entity: field('entity'),
		subject: field('subject'),
		message: field('message') ?? '',
	}
}

/** Status and assignee; the database refuses an assignee who is not an admin. */
export async function updateInboxItem(
	supabase: Client,
	id: string,
	change: { status: InboxStatus; assignee?: string },
): Promise<InboxChange> {
	const { data, error } = await supabase
		.from('form_submissions')
		.update({ status: change.status, assignee: change.assignee ?? null })
		.eq('id', id)
		.select('id')
	if (error) log.error({ err: error }, '[support] update failed')
	return !error && data.length === 1 ? { ok: true } : { ok: false, message: copy.manage.error }
}

/** Once: a repeat with its `clave` (app/.server/http/submission-key.ts), a double click, adds nothing. */
export async function addInboxNote(
	supabase: Client,
	id: string,
	body: string,
	clave: string | null,
): Promise<InboxChange> {
	const { error } = await supabase
		.from('form_submission_events')
		.upsert({ submission_id: id, kind: 'nota', body, clave }, { onConflict: 'clave', ignoreDuplicates: true })
	if (error) log.error({ err: error }, '[support] note failed')
	return error ? { ok: false, message: copy.note.error } : { ok: true }
}

/**
 * Keeps the reply on the item's thread; the database enqueues its e-mail to the sender with it (answers going to
 * the company's inbox; a client's request also links to its thread in the portal). A new item is taken by
 * whoever answers it first. Once: a repeat with its `clave` stores no second reply, so no second e-mail is queued.
 */
export async function replyToSender(
	supabase: Client,
	adminId: string,
	item: InboxItem,
	reply: { subject: string; body: string },
	clave: string | null,
): Promise<InboxChange & { email?: string }> {
	if (!item.sender.email) return { ok: false, message: copy.reply.noAddress }
	const { error } = await supabase
		.from('form_submission_events')
		.upsert(
			{ submission_id: item.id, kind: 'respuesta', subject: reply.subject, body: reply.body, clave },
			{ onConflict: 'clave', ignoreDuplicates: true },
		)
	if (error) {
		log.error({ err: error }, '[support] reply failed')
		return { ok: false, message: copy.reply.failed }
	}
	wakeWorker()
	if (item.status === 'nueva') {
		await updateInboxItem(supabase, item.id, { status: 'en_curso', assignee: item.assignee ?? adminId })
	}
	return { ok: true, email: item.sender.email }
}
