import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The variables the README's configuration table names (a row may name several). */
function documentedVariables() {
	const readme = readFileSync('README.md', 'utf8')
	const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Stripe in production'))
	return section
		.split('\n')
		.filter((line) => line.startsWith('| `'))
		.flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]))
}

/** The variables `.env.example` sets or shows commented out. */
function exampleVariables() {
	return readFileSync('.env.example', 'utf8')
		.split('\n')
		.map((line) => /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
		.filter((name) => name !== undefined)
}

describe('.env.example', () => {
	it('lists every variable of the README’s table once, and no other', () => {
		const example = exampleVariables()
		expect(new Set(example).size, 'a variable listed twice').toBe(example.length)
		expect([...example].sort()).toEqual([...new Set(documentedVariables())].sort())
	})

	it('sets no value a deployment would keep by mistake', () => {
		const values = readFileSync('.env.example', 'utf8')
			.split('\n')
			.filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
			.map((line) => line.slice(line.indexOf('=') + 1))
		expect(values.filter((value) => value !== '')).toEqual([])
	})
})
