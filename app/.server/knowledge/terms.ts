import MiniSearch from 'minisearch'
import { questionTerm } from '../chat/search'

/**
 * One way to understand Spanish (issue 67): a client's passages and the questions asked of them are read with the
 * site's chat's own handling of words (app/.server/chat/search.ts): the same stop words, the same stemmer, accents
 * typed or not. PostgreSQL only stores and matches the stems (`pasajes.terminos`, `buscar_pasajes`).
 */
const tokenize: (text: string) => string[] = MiniSearch.getDefault('tokenize')

const fold = (word: string) => word.normalize('NFD').replace(/\p{Diacritic}/gu, '')

/** What a tsquery takes as one lexeme without quoting: the stems are plain letters and digits. */
const plainTerm = /^[a-z0-9]{1,60}$/

function stemsOf(word: string) {
	return [questionTerm(word), questionTerm(fold(word))].filter(
		(stem): stem is string => stem !== null && plainTerm.test(stem),
	)
}

/**
 * A passage's stems, space-separated, each word once per spelling (as written, and without its accents, as the
 * chat indexes the site), so how often a word appears still counts.
 */
export function passageTerms(text: string) {
	return tokenize(text)
		.flatMap((word) => [...new Set(stemsOf(word))])
		.join(' ')
}

/** A question's stems, each once, in the order asked. */
export function questionTerms(question: string) {
	return [...new Set(tokenize(question).flatMap((word) => stemsOf(word).slice(0, 1)))]
}
