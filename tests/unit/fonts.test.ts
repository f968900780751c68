import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { interSubsets, outputFile, subsetInter, weights } from '../../scripts/subset-fonts'

const css = await readFile('app/app.css', 'utf8')
const fontFaces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1] ?? '')

describe.each(interSubsets)('Inter $name', (subset) => {
	test('the committed file is what `npm run fonts` makes now', async () => {
		const committed = await readFile(outputFile(subset.name))
		expect(Buffer.compare(await subsetInter(subset), committed), `run npm run fonts`).toBe(0)
	})

	test('app.css gives it the subset’s unicode-range and its weights', () => {
		const file = outputFile(subset.name).replace('app/', './')
		const face = fontFaces.find((body) => body.includes(`url('${file}')`))
		expect(face, `an @font-face for ${file}`).toBeDefined()
		expect(/unicode-range:([^;]+);/.exec(face ?? '')?.[1]?.replace(/\s+/g, '')).toBe(subset.unicodeRange)
		expect(face).toContain(`font-weight: ${weights.min} ${weights.max};`)
	})
})
