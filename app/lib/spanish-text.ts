import { stemmer } from '@orama/stemmers/spanish'
import { stopwords } from '@orama/stopwords/spanish'

/**
 * Spanish as visitors type it, for every search of the platform: what is a word, which words say nothing of
 * what is asked, and the stem each word is indexed and searched under (accents, other forms of a word, typos).
 */

/** A text's words: whatever lies between spaces and punctuation (MiniSearch's own rule). */
export const words = (text: string) => text.split(/[\n\r\p{Z}\p{P}]+/u).filter(Boolean)

export const fold = (word: string) => word.normalize('NFD').replace(/\p{Diacritic}/gu, '')

// Orama's list also drops words that carry a visitor's meaning here ('¿cuántos días tarda?', '¿cómo trabajáis?').
const meaningful = /^(dias?|horas?|tiempo|trabaj|nuev|mes|valor)/
/**
 * Words that frame a question rather than say what it is about: 'quiero ver una demo' asks for a demo,
 * 'me gustaría saber el precio' and 'cuéntame el precio' for the price, '¿qué proyectos habéis hecho?' for
 * projects. Counted, they would send a question to whichever page wants, needs or has done something.
 */
const framing = [
	'quiero',
	'queria',
	'quisiera',
	'gustaria',
	'encantaria',
	'interesa',
	'necesito',
	'busco',
	'buscando',
	'saber',
	'hablame',
	'cuentame',
	'explicame',
	'dime',
	'informacion',
	'info',
	'hecho',
]
// A word Orama's list lacks ('los demás'), and which stems as 'demo' does.
const alsoStop = ['demas']
/** Words that say who is asked, not what: 'vosotros', '¿tenéis…?', '¿hacéis…?'. */
const addressing = new Set([
	'vosotros',
	'vosotras',
	'os',
	'vuestro',
	'vuestra',
	'vuestros',
	'vuestras',
	'sois',
	'estais',
	'teneis',
	'haceis',
	'podeis',
	'habeis',
])
const ignored = new Set([
	...stopwords.map(fold).filter((word) => !meaningful.test(word)),
	...alsoStop,
	...framing,
	...addressing,
])

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

// Indexed words repeat from passage to passage: each is stemmed once. Only indexing fills it, never questions.
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
 * A word of a text as indexed: its stem as written and the stem of its unaccented spelling, so a question
 * matches whether or not its writer typed the accents ('tecnología' and 'tecnologia').
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

/**
 * What a question asks about, as stems. The name of whoever answers ('KIA') and the words addressing them
 * ('vosotros', 'sois') say who is asked: they count only when nothing else is asked, and then as that name,
 * so '¿quiénes sois?' asks about the company, and '¿KIA es una empresa sostenible?' about being sustainable.
 */
export function questionTerms(question: string, names: readonly string[]) {
	const plain = (word: string) => fold(word.toLowerCase())
	const named = new Set(names.flatMap(words).map(plain))
	const typed = words(question)
	const asked = typed.filter((word) => !named.has(plain(word))).flatMap((word) => questionTerm(word) ?? [])
	if (asked.length > 0) return [...new Set(asked)]
	const aboutThem = typed.some((word) => named.has(plain(word)) || addressing.has(plain(word)))
	return aboutThem ? [...new Set([...named].flatMap((name) => questionTerm(name) ?? []))] : []
}

/** Typos forgiven: one edit in a word of five letters or more, two from ten ('verifctu', 'facturasion'). */
export const typoShare = (term: string) => (term.length >= 5 ? 0.2 : false)

/** A stem of four letters or more also finds the longer words it begins ('sosten' → 'sostenibilidad'). */
export const findsLonger = (term: string) => term.length >= 4
