import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { adminDocumentsCopy as copy } from '~/content/documents'
import type { Database } from '~/lib/database.types'
import { documentStates } from '~/lib/documents'
import { isUuid } from '~/lib/utils'
import type { ActionResult } from '~/lib/action-result'
import { log } from '../log'
import { wakeWorker } from '../jobs/wake'

type Client = SupabaseClient<Database>

const pageSchema = z.object({
	rows: z.array(
		z.object({
			id: z.string(),
			asistente_id: z.string(),
			asistente: z.string(),
			cliente: z.string().nullable(),
			nombre: z.string(),
			tipo: z.string(),
			tamano: z.number(),
			paginas: z.number().nullable(),
			estado: z.string(),
			motivo: z.string().nullable(),
			pasajes: z.number(),
			subido_at: z.string(),
			procesado_at: z.string().nullable(),
			error: z.string().nullable(),
		}),
	),
	asistentes: z.array(
		z.object({
			id: z.string(),
			nombre: z.string(),
			cliente: z.string().nullable(),
			plan: z.string().nullable(),
			limite: z.number().nullable(),
			usados: z.number(),
			fallidos: z.number(),
			en_marcha: z.number(),
		}),
	),
	cola: z.object({
		pendientes: z.number(),
		en_curso: z.number(),
		fallidos: z.number(),
		mas_antiguo: z.string().nullable(),
	}),
})

/** /admin/documentos: every assistant's documents (?asistente=, ?estado=), their count against the plan, the queue. */
export async function loadDocumentsPage(supabase: Client, url: URL) {
	const assistant = url.searchParams.get('asistente') ?? ''
	const state = documentStates.find((value) => value === url.searchParams.get('estado'))
	const { data, error } = await supabase.rpc('admin_documentos', {
		asistente: isUuid(assistant) ? assistant : undefined,
		estado: state,
	})
	if (error) throw error
	return { ...pageSchema.parse(data), assistant: isUuid(assistant) ? assistant : null, state: state ?? null }
}

/** 'Reprocesar': a failed document back in the queue (reprocesar_documento checks the caller is an admin). */
export async function reprocessDocument(supabase: Client, form: FormData): Promise<ActionResult> {
	const id = String(form.get('documento') ?? '')
	if (!isUuid(id)) return { ok: false, message: copy.reprocessError }
	const { data, error } = await supabase.rpc('reprocesar_documento', { documento: id })
	if (error) log.error({ err: error }, '[admin] reprocess failed')
	if (error || !data) return { ok: false, message: copy.reprocessError }
	wakeWorker()
	return { ok: true }
}
