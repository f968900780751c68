import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { browserDependencies, serverDependencies } from '../../vite.deps'

/** Every package our app and server import at run time (type-only imports leave no trace). */
function importedPackages() {
	const packages = new Set<string>()
	for (const folder of ['app', 'server']) {
		for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
			if (!/\.tsx?$/.test(file) || file.endsWith('.d.ts')) continue
			const path = join(folder, file)
			const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest)
			const visit = (node: ts.Node) => {
				const specifier = specifierOf(node)
				if (specifier && !/^(\.|\/|~\/|node:|virtual:)/.test(specifier)) packages.add(specifier)
				ts.forEachChild(node, visit)
			}
			visit(source)
		}
	}
	return packages
}

function specifierOf(node: ts.Node) {
	if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
		return node.moduleSpecifier.text
	if (
		ts.isExportDeclaration(node) &&
		!node.isTypeOnly &&
		node.moduleSpecifier &&
		ts.isStringLiteral(node.moduleSpecifier)
	)
		return node.moduleSpecifier.text
	if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
		const [argument] = node.arguments
		if (argument && ts.isStringLiteral(argument)) return argument.text
	}
	return undefined
}

describe('the packages Vite pre-bundles for the browser in development (vite.deps.ts)', () => {
	it('name every package the code imports, each once, and nothing else', () => {
		const listed = [...browserDependencies, ...serverDependencies]
		expect(new Set(listed).size, 'a package in both lists').toBe(listed.length)
		// A package in neither list makes the first visit of some page reload (see vite.deps.ts).
		expect([...importedPackages()].sort()).toEqual(listed.sort())
	})
})
