import { describe, expect, test } from 'vitest'
import { extractDocument } from '~/.server/knowledge/extract'
import { passagesOf } from '~/.server/knowledge/passages'
import { documentText, pageText, type PositionedText } from '~/.server/knowledge/pdf-layout'
import { seedDocuments } from '../../scripts/seed-documents'
import { pdfFile, prosePages, textPdf } from '../support/documents'

// A PDF written as full pages of text is read as its paragraphs, so 'Probar el asistente' quotes a paragraph or
// two with its page, not the whole page (issue 67).

/** One drawn line per entry: its text and its baseline (y, PDF space, up). */
const drawn = (lines: [string, number][]): PositionedText[] =>
	lines.map(([str, y]) => ({ str, y, height: 9.5, hasEOL: true }))

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('a page of positioned lines', () => {
	test('is cut into paragraphs where the space between lines is wider than the line step', () => {
		const text = pageText(
			drawn([
				['El asistente contesta a los clientes', 800],
				['a cualquier hora del día.', 788],
				['Las facturas se envían', 764],
				['cada mes por correo.', 752],
				['Con un espacio tras el párrafo', 734],
				['de media línea.', 722],
			]),
		)
		expect(text).toBe(
			'El asistente contesta a los clientes\na cualquier hora del día.\n\nLas facturas se envían\ncada mes por correo.\n\nCon un espacio tras el párrafo\nde media línea.',
		)
	})

	test('starts over where the text goes up (a next column), and finds the step on a page mostly of breaks', () => {
		const text = pageText(
			drawn([
				['Título', 800],
				['Primera columna.', 776],
				['Sigue aquí.', 764],
				['Otro párrafo.', 740],
				['Y otro.', 716],
				['Segunda columna, más arriba.', 800],
				['Su segunda línea.', 788],
			]),
		)
		expect(text).toBe(
			'Título\n\nPrimera columna.\nSigue aquí.\n\nOtro párrafo.\n\nY otro.\n\nSegunda columna, más arriba.\nSu segunda línea.',
		)
	})

	test('puts items on one baseline in one line, and has nothing to say for a page with no text', () => {
		const items: PositionedText[] = [
			{ str: 'Precio', y: 700, height: 10, hasEOL: false },
			{ str: ' ', y: 700, height: 10, hasEOL: false },
			{ str: '149 €', y: 700.4, height: 10, hasEOL: false },
			{ str: 'Debajo, sin fin de línea', y: 688, height: 10, hasEOL: true },
			{ str: '', y: 0, height: 0, hasEOL: true },
		]
		expect(pageText(items)).toBe('Precio 149 €\nDebajo, sin fin de línea')
		expect(pageText([])).toBe('')
	})
})

describe('a document’s running lines', () => {
	const page = (number: number, body: [string, number][]): PositionedText[] =>
		drawn([['Ortega Asesores', 820], ['Guía de plazos', 808], ...body, [`Página ${number} de 3`, 40]])

	test('a header and footer on most pages are left out of each, the page’s own lines kept', () => {
		const pages = documentText([
			page(1, [['Guía de plazos', 700]]),
			page(2, [['El modelo 303 vence el día 20.', 700]]),
			drawn([
				['Ortega Asesores', 820],
				['Notas', 700],
			]),
		])
		// The title repeated inside the first page's text is the page's, and the last page's own footer is gone.
		expect(pages).toEqual(['Guía de plazos', 'El modelo 303 vence el día 20.', 'Notas'])
	})

	test('nothing is left out of a single page, nor of pages whose edges differ but for their page number', () => {
		const single = page(1, [['Texto', 700]])
		expect(documentText([single])).toEqual([pageText(single)])
		const differing = [
			drawn([
				['Tarifa 2026: 149 €', 800],
				['Mantenimiento', 700],
			]),
			drawn([
				['Tarifa 2026: 180 €', 800],
				['Formación', 700],
			]),
		]
		expect(documentText(differing)).toEqual(differing.map(pageText))
	})

	test('the seed’s PDFs are read without their footer, every other line kept', async () => {
		for (const file of await seedDocuments()) {
			const { pages } = await extractDocument('pdf', new Uint8Array(file.bytes))
			expect(pages, file.name).toHaveLength(file.pages)
			for (const { text } of pages) {
				expect(text, file.name).not.toMatch(/página \d+ de \d+/)
				expect(text.trim(), file.name).not.toBe('')
			}
		}
	})
})

describe('a PDF laid out as full pages', () => {
	test('gives passages of whole paragraphs, each with its page', async () => {
		const pages = prosePages(3, { title: 'Manual del asistente' })
		const passages = passagesOf(await extractDocument('pdf', new Uint8Array(await textPdf(pages))))
		// Each page's first line, 'Manual del asistente, página n.', is its running header: left out.
		const paragraphsOf = (page: number) => (pages[page - 1] ?? '').split('\n\n').slice(1).map(normalized)
		expect(passages.map((passage) => passage.texto).join('\n')).not.toContain('Manual del asistente, página')

		expect(passages.length).toBeGreaterThan(pages.length * 2)
		for (const passage of passages) {
			expect(passage.pagina).not.toBeNull()
			const pieces = passage.texto.split('\n\n').map(normalized)
			expect(pieces.length).toBeLessThanOrEqual(3)
			for (const piece of pieces) expect(paragraphsOf(passage.pagina ?? 0)).toContain(piece)
		}
		// Every paragraph is quoted once, in order, on its own page.
		expect(passages.flatMap((passage) => passage.texto.split('\n\n').map(normalized))).toEqual(
			pages.flatMap((_, index) => paragraphsOf(index + 1)),
		)
	})

	test('keeps a short page written line by line as it was', async () => {
		const extracted = await extractDocument('pdf', new Uint8Array(await pdfFile(['Primera línea\nSegunda línea'])))
		expect(extracted.pages).toEqual([{ page: 1, text: 'Primera línea\nSegunda línea' }])
	})
})
