import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '~/lib/database.types'
import { questionMaxLength, trimPassage } from '~/lib/chat'
import type { DocumentAnswer } from '~/lib/documents'
import { passageMaxLength } from './passages'
import { questionTerms } from './terms'

type Client = SupabaseClient<Database>

/**
 * A passage answers when it holds more than half of what was asked: one word of two is a coincidence. buscar_pasajes
 * returns only such passages, counted against the stems it searched (a word it could not read is not one); here
 * against every stem the question has.
 */
const answers = (matched: number, asked: number) => asked === 1 || matched / asked > 0.5

/**
 * 'Probar el asistente': the passages of this assistant's documents that answer the question, through
 * `buscar_pasajes`, which refuses an assistant that is not the caller's. Up to three quotes, best first, each a
 * whole passage (a paragraph or a few of the client's own document, read to check it; passages.ts bounds them),
 * where the site's chat cuts its own.
 */
export async function askDocuments(supabase: Client, assistantId: string, question: string): Promise<DocumentAnswer> {
	const terms = questionTerms(question.slice(0, questionMaxLength))
	if (terms.length === 0) return { kind: 'not-found' }
	const { data, error } = await supabase.rpc('buscar_pasajes', { asistente: assistantId, terminos: terms, cuantos: 3 })
	if (error) throw error
	const quotes = data
		.filter((row) => answers(row.coincidencias, terms.length))
		.map((row) => ({ document: row.documento, page: row.pagina, text: trimPassage(row.texto, passageMaxLength) }))
	return quotes.length > 0 ? { kind: 'found', quotes } : { kind: 'not-found' }
}
