import type { SupabaseClient } from '@supabase/supabase-js'
import { adminCopy } from '~/content/admin'
import { bookingsCopy } from '~/content/meetings'
import type { Database } from '~/lib/database.types'
import { bookingFilterArgs, type BookingFilters } from '~/lib/booking-filters'
import { formatSpreadsheetDateTime } from '~/lib/dates'
import { csvStream } from './csv'
import { z } from 'zod'
import { adminBookingRow } from '~/lib/admin-rows'

/** What admin_reservas_exportar returns for each booking (JSON to the database types), parsed. */
const exportRows = z.array(adminBookingRow.extend({ created_at: z.string() }))
type ExportRow = z.infer<typeof exportRows>[number]

const batchSize = 1000

const record = (row: ExportRow) => [
	row.fecha,
	row.hora.slice(0, 5),
	row.nombre,
	row.email,
	row.motivo || bookingsCopy.defaultReason,
	bookingsCopy.statuses[row.status] ?? row.status,
	row.meet_url ?? '',
	formatSpreadsheetDateTime(row.created_at),
]

/**
 * Every booking matching the admin's search and filters as a CSV stream, read with the admin's own
 * session (the function checks the role). Null when the first read fails.
 */
export function bookingsCsv(
	supabase: SupabaseClient<Database>,
	{ termino, filters }: { termino: string; filters: BookingFilters },
) {
	return csvStream<ExportRow>({
		label: 'meetings',
		header: adminCopy.bookings.csvColumns,
		batchSize,
		record,
		read: async (after) => {
			const { data, error } = await supabase.rpc('admin_reservas_exportar', {
				termino,
				cuantos: batchSize,
				...bookingFilterArgs(filters),
				...(after ? { tras_fecha: after.fecha, tras_hora: after.hora, tras_id: after.id } : {}),
			})
			if (error) throw error
			return exportRows.parse(data)
		},
	})
}
