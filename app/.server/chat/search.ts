import { stemmer } from '@orama/stemmers/spanish'
import { stopwords } from '@orama/stopwords/spanish'
import MiniSearch, { type SearchOptions } from 'minisearch'
import { passageHref, type Passage, type SourceLink } from '~/lib/chat'

const fold = (word: string) => word.normalize('NFD').replace(/\p{Diacritic}/gu, '')

// Orama's list also drops words that carry a visitor's meaning here ('¿cuántos días tarda?'), and lacks the
// forms visitors address a company with ('¿hacéis…?', '¿tenéis…?'), which say nothing of what they ask.
const meaningful = new Set([
	'dias',
	'dia',
	'horas',
	'hora',
	'tiempo',
	'trabajo',
	'trabajar',
	'nuevo',
	'nueva',
	'mes',
	'valor',
])
const addressing = ['haceis', 'teneis', 'podeis', 'sois', 'estais', 'habeis', 'hecho', 'quiero', 'quisiera', 'saber']
const ignored = new Set([...stopwords.map(fold).filter((word) => !meaningful.has(word)), ...addressing])

/**
 * Endings people type without their accent whose accented form the Snowball stemmer strips:
 * 'tardais' is 'tardáis' (→ tard, as 'tarda'), 'facturacion' is 'facturación' (→ factur, as 'facturas').
 */
const unaccentedEndings: [RegExp, string][] = [
	[/ais$/, 'áis'],
	[/eis$/, 'éis'],
	[/cion$/, 'ción'],
	[/sion$/, 'sión'],
]

const stem = (word: string) => fold(stemmer(word))

// The site's words repeat from page to page: each is stemmed once. Only indexing fills it, never questions.
const indexedStems = new Map<string, string>()
function indexStem(word: string) {
	let stemmed = indexedStems.get(word)
	if (stemmed === undefined) {
		stemmed = stem(word)
		indexedStems.set(word, stemmed)
	}
	return stemmed
}

function isIgnored(word: string) {
	return word.length < 2 || ignored.has(fold(word))
}

/**
 * A word of the site as indexed: its stem as written and the stem of its unaccented spelling, so a
 * question matches whether or not its writer typed the accents ('tecnología' and 'tecnologia').
 */
export function indexTerms(term: string) {
	const word = term.toLowerCase()
	if (isIgnored(word)) return null
	return [...new Set([indexStem(word), indexStem(fold(word))])]
}

/** A word of a question as searched: one stem, accents put back where Spanish spelling requires them. */
export function questionTerm(term: string) {
	const word = term.toLowerCase()
	if (isIgnored(word)) return null
	if (word !== fold(word)) return stem(word)
	const ending = unaccentedEndings.find(([pattern]) => pattern.test(word))
	return stem(ending ? word.replace(ending[0], ending[1]) : word)
}

const tokenize: (text: string) => string[] = MiniSearch.getDefault('tokenize')

const searchOptions: SearchOptions = {
	fields: ['heading', 'text', 'page'],
	boost: { heading: 2, page: 1.5 },
	// One typo in a word of five letters or more, two from ten ('verifctu', 'facturasion').
	fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
	prefix: (term: string) => term.length >= 4,
	processTerm: questionTerm,
	combineWith: 'OR',
}

/**
 * A passage found for a question. `coverage`: the share of the question's words it matched; `score`: BM25's
 * times that share, so a passage that answers the whole question comes before one that repeats a single word
 * of it many times.
 */
export type Found = { passage: Passage; score: number; coverage: number }

/** Plan pages answer for their own plan: a question that names none is better served by what holds for all. */
const planNames = /\b(starter|business|enterprise)\b/i
const generalFirst = 0.6

export type PassageIndex = {
	search: (question: string) => Found[]
	/** Puts these passages in place of the ones last given: the blog's, each time it changes. */
	replaceChanging: (passages: Passage[]) => void
	size: () => number
}

/**
 * An in-memory index (decision 015) of the site's passages, which never change while the server runs, and
 * of the blog's, which do: those are swapped in and out without indexing the site again.
 */
export function indexPassages(fixed: Passage[]): PassageIndex {
	const index = new MiniSearch<Passage>({ fields: ['heading', 'text', 'page'], processTerm: indexTerms, searchOptions })
	const byId = new Map<string, Passage>()
	const add = (passages: Passage[]) => {
		index.addAll(passages)
		for (const passage of passages) byId.set(passage.id, passage)
	}
	let changing: Passage[] = []
	add(fixed)
	return {
		size: () => byId.size,
		replaceChanging(passages) {
			index.discardAll(changing.map((passage) => passage.id))
			for (const passage of changing) byId.delete(passage.id)
			add(passages)
			changing = passages
		},
		search(question) {
			const asked = new Set(tokenize(question).flatMap((term) => questionTerm(term) ?? []))
			if (asked.size === 0) return []
			const namesAPlan = planNames.test(question)
			const aboutOnePlan = (id: string) => byId.get(id)?.path.startsWith('/tarifas/') ?? false
			const boostDocument = (id: string) => (!namesAPlan && aboutOnePlan(id) ? generalFirst : 1)
			return index
				.search(question, { boostDocument })
				.flatMap((result) => {
					const passage = byId.get(String(result.id))
					const coverage = new Set(result.queryTerms).size / asked.size
					return passage ? [{ passage, score: result.score * coverage, coverage }] : []
				})
				.sort((a, b) => b.score - a.score)
		},
	}
}

/** Up to three pages, each once, in the order their best passage was found. */
export function linksOf(found: Found[], max = 3): SourceLink[] {
	const links: SourceLink[] = []
	const seen = new Set<string>()
	for (const { passage } of found) {
		if (seen.has(passage.path)) continue
		seen.add(passage.path)
		links.push({ href: passageHref(passage), label: passage.page })
		if (links.length === max) break
	}
	return links
}
