import type { Extracted } from './extract'
import { passageTerms } from './terms'

/** About a paragraph or two: long enough to answer, short enough to quote whole. */
const targetLength = 800
/** The longest a passage gets (a longer paragraph is cut at its sentences): its quote is never cut. */
export const passageMaxLength = 1_000

export type PassageInput = { pagina: number | null; texto: string; terminos: string }

/**
 * A document's text cut into passages at paragraph and then sentence ends, never across a page, each with its
 * stems (terms.ts) for the search.
 */
export function passagesOf(extracted: Extracted): PassageInput[] {
	return extracted.pages.flatMap(({ page, text }) =>
		chunks(text)
			.map((chunk) => ({ pagina: page, texto: chunk, terminos: passageTerms(chunk) }))
			.filter((passage) => passage.terminos !== ''),
	)
}

function chunks(text: string) {
	const pieces = text
		.replace(/\r\n?/g, '\n')
		.split(/\n\s*\n/)
		.flatMap((paragraph) => splitLong(paragraph.replace(/[ \t]+/g, ' ').trim()))
		.filter(Boolean)
	const result: string[] = []
	let current = ''
	for (const piece of pieces) {
		if (current && current.length + piece.length + 2 > targetLength) {
			result.push(current)
			current = piece
		} else {
			current = current ? `${current}\n\n${piece}` : piece
		}
	}
	if (current) result.push(current)
	return result
}

/** A paragraph over the limit, at its sentence ends; a sentence over it, at its words. */
function splitLong(paragraph: string): string[] {
	if (paragraph.length <= passageMaxLength) return [paragraph]
	const sentences = paragraph.match(/[^.!?]+[.!?]*\s*/g) ?? [paragraph]
	const result: string[] = []
	let current = ''
	for (const sentence of sentences) {
		if (sentence.length > passageMaxLength) {
			if (current) result.push(current.trim())
			current = ''
			for (let start = 0; start < sentence.length; start += passageMaxLength)
				result.push(sentence.slice(start, start + passageMaxLength))
			continue
		}
		if (current.length + sentence.length > targetLength && current) {
			result.push(current.trim())
			current = ''
		}
		current += sentence
	}
	if (current.trim()) result.push(current.trim())
	return result
}
