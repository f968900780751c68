import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { supportRequestsCopy } from '~/content/support-requests'
import type { Database } from '~/lib/database.types'
import { required } from '~/lib/schemas'
import { isInboxStatus, type InboxStatus } from '~/lib/inbox'
import { wakeWorker } from '../jobs/wake'
import { senderOf } from '../inbox/items'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'

const copy = supportRequestsCopy

const message = required('Escribe tu mensaje.', 5000, 'El mensaje no puede superar los 5000 caracteres.')

/** A client's new request in /dashboard/soporte; `assistant` is one of their own, or none. */
export const supportRequestSchema = z.object({
	subject: required('Escribe el asunto.', 200, 'El asunto no puede superar los 200 caracteres.'),
	assistant: z.uuid({ error: 'Elige uno de tus asistentes.' }).optional(),
	message,
})

/** A client's follow-up on the thread of one of their requests. */
export const supportFollowUpSchema = z.object({ message })

type Client = SupabaseClient<Database>

export type SupportRequestResult = ActionResult<{ id: string }>

const statusOf = (status: string): InboxStatus => (isInboxStatus(status) ? status : 'nueva')

/**
 * The client's own requests, newest first, each with how many replies it has (the embedded events are
 * filtered to replies). Filtered by the client as well as by RLS: an admin's session reads every
 * request, and this page shows only theirs.
 */
export async function loadClientRequests(supabase: Client, userId: string) {
	const { data, error } = await supabase
		.from('form_submissions')
		.select('id, data, status, created_at, form_submission_events(id)')
		.eq('form_type', 'soporte')
		.eq('solicitante', userId)
		.eq('form_submission_events.kind', 'respuesta')
		.order('created_at', { ascending: false })
		.order('id', { ascending: false })
	if (error) throw error
	return data.map((request) => ({
		id: request.id,
		subject: senderOf(request.data).subject ?? '',
		status: statusOf(request.status),
		created_at: request.created_at,
		replies: request.form_submission_events.length,
	}))
}

/** One of the client's requests and its thread (RLS leaves the team's internal notes out); null if not theirs. */
export async function loadClientRequest(supabase: Client, userId: string, id: string) {
	const [request, thread] = await Promise.all([
		supabase
			.from('form_submissions')
			.select('id, data, status, created_at, asistente:asistentes(nombre)')
			.eq('id', id)
			.eq('form_type', 'soporte')
			.eq('solicitante', userId)
			.maybeSingle(),
		supabase
			.from('form_submission_events')
			.select('id, kind, subject, body, created_at')
			.eq('submission_id', id)
			.in('kind', ['respuesta', 'cliente'])
			.order('created_at')
			.order('id'),
	])
	const error = request.error ?? thread.error
	if (error) throw error
	if (!request.data) return null
	const { subject, message, name, email } = senderOf(request.data.data)
	return {
		request: {
			id: request.data.id,
			subject: subject ?? '',
			message,
			sender: { name, email },
			status: statusOf(request.data.status),
			created_at: request.data.created_at,
			assistant: request.data.asistente?.nombre ?? null,
		},
		thread: thread.data ?? [],
	}
}

export type ClientRequest = NonNullable<Awaited<ReturnType<typeof loadClientRequest>>>['request']

/** The client's own assistants, to say which one a request is about. */
export async function loadOwnAssistants(supabase: Client, userId: string) {
	const { data, error } = await supabase
		.from('asistentes')
		.select('id, nombre, empresa')
		.eq('user_id', userId)
		.order('created_at')
	if (error) throw error
	return data
}

/** The database's refusals, in the client's words (migration 20250805090000_support_requests.sql). */
function refusal(error: PostgrestError) {
	if (error.message.includes('soporte_limite')) return copy.errors.tooMany
	if (error.message.includes('soporte_asistente_ajeno')) return copy.errors.assistant
	log.error({ err: error }, '[support] client write failed')
	return copy.errors.failed
}

/**
 * Opens a request as the client (RLS: always their own; the database writes their real name and
 * address into it, and enqueues the company's notice with it).
 */
export async function openSupportRequest(
	supabase: Client,
	request: { subject: string; message: string; assistant?: string },
): Promise<SupportRequestResult> {
	const { data, error } = await supabase
		.from('form_submissions')
		.insert({
			form_type: 'soporte',
			data: { subject: request.subject, message: request.message },
			asistente_id: request.assistant ?? null,
		})
		.select('id')
		.single()
	if (error) return { ok: false, message: refusal(error) }
	wakeWorker()
	return { ok: true, id: data.id }
}

/** The client writes again on their request's thread; the database enqueues the team's notice with it. */
export async function addFollowUp(
	supabase: Client,
	request: ClientRequest,
	message: string,
): Promise<SupportRequestResult> {
	const { error } = await supabase
		.from('form_submission_events')
		.insert({ submission_id: request.id, kind: 'cliente', body: message })
	if (error) return { ok: false, message: refusal(error) }
	wakeWorker()
	return { ok: true, id: request.id }
}
