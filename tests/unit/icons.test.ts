import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { Icon } from '../../app/components/ui/icon'
import { iconNames } from '../../app/components/ui/icon-names'
import { buildSprite, outputFile } from '../../scripts/build-icons'

test('the committed sprite is what `npm run icons` makes now', async () => {
	expect(buildSprite(), 'stale: run npm run icons').toBe(await readFile(outputFile, 'utf8'))
})

test('the sprite has one symbol per listed icon, each with a drawing', () => {
	const symbols = [...buildSprite().matchAll(/<symbol id="([^"]+)"[^>]*>(.*?)<\/symbol>/g)]
	expect(symbols.map(([, id]) => id).sort()).toEqual([...iconNames].sort())
	for (const [, id, drawing] of symbols)
		expect(drawing, id).toMatch(/^(<(path|circle|rect|line|polyline|ellipse) [^>]+><\/\2>)+$/)
})

test('every listed icon is named somewhere in the app', async () => {
	const files = (await readdir('app', { recursive: true, encoding: 'utf8' })).filter(
		(file) => /\.tsx?$/.test(file) && !file.endsWith('icon-names.ts'),
	)
	const source = (await Promise.all(files.map((file) => readFile(join('app', file), 'utf8')))).join('\n')
	const unused = iconNames.filter((name) => !source.includes(`'${name}'`) && !source.includes(`"${name}"`))
	expect(unused, 'drop them from icon-names.ts and run npm run icons').toEqual([])
})

test('an icon is hidden from assistive technology unless it is given a name, then it is an image', () => {
	const decorative = renderToStaticMarkup(createElement(Icon, { name: 'mail', className: 'size-4' }))
	expect(decorative).toBe(
		'<svg width="24" height="24" aria-hidden="true" class="size-4"><use href="#mail"></use></svg>',
	)
	const named = renderToStaticMarkup(createElement(Icon, { name: 'mail', 'aria-label': 'Correo' }))
	expect(named).toContain('role="img"')
	expect(named).toContain('aria-label="Correo"')
	expect(named).not.toContain('aria-hidden')
})
