import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { documentsCopy as copy } from '~/content/documents'
import type { Database } from '~/lib/database.types'
import { isUuid } from '~/lib/utils'
import type { ActionResult } from '~/lib/action-result'
import { log } from '../log'

type Client = SupabaseClient<Database>

/** The private bucket of every client's documents (migration 20261203100000). */
export const documentsBucket = 'documentos'

/** How long a download link works: long enough to start it, too short to pass around. */
const downloadLinkSeconds = 60

/** The client's own assistant, or null: RLS shows a client only theirs (an admin sees all, but this is their portal). */
export async function loadOwnAssistant(supabase: Client, userId: string, id: string) {
	if (!isUuid(id)) return null
	const { data, error } = await supabase
		.from('asistentes')
		.select('id, nombre, empresa')
		.eq('id', id)
		.eq('user_id', userId)
		.maybeSingle()
	if (error) throw error
	return data
}

export const quotaSchema = z.object({
	plan: z.enum(['starter', 'business', 'enterprise']).nullable(),
	/** Null when the plan has no limit (Enterprise). */
	limite: z.number().nullable(),
	usados: z.number(),
})
export type DocumentQuota = z.infer<typeof quotaSchema>

export async function loadQuota(supabase: Client, assistantId: string) {
	const { data, error } = await supabase.rpc('cupo_documentos', { asistente: assistantId })
	if (error) throw error
	return quotaSchema.parse(data)
}

/**
 * What the page's list and count show, and when they were read: the page's loader and the list's own request
 * (which the page polls while documents are processed) each give one, and the page shows the newer.
 */
export async function loadDocumentListing(supabase: Client, assistantId: string) {
	const [documents, quota] = await Promise.all([loadDocuments(supabase, assistantId), loadQuota(supabase, assistantId)])
	return { documents, quota, listedAt: Date.now() }
}

/** Newest first, with the name of whoever uploaded each (the client, or a teammate of theirs later). */
export async function loadDocuments(supabase: Client, assistantId: string) {
	const { data, error } = await supabase
		.from('documentos')
		.select('id, nombre, tipo, tamano, paginas, estado, motivo, pasajes, subido_at, subido_por')
		.eq('asistente_id', assistantId)
		.order('subido_at', { ascending: false })
		.order('id')
	if (error) throw error
	const uploaders = [...new Set(data.flatMap((row) => (row.subido_por ? [row.subido_por] : [])))]
	const { data: people, error: peopleError } = uploaders.length
		? await supabase.from('usuarios').select('id, full_name, email').in('id', uploaders)
		: { data: [], error: null }
	if (peopleError) throw peopleError
	const nameOf = new Map(people.map((person) => [person.id, person.full_name || person.email || '']))
	return data.map(({ subido_por, ...row }) => ({ ...row, subido_por: (subido_por && nameOf.get(subido_por)) || '' }))
}

/**
 * Deletes the row (its passages go with it, in the same statement: nothing answers from it a moment later) and
 * then its file. The delete enqueues the file's removal too (the migration's trigger), for when this removal
 * does not get through.
 */
export async function deleteDocument(
	supabase: Client,
	assistantId: string,
	id: string,
): Promise<ActionResult<{ name: string }>> {
	if (!isUuid(id)) return { ok: false, message: copy.gone }
	const { data, error } = await supabase
		.from('documentos')
		.delete()
		.eq('id', id)
		.eq('asistente_id', assistantId)
		.select('nombre, objeto')
	if (error) {
		log.error({ err: error }, '[knowledge] delete failed')
		return { ok: false, message: copy.removeError }
	}
	const [deleted] = data
	if (!deleted) return { ok: false, message: copy.gone }
	const removed = await supabase.storage.from(documentsBucket).remove([deleted.objeto])
	if (removed.error) log.warn({ err: removed.error }, '[knowledge] file removal left to the queue')
	return { ok: true, name: deleted.nombre }
}

/** A link to the original that works for a minute, named as the client named it; null for a document not theirs. */
export async function downloadLink(supabase: Client, assistantId: string, id: string) {
	if (!isUuid(id)) return null
	const { data, error } = await supabase
		.from('documentos')
		.select('nombre, objeto')
		.eq('id', id)
		.eq('asistente_id', assistantId)
		.maybeSingle()
	if (error) throw error
	if (!data) return null
	const signed = await supabase.storage
		.from(documentsBucket)
		.createSignedUrl(data.objeto, downloadLinkSeconds, { download: data.nombre })
	if (signed.error) throw signed.error
	return signed.data.signedUrl
}
