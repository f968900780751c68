// `npm run icons`: the sprite <Icon> points into (app/components/ui/icons.svg), one <symbol> per name in
// app/components/ui/icon-names.ts, drawn by lucide-react itself so every path is Lucide's own. Every document
// carries it at the start of its body (app/.server/http/html-stream.ts), never shown itself. The output is
// committed; tests/unit/icons.test.ts fails when it no longer matches what this script makes.
import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { icons } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { iconNames } from '../app/components/ui/icon-names'

export const outputFile = 'app/components/ui/icons.svg'

/**
 * Lucide's drawing attributes sit on each symbol: a <use> clones the symbol alone, so the sprite's root could
 * not pass them on. The stroke is `currentColor` of the <use>, i.e. of the text around the icon.
 */
const drawing = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'

const pascalCase = (name: string) =>
	name
		.split('-')
		.map((part) => part.charAt(0).toUpperCase() + part.slice(1))
		.join('')

function symbolOf(name: string) {
	const component = icons[pascalCase(name) as keyof typeof icons]
	if (!component) throw new Error(`Lucide has no icon named '${name}'`)
	const markup = renderToStaticMarkup(createElement(component))
	const paths = markup.slice(markup.indexOf('>') + 1, markup.lastIndexOf('</svg>'))
	return `<symbol id="${name}" viewBox="0 0 24 24" ${drawing}>${paths}</symbol>`
}

export function buildSprite() {
	const symbols = [...iconNames].sort().map(symbolOf)
	return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="display:none">\n${symbols.join('\n')}\n</svg>\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const sprite = buildSprite()
	await writeFile(outputFile, sprite)
	console.info(`${outputFile}: ${iconNames.length} icons, ${(sprite.length / 1024).toFixed(1)} KB`)
}
