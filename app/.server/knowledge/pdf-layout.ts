import type { StructuredTextItem } from 'unpdf'

/** What a page's text needs of PDF.js's items: their text and where they sit (PDF space, y up). */
export type PositionedText = Pick<StructuredTextItem, 'str' | 'y' | 'height' | 'hasEOL'>

type Line = { text: string; y: number; height: number }

/**
 * A gap between two lines wider than this many times the page's usual line step is a paragraph break: a blank
 * line is twice the step, a word processor's space after a paragraph half a line or more.
 */
const breakingStep = 1.4

/**
 * A page's text in paragraphs, a blank line between two, as its layout shows them: a PDF holds lines where they
 * are drawn, not paragraphs, so a page written as full text would otherwise be one block and its quotes a page
 * long. Within a paragraph the lines keep their breaks, as PDF.js gives them: without the page's width, a line
 * wrapped at the margin and a list's item look alike.
 */
export function pageText(items: PositionedText[]) {
	return textOf(linesOf(items))
}

/**
 * Each page's text (pageText) without the document's running lines: a header or footer drawn at the top or foot of
 * most pages ('Ortega Asesores · página 3 de 5') belongs to the document, not to the page, and would otherwise be
 * quoted with the page's passages and answer every question that names the firm.
 */
export function documentText(pages: PositionedText[][]) {
	let lines = pages.map(linesOf)
	// A header or footer may take two lines (the firm, then the page's number): peeled one edge line at a time.
	for (let depth = 0; depth < runningDepth; depth++) {
		const running = runningKeys(lines)
		lines = lines.map((page, index) => {
			const [top, bottom] = edgesOf(page)
			return page.filter((line) => !((line === top || line === bottom) && running.has(keyOf(line, index + 1))))
		})
	}
	return lines.map(textOf)
}

const runningDepth = 2

/**
 * A line as a running header or footer repeats from page to page: the same words at the same height, the page's
 * own number left out. The height tells it from the same words within a page's text; any other number is kept, so
 * two pages that each start with a price ('Tarifa 2026: 149 €', 'Tarifa 2026: 180 €') are not taken for a header.
 */
function keyOf(line: Line, page: number) {
	// Its first appearance: 'página 5 de 5' is 'página # de 5', as 'página 1 de 5' is.
	const words = line.text.toLowerCase().replace(new RegExp(`(?<!\\d)${page}(?!\\d)`), '#')
	return `${Math.round(line.y / 2)} ${words}`
}

/** The highest and the lowest line on the page, where it is drawn (the order of drawing says nothing of it). */
function edgesOf(page: Line[]) {
	if (page.length < 2) return [undefined, undefined] as const
	const byHeight = [...page].sort((a, b) => b.y - a.y)
	return [byHeight[0], byHeight.at(-1)] as const
}

/** The edge lines found on at least half the pages, and on two at least: what a document repeats on each page. */
function runningKeys(pages: Line[][]) {
	const pagesWith = new Map<string, number>()
	pages.forEach((page, index) => {
		const keys = new Set(edgesOf(page).flatMap((line) => (line ? [keyOf(line, index + 1)] : [])))
		for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1)
	})
	const needed = Math.max(2, Math.ceil(pages.length / 2))
	return new Set([...pagesWith].filter(([, count]) => count >= needed).map(([key]) => key))
}

function textOf(lines: Line[]) {
	return paragraphsOf(lines)
		.map((paragraph) => paragraph.map((line) => line.text).join('\n'))
		.join('\n\n')
}

/** Items in their order, a line ending where PDF.js saw one end or where the next item sits on another baseline. */
function linesOf(items: PositionedText[]) {
	const lines: Line[] = []
	let current: Line | null = null
	const close = () => {
		const text = current?.text.trim()
		if (current && text) lines.push({ ...current, text })
		current = null
	}
	for (const item of items) {
		const drawn = item.str.trim() !== ''
		if (current && drawn && Math.abs(item.y - current.y) > Math.max(current.height, item.height) / 2) close()
		if (drawn && !current) current = { text: '', y: item.y, height: item.height }
		if (current) {
			current.text += item.str
			if (drawn) current.height = Math.max(current.height, item.height)
		}
		if (item.hasEOL) close()
	}
	close()
	return lines
}

/**
 * Lines grouped where the space above one is wider than the page's line step (its lower quartile of steps, so a
 * page mostly of paragraphs still finds the step within them), or where the text goes up (a next column).
 */
function paragraphsOf(lines: Line[]) {
	const steps = lines.slice(1).map((line, index) => (lines[index]?.y ?? line.y) - line.y)
	const positive = steps.filter((step) => step > 0).sort((a, b) => a - b)
	const lineStep = positive[Math.floor((positive.length - 1) / 4)] ?? Number.POSITIVE_INFINITY
	const paragraphs: Line[][] = []
	lines.forEach((line, index) => {
		const step = index === 0 ? 0 : (steps[index - 1] ?? 0)
		const last = paragraphs.at(-1)
		if (!last || step > lineStep * breakingStep || step < -line.height / 2) paragraphs.push([line])
		else last.push(line)
	})
	return paragraphs
}
