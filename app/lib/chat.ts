/** What one page of the site says in one place: the unit the site's chat finds and quotes. */
export type Passage = {
	id: string
	/** The page's path; `anchor` names the section within it, when it has one. */
	path: string
	anchor?: string
	/** The page's name as a link shows it. */
	page: string
	heading: string
	text: string
	/** Words visitors use for the page that its copy does not ('demo' for 'demostración'): searched, never shown. */
	keywords?: string
	/**
	 * What the passage is worth as an answer against the product's own pages (1): below 1 for pages that use
	 * the product's words about something else (legal texts, the blog).
	 */
	weight?: number
}

export type SourceLink = { href: string; label: string }

/** The passage an answer quotes, trimmed to a few sentences. */
export type Quote = { heading: string; text: string; href: string; page: string }

/**
 * An answer found, as the site's chat and a client's assistant ('Probar el asistente') both give it: the quotes it
 * relies on, each with its source, and `composed`, a language model's wording of them when one is configured.
 * The sources are always the quotes' own, never the model's.
 */
export type FoundAnswer<Q> = { kind: 'found'; quotes: Q[]; composed?: string }

/**
 * The answer to one question. `found`: something KIA has published answers it; `quotes` holds the passage(s)
 * it relies on and `links` up to three pages, best first. `not-found`: nothing published does, and the chat
 * offers the contact form, a demo and a person. `handover`: the visitor asked for a person. `greeting`: a
 * hello or a thanks, not a question.
 */
export type Answer =
	(FoundAnswer<Quote> & { links: SourceLink[] }) | { kind: 'not-found' } | { kind: 'handover' } | { kind: 'greeting' }

/**
 * What the widget reads from /resources/asistente, one JSON object a line. `start` carries the extractive
 * answer at once; with a language model `composing` is true and `text` pieces follow, then `end`. On a
 * model's failure or timeout `fallback` says to show the extractive answer instead. `refused`: the
 * question was not taken (too long, too many), with the reason to show.
 */
export type AnswerEvent =
	| { type: 'start'; answer: Answer; composing: boolean }
	| { type: 'text'; text: string }
	| { type: 'end' }
	| { type: 'fallback' }
	| { type: 'refused'; message: string }

export const questionMaxLength = 500

const plain = (text: string) =>
	text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()

const asksForPerson = [
	/\b(hablar|hable|contactar|comunicarme|chatear|atienda|atender|pasame|pasarme|ponme|ponerme)\b.*\b(persona|humano|humana|alguien|agente|comercial|equipo|operador|operadora|responsable|gente)\b/,
	/\b(persona real|ser humano|un humano|una persona|atencion humana|agente humano)\b/,
]

const smallTalk =
	/^(hola|buenas|buenos dias|buenas tardes|buenas noches|hey|hello|gracias|muchas gracias|vale|ok|adios|hasta luego)( kia)?$/

/** A hello or a thanks alone, nothing asked: 'Hola', '¡Muchas gracias!'. */
export function isSmallTalk(question: string) {
	return smallTalk.test(
		plain(question)
			.replace(/[^a-z0-9 ]+/g, ' ')
			.replace(/\s+/g, ' ')
			.trim(),
	)
}

/** Whether the visitor asks for a person rather than an answer. */
export function asksForAPerson(question: string) {
	const text = plain(question)
	return asksForPerson.some((pattern) => pattern.test(text))
}

/** A passage cut to about `max` characters at a sentence's end (or a word's, with an ellipsis). */
export function trimPassage(text: string, max = 320) {
	if (text.length <= max) return text
	const cut = text.slice(0, max)
	const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '))
	if (sentenceEnd > max / 2) return cut.slice(0, sentenceEnd + 1)
	return `${cut.slice(0, cut.lastIndexOf(' '))}…`
}

export const passageHref = (passage: Pick<Passage, 'path' | 'anchor'>) =>
	passage.anchor ? `${passage.path}#${passage.anchor}` : passage.path
