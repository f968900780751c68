import type { SupabaseClient } from '@supabase/supabase-js'
import { stringify } from 'csv-stringify/sync'
import { adminCopy } from '~/content/admin'
import { meetingsCopy } from '~/content/meetings'
import type { Database } from '~/lib/database.types'
import { businessTimeZone } from '~/lib/dates'
import { meetingFilterArgs, type MeetingFilters } from '~/lib/meeting-filters'

type ExportRow = {
	id: string
	fecha: string
	hora: string
	nombre: string
	email: string
	motivo: string | null
	status: string
	meet_url: string | null
	created_at: string
}

const batchSize = 1000

/**
 * Semicolons, not commas: a spreadsheet set to Spanish reads the comma as the decimal separator and
 * opens a comma-separated file as one column. The byte-order mark tells it the file is UTF-8, or it
 * shows 'JosÃ©' for 'José'. CRLF line ends, as RFC 4180 has them.
 */
const csv = (records: string[][]) => stringify(records, { delimiter: ';', record_delimiter: 'windows' })

// 'sv-SE' writes a date as 2026-11-24 15:30: a spreadsheet reads it as a date and sorts it as one.
let bookedAt: Intl.DateTimeFormat | undefined
const formatBookedAt = (value: string) =>
	(bookedAt ??= new Intl.DateTimeFormat('sv-SE', {
		timeZone: businessTimeZone,
		dateStyle: 'short',
		timeStyle: 'short',
	})).format(new Date(value))

const record = (row: ExportRow) => [
	row.fecha,
	row.hora.slice(0, 5),
	row.nombre,
	row.email,
	row.motivo || meetingsCopy.defaultReason,
	meetingsCopy.statuses[row.status] ?? row.status,
	row.meet_url ?? '',
	formatBookedAt(row.created_at),
]

/**
 * Every booking matching the admin's search and filters as a CSV stream, read 1,000 at a time with
 * the admin's own session (the function checks the role), so memory stays flat however many there
 * are. Null when the first read fails: the caller can still answer with an error page.
 */
export async function meetingsCsv(
	supabase: SupabaseClient<Database>,
	{ termino, filters }: { termino: string; filters: MeetingFilters },
) {
	const read = async (after?: ExportRow) => {
		const { data, error } = await supabase.rpc('admin_reservas_exportar', {
			termino,
			cuantos: batchSize,
			...meetingFilterArgs(filters),
			...(after ? { tras_fecha: after.fecha, tras_hora: after.hora, tras_id: after.id } : {}),
		})
		if (error) throw error
		return data as ExportRow[]
	}
	let batch: ExportRow[]
	try {
		batch = await read()
	} catch (error) {
		console.error('[admin] export failed', error)
		return null
	}
	const encoder = new TextEncoder()
	return new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(encoder.encode(`\uFEFF${csv([[...adminCopy.meetings.csvColumns]])}`))
		},
		async pull(controller) {
			if (batch.length) controller.enqueue(encoder.encode(csv(batch.map(record))))
			const last = batch.at(-1)
			if (!last || batch.length < batchSize) return controller.close()
			try {
				batch = await read(last)
			} catch (error) {
				// The download is already under way: break it rather than hand over a file that looks whole.
				console.error('[admin] export failed part-way', error)
				controller.error(error)
			}
		},
	})
}
