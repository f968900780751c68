import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { buildErrorPages } from '../../scripts/error-pages'

test('nginx’s committed error pages are what `npm run error-pages` makes now', async () => {
	const pages = await buildErrorPages()
	expect(pages.map(({ file }) => file).sort()).toEqual([
		'deploy/nginx/bad-request.html',
		'deploy/nginx/unavailable-post.html',
		'deploy/nginx/unavailable.html',
	])
	for (const { file, contents } of pages)
		expect(contents, `${file} is stale: run npm run error-pages`).toBe(await readFile(file, 'utf8'))
})

test('each page stands alone: no script, no file of its own to fetch, the logo drawn inline', async () => {
	for (const { file, contents } of await buildErrorPages()) {
		expect(contents, file).not.toMatch(/<script|<link|src=|url\(/)
		expect(contents, file).toContain('<svg viewBox="0 0 200 64" role="img" aria-label="KIA"')
		// kia-proxy.conf's sub_filter writes the theme into this very tag.
		expect(contents, file).toContain('<html lang="es">')
	}
})
