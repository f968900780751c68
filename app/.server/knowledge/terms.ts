import { fold, questionTerm, words } from '~/lib/spanish-text'

/**
 * One way to understand Spanish (issue 67): a client's passages and the questions asked of them are read with the
 * site's chat's own handling of words (app/lib/spanish-text.ts): the same stop words, the same stemmer, accents
 * typed or not. PostgreSQL only stores and matches the stems (`pasajes.terminos`, `buscar_pasajes`).
 */
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
	return words(text)
		.flatMap((word) => [...new Set(stemsOf(word))])
		.join(' ')
}

/** A question's stems, each once, in the order asked. */
export function questionTerms(question: string) {
	return [...new Set(words(question).flatMap((word) => stemsOf(word).slice(0, 1)))]
}
