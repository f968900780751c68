import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import {
	concatTransformationMatrix,
	drawObject,
	PDFDocument,
	PDFHexString,
	popGraphicsState,
	pushGraphicsState,
	StandardFonts,
} from 'pdf-lib'
import { about } from '../../app/content/about'
import { capabilityPages, verifactu } from '../../app/content/capability-pages'
import { homeFaq } from '../../app/content/faq'
import { howItWorks } from '../../app/content/how-it-works'
import { contractingTerms, cookiePolicy, privacyPolicy } from '../../app/content/legal'
import { projects } from '../../app/content/projects'
import { webapp } from '../../app/content/webapp'
import type { DocumentType } from '../../app/lib/documents'
import { serviceClient, type TestUser } from './supabase'
import { supabaseURL } from './urls'

// Small documents of every kind the portal reads, and of the kinds it refuses, made in the test (issue 67).

/** A PDF with one page per text; no text at all for a page drawn only (as a scan would be), nothing for ''. */
export async function pdfFile(pages: (string | null)[]) {
	const pdf = await PDFDocument.create()
	const font = await pdf.embedFont(StandardFonts.Helvetica)
	for (const text of pages) {
		const page = pdf.addPage([595, 842])
		if (text === null) page.drawRectangle({ x: 50, y: 50, width: 400, height: 600 })
		else if (text !== '')
			text.split('\n').forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 16, size: 11, font }))
	}
	return Buffer.from(await pdf.save())
}

/**
 * A PDF that asks for a password: a Standard security handler whose user key no empty password opens, which is
 * what PDF.js meets in a document protected by its author.
 */
export async function passwordPdf() {
	const pdf = await PDFDocument.create()
	pdf.addPage()
	const key = (seed: string) => PDFHexString.of(createHash('sha256').update(seed).digest('hex'))
	const encrypt = pdf.context.obj({ Filter: 'Standard', V: 1, R: 2, O: key('o'), U: key('u'), P: -4 })
	pdf.context.trailerInfo.Encrypt = pdf.context.register(encrypt)
	pdf.context.trailerInfo.ID = pdf.context.obj([key('id'), key('id')])
	return Buffer.from(await pdf.save({ useObjectStreams: false }))
}

/** A DOCX (a zip of WordprocessingML) whose body has these paragraphs. */
export function docxFile(paragraphs: string[]) {
	const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
	const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`)
	return Buffer.from(
		zipSync({
			'[Content_Types].xml': strToU8(
				'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
			),
			'_rels/.rels': strToU8(
				'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
			),
			'word/document.xml': strToU8(
				`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`,
			),
		}),
	)
}

/** A CSV as Excel writes it on Windows: Windows-1252, not UTF-8. */
export const windows1252Csv = (text: string) =>
	Buffer.from([...text].map((character) => (character === '€' ? 0x80 : character.charCodeAt(0))))

/** A client on a plan, with an assistant: who uploads in these tests. */
export async function assistantOnPlan(url: string, user: { id: string }, plan: 'starter' | 'business' | 'enterprise') {
	const service = serviceClient(url)
	const { data, error } = await service
		.from('asistentes')
		.insert({ user_id: user.id, nombre: 'Asistente de pruebas', empresa: 'Gestoría Núñez' })
		.select('id')
		.single()
	if (error) throw error
	const subscribed = await service.from('suscripciones').insert({
		id: `sub_${randomUUID()}`,
		user_id: user.id,
		customer_id: `cus_${user.id.slice(0, 8)}`,
		price_id: 'price_x',
		plan,
		periodo: 'monthly',
		status: 'active',
	})
	if (subscribed.error) throw subscribed.error
	return data.id
}

/**
 * A document row as processing leaves a failed one, without its file: what the actions that take a document's id
 * (deleting it, reprocessing it) need, made without an upload.
 */
export async function failedDocument(assistantId: string, userId: string) {
	const id = randomUUID()
	const { error } = await serviceClient(supabaseURL())
		.from('documentos')
		.insert({
			id,
			asistente_id: assistantId,
			user_id: userId,
			nombre: 'Tarifas 2026.txt',
			objeto: `${userId}/${assistantId}/${id}.txt`,
			tipo: 'txt',
			tamano: 10,
			sha256: createHash('sha256').update(id).digest('hex'),
			estado: 'fallido',
			motivo: 'danado',
		})
	if (error) throw error
	return id
}

/**
 * The sentences of the site's own Spanish copy (legal texts, capability pages, FAQ…), in the order they are written,
 * so neighbours share a subject: prose for documents of a realistic size. Only characters a PDF's standard fonts
 * can draw (WinAnsi) are kept.
 */
export const siteSentences: readonly string[] = (() => {
	const strings: string[] = []
	const walk = (value: unknown) => {
		if (typeof value === 'string') strings.push(value)
		else if (Array.isArray(value)) value.forEach(walk)
		else if (value && typeof value === 'object') Object.values(value).forEach(walk)
	}
	walk([
		privacyPolicy,
		cookiePolicy,
		contractingTerms,
		capabilityPages,
		verifactu,
		homeFaq,
		howItWorks,
		about,
		projects,
	])
	walk(webapp)
	const sentences = strings
		.flatMap((text) => text.match(/[^.!?]+[.!?]+/g) ?? [])
		.map((sentence) => sentence.replace(/[^\x20-\x7E\u00A0-\u00FF€—–‘’“”«»…•]/g, ' ').trim())
		.filter((sentence) => sentence.length > 30 && /^[\p{Lu}¿¡]/u.test(sentence))
	return [...new Set(sentences)]
})()

/**
 * `count` pages of about `charsPerPage` characters of the site's prose, in paragraphs, each page headed with its
 * number and `title` so no two pages (nor two documents of different titles) are alike.
 */
export function prosePages(count: number, { title = 'Manual', charsPerPage = 3_000 } = {}) {
	const start = Number.parseInt(createHash('sha256').update(title).digest('hex').slice(0, 8), 16)
	let next = start % siteSentences.length
	return Array.from({ length: count }, (_, index) => {
		const paragraphs = [`${title}, página ${index + 1}.`]
		let length = 0
		while (length < charsPerPage) {
			const paragraph: string[] = []
			for (let n = 0; n < 4 && length < charsPerPage; n += 1) {
				const sentence = siteSentences[next] ?? ''
				next = (next + 1) % siteSentences.length
				paragraph.push(sentence)
				length += sentence.length + 1
			}
			paragraphs.push(paragraph.join(' '))
		}
		return paragraphs.join('\n\n')
	})
}

/**
 * A PDF whose pages hold these texts as a word processor lays them out (lines of a page's width, a blank line
 * between paragraphs), and, with `imageBytesPerPage`, a photo on each page of that many bytes of noise, which no
 * compression shrinks: how a document reaches tens of megabytes with little text.
 */
export async function textPdf(pages: string[], { imageBytesPerPage = 0 } = {}) {
	const pdf = await PDFDocument.create()
	const font = await pdf.embedFont(StandardFonts.Helvetica)
	for (const text of pages) {
		const page = pdf.addPage([595, 842])
		if (imageBytesPerPage > 0) {
			const width = 512
			const height = Math.max(1, Math.floor(imageBytesPerPage / (width * 3)))
			const image = pdf.context.stream(randomBytes(width * height * 3), {
				Type: 'XObject',
				Subtype: 'Image',
				Width: width,
				Height: height,
				ColorSpace: 'DeviceRGB',
				BitsPerComponent: 8,
			})
			const name = page.node.newXObject('Foto', pdf.context.register(image))
			page.pushOperators(
				pushGraphicsState(),
				concatTransformationMatrix(495, 0, 0, 300, 50, 40),
				drawObject(name),
				popGraphicsState(),
			)
		}
		const lines = text.split('\n').flatMap((paragraph) => wrap(paragraph, 100))
		lines.forEach((line, index) => line && page.drawText(line, { x: 50, y: 800 - index * 12, size: 9.5, font }))
	}
	return Buffer.from(await pdf.save())
}

function wrap(paragraph: string, width: number) {
	const lines: string[] = []
	let line = ''
	for (const word of paragraph.split(' ')) {
		if (line && line.length + word.length + 1 > width) {
			lines.push(line)
			line = word
		} else line = line ? `${line} ${word}` : word
	}
	lines.push(line)
	return lines
}

const mimeTypes: Record<DocumentType, string> = {
	pdf: 'application/pdf',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	txt: 'text/plain',
	md: 'text/markdown',
	csv: 'text/csv',
}

/**
 * As the upload stores a file (app/.server/knowledge/upload.ts), without the app: the file in the client's folder
 * through their own Storage client, then its row, which enqueues its processing. The document's id.
 */
export async function storeDocument(
	user: Pick<TestUser, 'id' | 'client'>,
	assistantId: string,
	name: string,
	type: DocumentType,
	bytes: Buffer,
) {
	const id = randomUUID()
	const stored = await user.client.storage
		.from('documentos')
		.upload(`${user.id}/${assistantId}/${id}.${type}`, bytes, { contentType: mimeTypes[type] })
	if (stored.error) throw stored.error
	const registered = await user.client.rpc('registrar_documento', {
		id,
		asistente: assistantId,
		nombre: name,
		tipo: type,
		tamano: bytes.byteLength,
		sha256: createHash('sha256').update(bytes).digest('hex'),
	})
	if (registered.error) throw registered.error
	if (JSON.stringify(registered.data) !== '{"ok":true}')
		throw new Error(`registrar_documento: ${JSON.stringify(registered.data)}`)
	return id
}

export type FilePart = { name: string; bytes: Buffer | string; type?: string }

/** A multipart body as a browser's form sends these files (field 'archivos', the upload form's), and its type. */
export async function multipartBody(files: FilePart[]) {
	const form = new FormData()
	for (const file of files)
		form.append(
			'archivos',
			new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], { type: file.type ?? '' }),
			file.name,
		)
	const request = new Request('http://x/', { method: 'POST', body: form })
	return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('Content-Type') ?? '' }
}
