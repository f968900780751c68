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
	return paragraphsOf(linesOf(items))
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
