import type { FoundAnswer } from './chat'

/**
 * A client's documents (issue 67, decision 018): what the upload form accepts and what the page shows, shared by
 * the server that enforces it and the page that says it. Sizes in bytes.
 */
export const documentLimits = {
	/** The bucket's own limit (migration 20261203100000) and Storage's global one (supabase/config.toml). */
	maxFileBytes: 50 * 1024 * 1024,
	/** Files one upload takes; the rest of a bigger one is refused, named. */
	maxFiles: 20,
	/** One upload's whole body: server.js and nginx refuse more before reading it. */
	maxRequestBytes: 100 * 1024 * 1024,
	/** Pages of one PDF. */
	maxPages: 2_000,
	/** Characters of one document's text, once extracted. */
	maxTextCharacters: 5_000_000,
} as const

export const documentTypes = ['pdf', 'docx', 'txt', 'md', 'csv'] as const
export type DocumentType = (typeof documentTypes)[number]

export const documentStates = ['en_cola', 'procesando', 'listo', 'fallido'] as const
export type DocumentState = (typeof documentStates)[number]

/** Why a document failed; the page words each (app/content/documents.ts). */
export const documentFailures = [
	'sin_texto',
	'protegido',
	'danado',
	'no_admitido',
	'demasiado_grande',
	'demasiado_largo',
	'texto_excesivo',
	'atascado',
] as const
export type DocumentFailure = (typeof documentFailures)[number]

/** The extensions the form offers, for the file picker's `accept`. */
export const documentAccept = '.pdf,.docx,.txt,.md,.markdown,.csv'

/** The upload page of one assistant; server.js and nginx give it its own body limit. */
export const documentsPath = (assistantId: string) => `/dashboard/asistentes/${assistantId}/documentos`
export const documentsPathPattern = /^\/dashboard\/asistentes\/[^/?#]+\/documentos(\/subir)?\/?(\?.*)?$/

/** '1,2 MB', '830 KB': a file's size as the list shows it. */
export function formatFileSize(bytes: number) {
	if (bytes < 1024) return `${bytes} B`
	const units = ['KB', 'MB', 'GB']
	let value = bytes / 1024
	let unit = 0
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024
		unit += 1
	}
	const digits = value < 10 ? 1 : 0
	return `${value.toLocaleString('es-ES', { maximumFractionDigits: digits })} ${units[unit]}`
}

/** Whether the page should look again soon: something is still in the queue or being read. */
export const isInProgress = (state: string) => state === 'en_cola' || state === 'procesando'

/** A quote from one of the client's documents, with where it comes from: the document's name and page. */
export type DocumentQuote = { document: string; page: number | null; text: string }

/** 'Probar el asistente': the site's chat's answer shape (FoundAnswer), or nothing in the documents answers. */
export type DocumentAnswer = FoundAnswer<DocumentQuote> | { kind: 'not-found' }
