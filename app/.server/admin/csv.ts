import { stringify } from 'csv-stringify/sync'
import { log } from '../log'

/**
 * A cell: text, or a number the app itself computed. Names, reasons and addresses come from whoever filled in a
 * form, so text that begins like a formula (`=`, `+`, `-`, `@`, a tab, a carriage return, or the full-width
 * `＝＋－＠` some spreadsheets read as those) is written with a leading `'`, OWASP's rule against CSV injection:
 * a spreadsheet then shows it as text instead of running it. This changes what such a cell says (an address
 * `-x@kia.es` exports as `'-x@kia.es`), the price of never running what a visitor typed. A number is written as
 * it is, a negative one too: no formula can hide in a value the app computed, and a `'` would turn an amount
 * into text a spreadsheet cannot add up. So an amount goes in as a number, never pre-formatted as text.
 */
export type CsvCell = string | number

/**
 * Semicolons, not commas: a spreadsheet set to Spanish reads the comma as the decimal separator and
 * opens a comma-separated file as one column. CRLF line ends, as RFC 4180 has them. `escape_formulas`
 * is csv-stringify's own form of the rule above, for every cell, header included (tests/unit/csv.test.ts).
 */
const csv = (records: CsvCell[][]) =>
	stringify(records, { delimiter: ';', record_delimiter: 'windows', escape_formulas: true })

/**
 * A CSV download read `batchSize` rows at a time, so memory stays flat however many rows there are:
 * `read` gets the last row of the previous batch (none for the first). The byte-order mark tells a
 * spreadsheet the file is UTF-8, or it shows 'JosÃ©' for 'José'. Null when the first read fails:
 * the caller can still answer with an error page.
 */
export async function csvStream<Row>({
	label,
	header,
	read,
	record,
	batchSize,
}: {
	label: string
	header: readonly string[]
	read: (after?: Row) => Promise<Row[]>
	record: (row: Row) => CsvCell[]
	batchSize: number
}) {
	let batch: Row[]
	try {
		batch = await read()
	} catch (error) {
		log.error({ err: error }, `[admin] ${label} export failed`)
		return null
	}
	const encoder = new TextEncoder()
	return new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(encoder.encode(`\uFEFF${csv([[...header]])}`))
		},
		async pull(controller) {
			if (batch.length) controller.enqueue(encoder.encode(csv(batch.map(record))))
			const last = batch.at(-1)
			if (!last || batch.length < batchSize) return controller.close()
			try {
				batch = await read(last)
			} catch (error) {
				// The download is already under way: break it rather than hand over a file that looks whole.
				log.error({ err: error }, `[admin] ${label} export failed part-way`)
				controller.error(error)
			}
		},
	})
}
