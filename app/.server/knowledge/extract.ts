import mammoth from 'mammoth'
import { unzipSync } from 'fflate'
import { extractTextItems, getDocumentProxy } from 'unpdf'
import { documentLimits, type DocumentFailure, type DocumentType } from '~/lib/documents'
import { documentText } from './pdf-layout'

/** A document's text, page by page (a format without pages is one page with no number). */
export type Extracted = { pages: { page: number | null; text: string }[]; pageCount: number | null }

/** A document that cannot be read, for a reason no retry changes: the document fails with it. */
export class UnreadableDocument extends Error {
	constructor(
		readonly reason: DocumentFailure,
		readonly pageCount: number | null = null,
	) {
		super(`documento no legible: ${reason}`)
	}
}

/** The largest a Word document may be once unzipped: past it, its text would pass the limit too (a zip bomb). */
const maxUnzippedBytes = 200 * 1024 * 1024

export async function extractDocument(type: DocumentType, bytes: Uint8Array): Promise<Extracted> {
	const extracted = type === 'pdf' ? await pdfText(bytes) : type === 'docx' ? await docxText(bytes) : plainText(bytes)
	const characters = extracted.pages.reduce((sum, page) => sum + page.text.length, 0)
	if (characters > documentLimits.maxTextCharacters) throw new UnreadableDocument('texto_excesivo', extracted.pageCount)
	if (extracted.pages.every((page) => page.text.trim() === '')) {
		throw new UnreadableDocument(type === 'pdf' ? 'sin_texto' : 'danado', extracted.pageCount)
	}
	return extracted
}

/**
 * PDF.js (through unpdf, its build for servers), page by page so a quote can cite its page, each page's text in
 * the paragraphs its layout shows (pdf-layout.ts) so a quote is a paragraph, not a page, and without the running
 * header and footer every page repeats.
 */
async function pdfText(bytes: Uint8Array): Promise<Extracted> {
	let document: Awaited<ReturnType<typeof getDocumentProxy>>
	try {
		document = await getDocumentProxy(bytes, { verbosity: 0, stopAtErrors: true })
	} catch (error) {
		const name = error instanceof Error ? error.name : ''
		if (name === 'PasswordException') throw new UnreadableDocument('protegido')
		throw new UnreadableDocument('danado')
	}
	try {
		const pageCount = document.numPages
		if (pageCount > documentLimits.maxPages) throw new UnreadableDocument('demasiado_largo', pageCount)
		let items: Awaited<ReturnType<typeof extractTextItems>>['items']
		try {
			;({ items } = await extractTextItems(document))
		} catch {
			throw new UnreadableDocument('danado', pageCount)
		}
		return { pages: documentText(items).map((text, index) => ({ page: index + 1, text })), pageCount }
	} finally {
		await document.loadingTask.destroy()
	}
}

/**
 * Word's text (mammoth). The package's listing says how big each part is once unzipped, before anything is
 * inflated: a document whose parts add up past the limit is refused without unzipping it.
 */
async function docxText(bytes: Uint8Array): Promise<Extracted> {
	let unzipped = 0
	try {
		unzipSync(bytes, {
			filter: (file) => {
				unzipped += file.originalSize
				return false
			},
		})
	} catch {
		throw new UnreadableDocument('danado')
	}
	if (unzipped > maxUnzippedBytes) throw new UnreadableDocument('texto_excesivo')
	try {
		const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) })
		return { pages: [{ page: null, text: value }], pageCount: null }
	} catch {
		throw new UnreadableDocument('danado')
	}
}

/** UTF-8, or Windows-1252 when it is not (what Excel writes a CSV in on Windows). */
function plainText(bytes: Uint8Array): Extracted {
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		text = new TextDecoder('windows-1252').decode(bytes)
	}
	return { pages: [{ page: null, text: text.replace(/^\uFEFF/, '') }], pageCount: null }
}
