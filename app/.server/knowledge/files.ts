import { fileTypeFromBuffer } from 'file-type'
import type { DocumentType } from '~/lib/documents'

/** The type each accepted extension claims, and what Storage is told the file is. */
const byExtension: Record<string, { type: DocumentType; mime: string }> = {
	pdf: { type: 'pdf', mime: 'application/pdf' },
	docx: { type: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
	txt: { type: 'txt', mime: 'text/plain' },
	md: { type: 'md', mime: 'text/markdown' },
	markdown: { type: 'md', mime: 'text/markdown' },
	csv: { type: 'csv', mime: 'text/csv' },
}

/** Slashes would read as folders, control characters as nothing anyone typed. */
const unsafeName = /[/\\\p{Cc}]/u

/**
 * The name as the client typed it, in its composed form (macOS sends 'ñ' as 'n' and a tilde), or null when it
 * cannot be kept as a name: empty, too long, or with a path or control characters in it.
 */
export function documentName(filename: string) {
	const name = filename.normalize('NFC').trim()
	if (name.length === 0 || name.length > 255 || unsafeName.test(name)) return null
	return name
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

export type FileCheck = { ok: true; type: DocumentType; mime: string } | { ok: false; reason: 'no_admitido' | 'danado' }

/**
 * What a file is, by its content rather than its name: a PDF must begin as one, a DOCX must be a Word package,
 * and text must hold no bytes of a binary format. An executable renamed '.pdf' is 'not what its extension
 * says'; an extension we do not read is 'not supported' whatever the content.
 */
export async function checkFile(name: string, bytes: Uint8Array): Promise<FileCheck> {
	const claimed = byExtension[extensionOf(name)]
	if (!claimed) return { ok: false, reason: 'no_admitido' }
	const found = await fileTypeFromBuffer(bytes)
	const isText = claimed.type === 'txt' || claimed.type === 'md' || claimed.type === 'csv'
	const matches = isText ? !found && !hasBinaryBytes(bytes) : found?.mime === claimed.mime
	return matches ? { ok: true, ...claimed } : { ok: false, reason: 'danado' }
}

/** A NUL byte, which no text in UTF-8 or Windows-1252 holds, within the first 64 KiB. */
function hasBinaryBytes(bytes: Uint8Array) {
	return bytes.subarray(0, 64 * 1024).includes(0)
}
