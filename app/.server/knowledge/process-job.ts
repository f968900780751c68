import { z } from 'zod'
import { documentTypes } from '~/lib/documents'
import { log } from '../log'
import type { Job } from '../jobs/queue'
import { jobData, PermanentJobError } from '../jobs/worker'
import { createServiceClient } from '../supabase/client'
import { documentsBucket } from './documents'
import { extractDocument, UnreadableDocument } from './extract'
import { passagesOf, type PassageInput } from './passages'

const processData = z.object({ documento: z.uuid() })
const started = z
	.object({ id: z.uuid(), asistente_id: z.uuid(), objeto: z.string(), tipo: z.enum(documentTypes), tamano: z.number() })
	.nullable()

/**
 * 'documento.procesar': reads a client's document and writes its passages, all in one call (guardar_pasajes).
 * With the service role: the job runs after the request that uploaded the file, with no session of the client's to
 * act as, and it reads one file the database named for it (its row's key), writing only that document's rows.
 * A document that cannot be read fails with its reason at once; anything else (Storage or the database not
 * answering) is tried again by the queue, and the document fails as 'atascado' when the job does (the migration's
 * trigger).
 */
export async function processDocumentJob(job: Job) {
	const { documento } = jobData(processData, job)
	const service = createServiceClient()
	const taken = await service.rpc('empezar_documento', { documento })
	if (taken.error) throw failure('empezar_documento', taken.error)
	const document = started.parse(taken.data)
	// Deleted meanwhile, or already done by a worker before this one: nothing left to do.
	if (!document) return
	try {
		const extracted = await extractDocument(document.tipo, await download(document.objeto, document.tamano))
		const parts = inParts(passagesOf(extracted))
		for (const [index, part] of parts.entries()) {
			const saved = await service.rpc('guardar_pasajes', {
				documento,
				pasajes: part.passages,
				paginas: extracted.pageCount ?? undefined,
				desde: part.from,
				ultima: index === parts.length - 1,
			})
			if (saved.error) throw failure('guardar_pasajes', saved.error)
		}
	} catch (error) {
		if (!(error instanceof UnreadableDocument)) throw error
		const failed = await service.rpc('fallar_documento', {
			documento,
			motivo: error.reason,
			paginas: error.pageCount ?? undefined,
		})
		if (failed.error) throw failure('fallar_documento', failed.error)
		log.info({ documento, reason: error.reason }, '[knowledge] document cannot be read')
		throw new PermanentJobError(error.message)
	}
}

/**
 * 'documento.borrar': a deleted document's file, when the request that deleted it could not remove it. The service
 * role because the row that said whose it was is gone, and with it any way to act as its owner.
 */
export async function removeDocumentFileJob(job: Job) {
	const { objeto } = jobData(z.object({ objeto: z.string().min(1) }), job)
	const removed = await createServiceClient().storage.from(documentsBucket).remove([objeto])
	if (removed.error) throw failure('el borrado del archivo', removed.error)
}

/**
 * The file, read as it arrives into one buffer of the size its row says. A Blob and then its ArrayBuffer would
 * hold a 50 MB file twice while it is read, and PDF.js needs it whole (it reads a PDF from its end).
 */
async function download(key: string, size: number) {
	const { data, error } = await createServiceClient().storage.from(documentsBucket).download(key).asStream()
	if (error) throw failure('la descarga del archivo', error)
	const bytes = new Uint8Array(size)
	let received = 0
	const reader = data.getReader()
	for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
		if (received + chunk.value.byteLength > size) {
			await reader.cancel()
			throw new Error(`la descarga del archivo: más de los ${size} bytes del documento`)
		}
		bytes.set(chunk.value, received)
		received += chunk.value.byteLength
	}
	if (received < size) throw new Error(`la descarga del archivo: ${received} de sus ${size} bytes`)
	return bytes
}

/** What one call sends at most: the API's bodies are limited (the local stand-in's to 1 MiB). */
const partBytes = 512 * 1024

/** The passages in parts of about `partBytes` each, in order, with where each starts; one part at least. */
function inParts(passages: PassageInput[]) {
	const parts: { from: number; passages: PassageInput[] }[] = [{ from: 0, passages: [] }]
	let size = 0
	for (const [index, passage] of passages.entries()) {
		const bytes = Buffer.byteLength(passage.texto) + Buffer.byteLength(passage.terminos) + 40
		const current = parts[parts.length - 1]
		if (current && size + bytes > partBytes && current.passages.length > 0) {
			parts.push({ from: index, passages: [passage] })
			size = bytes
		} else {
			current?.passages.push(passage)
			size += bytes
		}
	}
	return parts
}

/** Supabase's errors are plain objects: the job's last error names the step and what Supabase said. */
function failure(step: string, error: { message: string }) {
	return new Error(`${step}: ${error.message}`)
}
