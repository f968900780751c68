import MiniSearch, { type SearchOptions } from 'minisearch'
import { company } from '~/content/company'
import { passageHref, type Passage, type SourceLink } from '~/lib/chat'
import { findsLonger, indexTerms, questionTerms, typoShare, words } from '~/lib/spanish-text'

const fields = ['heading', 'text', 'page', 'keywords']

const searchOptions: SearchOptions = {
	fields,
	boost: { heading: 2, page: 1.5, keywords: 2 },
	fuzzy: typoShare,
	prefix: findsLonger,
	// Questions come as stems already (questionTerms), which a word's own processing would stem again.
	processTerm: (term) => term,
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
	const index = new MiniSearch<Passage>({ fields, tokenize: words, processTerm: indexTerms, searchOptions })
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
			const asked = questionTerms(question, [company.brand])
			if (asked.length === 0) return []
			const namesAPlan = planNames.test(question)
			const boostDocument = (id: string) => {
				const passage = byId.get(id)
				const forOnePlan = !namesAPlan && (passage?.path.startsWith('/tarifas/') ?? false)
				return (passage?.weight ?? 1) * (forOnePlan ? generalFirst : 1)
			}
			return index
				.search(asked.join(' '), { boostDocument })
				.flatMap((result) => {
					const passage = byId.get(String(result.id))
					const coverage = new Set(result.queryTerms).size / asked.length
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
