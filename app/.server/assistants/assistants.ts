import type { SupabaseClient } from '@supabase/supabase-js'
import { adminAssistantsCopy as copy } from '~/content/assistants'
import type { AssistantInput } from '~/lib/assistant-schemas'
import type { Database } from '~/lib/database.types'
import { isUuid } from '~/lib/utils'
import { log } from '../log'
import type { ActionResult } from '~/lib/action-result'

type Client = SupabaseClient<Database>

export type AssistantChange = ActionResult<object, 'email'>

/** The columns as the form sends them: an empty optional field clears the stored value. */
const columns = (input: AssistantInput) => ({
	nombre: input.nombre,
	empresa: input.empresa ?? null,
	canales: input.canales,
	estado: input.estado,
	fecha_activacion: input.fecha_activacion ?? null,
	nota: input.nota ?? null,
})

/**
 * A new assistant for the account with this e-mail, under the admin's own session: RLS lets only an
 * admin create one, and the admin reads every profile, so the lookup finds any account.
 */
export async function createAssistant(supabase: Client, input: AssistantInput & { email: string }) {
	const { data: owner, error: lookupError } = await supabase
		.from('usuarios')
		.select('id')
		.eq('email', input.email.toLowerCase())
		.maybeSingle()
	if (lookupError) log.error({ err: lookupError }, '[assistants] owner lookup failed')
	if (!owner) return { ok: false, message: copy.noClient, field: 'email' } satisfies AssistantChange
	const { error } = await supabase.from('asistentes').insert({ user_id: owner.id, ...columns(input) })
	if (error) {
		log.error({ err: error }, '[assistants] create failed')
		return { ok: false, message: copy.saveError } satisfies AssistantChange
	}
	return { ok: true } satisfies AssistantChange
}

export async function updateAssistant(supabase: Client, id: string, input: AssistantInput): Promise<AssistantChange> {
	const { data, error } = await supabase.from('asistentes').update(columns(input)).eq('id', id).select('id')
	if (error) {
		log.error({ err: error }, '[assistants] update failed')
		return { ok: false, message: copy.saveError }
	}
	return data.length === 1 ? { ok: true } : { ok: false, message: copy.gone }
}

export async function deleteAssistant(supabase: Client, id: string): Promise<AssistantChange> {
	if (!isUuid(id)) return { ok: false, message: copy.gone }
	const { data, error } = await supabase.from('asistentes').delete().eq('id', id).select('id')
	if (error) {
		log.error({ err: error }, '[assistants] delete failed')
		return { ok: false, message: copy.deleteError }
	}
	return data.length === 1 ? { ok: true } : { ok: false, message: copy.gone }
}

/** The assistant an admin opened for editing or deleting (?editar=, ?eliminar=), with whose it is. */
export async function loadAssistant(supabase: Client, id: string | null) {
	if (!id || !isUuid(id)) return null
	const { data: assistant, error } = await supabase
		.from('asistentes')
		.select('id, user_id, nombre, empresa, canales, estado, fecha_activacion, nota')
		.eq('id', id)
		.maybeSingle()
	if (error) log.error({ err: error }, '[assistants] load failed')
	if (!assistant) return null
	// asistentes.user_id points at auth.users, so the profile is a second read rather than an embed.
	const { data: owner } = await supabase
		.from('usuarios')
		.select('full_name, email')
		.eq('id', assistant.user_id)
		.maybeSingle()
	return { ...assistant, cliente: owner?.full_name || owner?.email || '' }
}

/** The signed-in client's assistants for their cards, oldest first (RLS shows only their own). */
export async function loadClientAssistants(supabase: Client) {
	const { data, error } = await supabase
		.from('asistentes')
		.select('id, nombre, empresa, canales, estado, fecha_activacion, nota, created_at')
		.order('created_at')
		.order('id')
	if (error) log.error({ err: error }, '[dashboard] assistants failed')
	return data ?? []
}
