import { createHash, randomUUID } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '~/lib/database.types'
import { serviceClient } from './supabase'
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

const storedTypes = {
	pdf: 'application/pdf',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	csv: 'text/csv',
	txt: 'text/plain',
} as const
export type StoredType = keyof typeof storedTypes

/**
 * A document as the upload stores it, without the page: the file in the client's folder, then its row (which
 * enqueues its processing). Its id.
 */
export async function storeDocument(
	user: { id: string; client: SupabaseClient<Database> },
	assistant: string,
	name: string,
	type: StoredType,
	bytes: Buffer,
) {
	const id = randomUUID()
	const stored = await user.client.storage
		.from('documentos')
		.upload(`${user.id}/${assistant}/${id}.${type}`, bytes, { contentType: storedTypes[type] })
	if (stored.error) throw stored.error
	const registered = await user.client.rpc('registrar_documento', {
		id,
		asistente: assistant,
		nombre: name,
		tipo: type,
		tamano: bytes.byteLength,
		sha256: createHash('sha256').update(bytes).digest('hex'),
	})
	if (registered.error) throw registered.error
	if (JSON.stringify(registered.data) !== JSON.stringify({ ok: true }))
		throw new Error(`registrar_documento answered ${JSON.stringify(registered.data)}`)
	return id
}
