// `npm run fonts`: the Inter files the stylesheet uses (app/fonts), cut from @fontsource-variable/inter's
// Latin and Latin Extended subsets down to the weights the pages use, 400 to 700, and the OpenType features
// they need. Fontsource's Latin file spans 100 to 900 and weighs 48 KB; every first visit preloads it
// (decision 006). The output is committed; tests/unit/fonts.test.ts fails when it no longer matches what this
// script makes.
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import subsetFont from 'subset-font'

/** subset-font 2.9's `keepFeatures` (hb-subset's --layout-features), which @types/subset-font does not know yet. */
const subsetWithFeatures = subsetFont as (
	font: Buffer,
	text: string,
	options: NonNullable<Parameters<typeof subsetFont>[2]> & { keepFeatures?: string[] },
) => Promise<Buffer>

/** Fontsource's subsets the site keeps, with their unicode-range as its CSS gives it (and app.css repeats). */
export const interSubsets = [
	{
		name: 'latin',
		unicodeRange:
			'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
	},
	{
		name: 'latin-ext',
		unicodeRange:
			'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
	},
] as const

export const weights = { min: 400, max: 700 }

/**
 * The OpenType features kept: those a browser applies to Latin text by default, less contextual alternates
 * (`calt`), plus tabular figures (`tabular-nums` in prices and dates). Inter's `calt` rewrites arrows and
 * punctuation between capitals, nothing our Spanish copy shows, but shaping it made the layouts of a page
 * load about a quarter slower in Chromium (the home page, unthrottled: 106 against 142 ms); the stylistic
 * sets and character variants no page asks for go too. The Latin file drops from 30 to 24 KB.
 */
export const features = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'rvrn', 'tnum']

export const outputFile = (subset: string) => `app/fonts/inter-${subset}-wght-${weights.min}-${weights.max}.woff2`

/** Every code point of a CSS unicode-range, as one string for the subsetter. */
function charactersOf(unicodeRange: string) {
	const codePoints = unicodeRange.split(',').flatMap((part) => {
		const [first = '', last = first] = part.replace('U+', '').split('-')
		const [from, to] = [parseInt(first, 16), parseInt(last, 16)]
		return Array.from({ length: to - from + 1 }, (_, i) => from + i)
	})
	return String.fromCodePoint(...codePoints)
}

export async function subsetInter(subset: (typeof interSubsets)[number]) {
	const require = createRequire(import.meta.url)
	const source = await readFile(
		require.resolve(`@fontsource-variable/inter/files/inter-${subset.name}-wght-normal.woff2`),
	)
	return subsetWithFeatures(source, charactersOf(subset.unicodeRange), {
		targetFormat: 'woff2',
		variationAxes: { wght: { ...weights, default: weights.min } },
		keepFeatures: features,
	})
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	for (const subset of interSubsets) {
		const font = await subsetInter(subset)
		await writeFile(outputFile(subset.name), font)
		console.info(`${outputFile(subset.name)}: ${(font.length / 1024).toFixed(1)} KB`)
	}
}
