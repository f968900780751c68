import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { unconfirmedCopy } from '~/content/errors'
import { supportRequestsCopy } from '~/content/support-requests'
import type { Database } from '~/lib/database.types'
import { required } from '~/lib/schemas'
import { isInboxStatus, type InboxStatus } from '~/lib/inbox'
import { wakeWorker } from '../jobs/wake'
import { senderOf } from '../inbox/items'
import { log } from '../log'
import { writeFailure, type FailedWrite } from '../supabase/writes'
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
function refusal(failed: FailedWrite, unconfirmed: string): SupportRequestResult {
	const { error } = failed
	if (error.message.includes('soporte_limite')) return { ok: false, message: copy.errors.tooMany }
	if (error.message.includes('soporte_asistente_ajeno')) return { ok: false, message: copy.errors.assistant }
	log.error({ err: error }, '[support] client write failed')
	return writeFailure(failed, copy.errors.failed, unconfirmed)
}

/**
 * Opens a request as the client (RLS: always their own; the database writes their real name and address into
 * it, and enqueues the company's notice with it). Once: a repeat with its `clave` (app/.server/http/
 * submission-key.ts, started with the client's id) finds the request the first one opened.
 */
export async function openSupportRequest(
	supabase: Client,
	request: { subject: string; message: string; assistant?: string },
	clave: string | null,
): Promise<SupportRequestResult> {
	const { data, error, status } = await supabase
		.from('form_submissions')
		.upsert(
			{
				form_type: 'soporte',
				data: { subject: request.subject, message: request.message },
				asistente_id: request.assistant ?? null,
				clave,
			},
			{ onConflict: 'clave', ignoreDuplicates: true },
		)
		.select('id')
	if (error) return refusal({ error, status }, unconfirmedCopy.request)
	const id = data[0]?.id ?? (clave ? await firstOpenedWith(supabase, clave) : undefined)
	if (!id) return { ok: false, message: copy.errors.failed }
	wakeWorker()
	return { ok: true, id }
}

/** The request a submission with this key opened before; undefined if the client can see none. */
async function firstOpenedWith(supabase: Client, clave: string) {
	const { data, error } = await supabase.from('form_submissions').select('id').eq('clave', clave).maybeSingle()
	if (error) log.error({ err: error }, '[support] request by its key not read')
	return data?.id
}

/**
 * The client writes again on their request's thread; the database enqueues the team's notice with it. Once: a
 * repeat with its `clave` adds nothing.
 */
export async function addFollowUp(
	supabase: Client,
	request: ClientRequest,
	message: string,
	clave: string | null,
): Promise<SupportRequestResult> {
	const { error, status } = await supabase
		.from('form_submission_events')
		.upsert(
			{ submission_id: request.id, kind: 'cliente', body: message, clave },
			{ onConflict: 'clave', ignoreDuplicates: true },
		)
	if (error) return refusal({ error, status }, unconfirmedCopy.message)
	wakeWorker()
	return { ok: true, id: request.id }
}
