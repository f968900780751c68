import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function markdownFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name)
		if (entry.isDirectory()) return markdownFiles(path)
		return entry.name.endsWith('.md') ? [path] : []
	})
}

const documents = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs')), ...markdownFiles(join(root, 'bench'))]

/** Targets of `[text](target)` links that point at files, not at web pages or anchors. */
function fileLinks(markdown: string) {
	return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
		.map((match) => match[1]?.split('#')[0] ?? '')
		.filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
}

// A clone holds only the repository: a link or a path outside it is a dead end for whoever reads it.
describe.each(documents.map((path) => ({ name: relative(root, path), path })))('$name', ({ path }) => {
	const markdown = readFileSync(path, 'utf8')

	it('links only to files that exist inside the repository', () => {
		for (const target of fileLinks(markdown)) {
			const resolved = resolve(dirname(path), target)
			expect(relative(root, resolved).startsWith('..'), `${target} leaves the repository`).toBe(false)
			expect(existsSync(resolved), `${target} does not exist`).toBe(true)
		}
	})

	it('names no path outside the repository', () => {
		expect(markdown).not.toMatch(/(^|[\s`(])\.\.\/(shared|\.\.)/m)
		expect(markdown).not.toMatch(/\/(work|home|root|tmp)\/[\w.-]+\//)
	})
})
