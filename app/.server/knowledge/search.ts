import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '~/lib/database.types'
import { questionMaxLength } from '~/lib/chat'
import { questionTerms } from './terms'

type Client = SupabaseClient<Database>

/** A quote from one of the client's documents, with where it comes from. */
export type DocumentQuote = { document: string; page: number | null; text: string }

/** The same shape as the site's chat's answers (~/lib/chat's Answer): the quotes, or nothing found. */
export type DocumentAnswer = { kind: 'found'; quotes: DocumentQuote[] } | { kind: 'not-found' }

/** A passage answers when it holds more than half of what was asked: one word of two is a coincidence. */
const answers = (matched: number, asked: number) => asked === 1 || matched / asked > 0.5
const quoteLength = 600

/**
 * 'Probar el asistente': the passages of this assistant's documents that answer the question, through
 * `buscar_pasajes`, which refuses an assistant that is not the caller's. Up to three quotes, best first.
 */
export async function askDocuments(supabase: Client, assistantId: string, question: string): Promise<DocumentAnswer> {
	const terms = questionTerms(question.slice(0, questionMaxLength))
	if (terms.length === 0) return { kind: 'not-found' }
	const { data, error } = await supabase.rpc('buscar_pasajes', { asistente: assistantId, terminos: terms, cuantos: 3 })
	if (error) throw error
	const quotes = data
		.filter((row) => answers(row.coincidencias, terms.length))
		.map((row) => ({ document: row.documento, page: row.pagina, text: trimmed(row.texto) }))
	return quotes.length > 0 ? { kind: 'found', quotes } : { kind: 'not-found' }
}

function trimmed(text: string) {
	if (text.length <= quoteLength) return text
	const cut = text.slice(0, quoteLength)
	return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), quoteLength / 2))}…`
}
