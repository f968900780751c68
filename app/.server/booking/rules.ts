import type { SupabaseClient } from '@supabase/supabase-js'
import { adminCopy } from '~/content/admin'
import type { ActionResult } from '~/lib/action-result'
import { describeDays } from '~/content/availability'
import { todayInMadrid, formatDateRange, formatLongDateTime } from '~/lib/dates'
import { byWeekday, type BookingRules } from '~/lib/slots'
import type { Database, Json } from '~/lib/database.types'
import type { BlockInput, RulesInput } from '~/lib/booking-settings'
import { createServiceClient } from '../supabase/client'
import { log } from '../log'

type Client = SupabaseClient<Database>

const rulesColumns = 'dias, horas, horizonte_dias, antelacion_horas, maximo_pendientes'

type RulesRow = Pick<
	Database['public']['Tables']['reglas_reservas']['Row'],
	'dias' | 'horas' | 'horizonte_dias' | 'antelacion_horas' | 'maximo_pendientes'
>

/** The row as the app speaks of it: hours as HH:MM (Postgres says 10:00:00), sorted. */
const rulesFrom = (row: RulesRow, bloqueos: BookingRules['bloqueos']): BookingRules => ({
	dias: byWeekday(row.dias),
	horas: row.horas.map((hora) => hora.slice(0, 5)).sort(),
	horizonteDias: row.horizonte_dias,
	antelacionHoras: row.antelacion_horas,
	maximoPendientes: row.maximo_pendientes,
	bloqueos,
})

/**
 * The rules every booking path follows, read fresh on each request so that a change in /admin/ajustes
 * holds at once. Blocks that have ended are left out.
 */
export async function loadBookingRules(): Promise<BookingRules> {
	// Service role: the blocks' dates are needed to offer hours; their reasons stay with the admins (RLS).
	const service = createServiceClient()
	const [rules, blocks] = await Promise.all([
		service.from('reglas_reservas').select(rulesColumns).single(),
		service.from('bloqueos_reservas').select('desde, hasta').gte('hasta', todayInMadrid()).order('desde'),
	])
	if (rules.error) throw rules.error
	if (blocks.error) throw blocks.error
	return rulesFrom(rules.data, blocks.data)
}

/** What /admin/ajustes shows, under the admin's own session (RLS: blocks and the log are admins' only). */
export async function loadBookingSettings(supabase: Client) {
	const [rules, blocks, changes] = await Promise.all([
		supabase.from('reglas_reservas').select(`${rulesColumns}, updated_at`).single(),
		supabase
			.from('bloqueos_reservas')
			.select('id, desde, hasta, motivo, created_at')
			.gte('hasta', todayInMadrid())
			.order('desde'),
		supabase
			.from('cambios_ajustes')
			.select('id, tipo, antes, despues, created_at, autor:usuarios(full_name, email)')
			.order('created_at', { ascending: false })
			.order('id', { ascending: false })
			.limit(30),
	])
	if (rules.error) throw rules.error
	if (blocks.error) throw blocks.error
	if (changes.error) throw changes.error
	return {
		rules: rulesFrom(rules.data, blocks.data),
		updatedAt: rules.data.updated_at,
		blocks: blocks.data.map((block) => ({ ...block, range: formatDateRange(block.desde, block.hasta) })),
		changes: changes.data.map(describeChange),
	}
}

const history = adminCopy.settings.history

type Change = Omit<Database['public']['Tables']['cambios_ajustes']['Row'], 'autor'> & {
	autor: { full_name: string | null; email: string | null } | null
}

const record = (value: Json | null): Record<string, Json | undefined> =>
	value && typeof value === 'object' && !Array.isArray(value) ? value : {}
const text = (value: Json | undefined) => (typeof value === 'string' ? value : '')
const list = (value: Json | undefined) => (Array.isArray(value) ? value.map(String) : [])

/** What one field of the rules was and became, in words: days as a span, hours as what was added and removed. */
function fieldChange(field: keyof typeof history.fields, before: Json | undefined, after: Json | undefined) {
	const label = history.fields[field]
	if (field === 'dias')
		return `${label}: ${describeDays(list(before).map(Number))} → ${describeDays(list(after).map(Number))}`
	if (field === 'horas') {
		const was = list(before).map((hora) => hora.slice(0, 5))
		const now = list(after).map((hora) => hora.slice(0, 5))
		const added = now.filter((hora) => !was.includes(hora)).map((hora) => `+${hora}`)
		const removed = was.filter((hora) => !now.includes(hora)).map((hora) => `−${hora}`)
		return `${label}: ${[...added, ...removed].join(', ')}`
	}
	const unit = field === 'horizonte_dias' ? history.days : field === 'antelacion_horas' ? history.hours : String
	return `${label}: ${unit(Number(before))} → ${unit(Number(after))}`
}

/** One entry of the log as the page shows it: who, when, what (formatted here, so the page ships no logic). */
function describeChange(change: Change) {
	const before = record(change.antes)
	const after = record(change.despues)
	const entry = {
		id: change.id,
		who: change.autor?.full_name || change.autor?.email || history.system,
		when: formatLongDateTime(change.created_at),
	}
	if (change.tipo === 'reglas') {
		const fields = Object.keys(history.fields) as (keyof typeof history.fields)[]
		const details = fields
			.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
			.map((field) => fieldChange(field, before[field], after[field]))
		return { ...entry, summary: history.rules, details }
	}
	const block = change.tipo === 'bloqueo_eliminado' ? before : after
	const range = formatDateRange(text(block.desde), text(block.hasta))
	const describe = change.tipo === 'bloqueo_eliminado' ? history.blockRemoved : history.blockAdded
	return { ...entry, summary: describe(range, text(block.motivo)), details: [] }
}

export type SettingsChange = ActionResult

const refused: SettingsChange = { ok: false, message: adminCopy.settings.refused }

function outcome(error: { code: string } | null, what: string): SettingsChange {
	if (!error) return { ok: true }
	// 23514: a check constraint (the database's own limits); 42501: RLS, for a caller who is not an admin.
	if (error.code === '23514' || error.code === '42501') return refused
	log.error({ err: error }, `[settings] ${what} failed`)
	return { ok: false, message: adminCopy.settings.failed }
}

/** As the admin: RLS lets only admins change the rules, and the database records who did. */
export async function updateBookingRules(supabase: Client, rules: RulesInput): Promise<SettingsChange> {
	const { data, error } = await supabase
		.from('reglas_reservas')
		.update({
			dias: rules.dias,
			horas: rules.horas,
			horizonte_dias: rules.horizonteDias,
			antelacion_horas: rules.antelacionHoras,
			maximo_pendientes: rules.maximoPendientes,
		})
		.eq('id', true)
		.select('id')
	if (!error && data.length === 0) return refused
	return outcome(error, 'rules update')
}

export async function addBookingBlock(supabase: Client, block: BlockInput): Promise<SettingsChange> {
	const { error } = await supabase.from('bloqueos_reservas').insert(block)
	return outcome(error, 'block insert')
}

export async function removeBookingBlock(supabase: Client, id: string): Promise<SettingsChange> {
	const { data, error } = await supabase.from('bloqueos_reservas').delete().eq('id', id).select('id')
	if (!error && data.length === 0) return { ok: false, message: adminCopy.settings.notFound }
	return outcome(error, 'block delete')
}
