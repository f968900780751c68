/**
 * Reads what the app's CSV exports write (app/.server/admin/csv.ts): `;` between cells, CRLF between records, quoted
 * cells with `""` for a quote, as RFC 4180 has them. The byte-order mark is dropped. Enough for the tests to
 * look at each cell as a spreadsheet receives it.
 */
export function parseCsv(text: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let cell = ''
	let quoted = false
	const body = text.replace(/^\uFEFF/, '')
	for (let index = 0; index < body.length; index++) {
		const char = body[index]
		if (quoted) {
			if (char === '"' && body[index + 1] === '"') {
				cell += '"'
				index++
			} else if (char === '"') quoted = false
			else cell += char
		} else if (char === '"') quoted = true
		else if (char === ';') {
			record.push(cell)
			cell = ''
		} else if (char === '\r' && body[index + 1] === '\n') {
			record.push(cell)
			records.push(record)
			record = []
			cell = ''
			index++
		} else cell += char
	}
	if (cell !== '' || record.length) records.push([...record, cell])
	return records
}

/** The whole body of a CSV stream, as text. */
export async function readCsvStream(stream: ReadableStream<Uint8Array>) {
	return parseCsv(await new Response(stream).text())
}
