import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Every kind of public site page, for the first-load budget (the e2e test and `npm run bench`). */
export const budgetedSitePaths = [
	'/',
	'/tarifas',
	'/tarifas/business',
	'/como-funciona',
	'/funcionalidades',
	'/funcionalidades/facturas',
	'/proyectos',
	'/sobre-kia',
	'/blog',
	'/blog/verifactu-que-cambia-y-como-prepararte',
	'/contacto',
	'/webapp-incluida',
	'/invertir',
	'/sostenibilidad',
	'/politica-privacidad',
	'/solicitar-demostracion-kia',
]

/** Issue #9: ≤ 150 KB gzip on the home page, ≤ 200 KB anywhere else. */
export const firstLoadBudgetKb = (path: string) => (path === '/' ? 150 : 200)

/** The scripts a server-rendered page preloads, each once: what a first visit loads before it hydrates. */
export function modulePreloadsOf(html: string) {
	return [
		...new Set(
			[...html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+\.js)"/g)].map((match) => match[1] ?? ''),
		),
	]
}

/** Gzipped size (level 6) of files of the browser build, in KB. */
export async function gzipKb(files: Iterable<string>) {
	let bytes = 0
	for (const file of files) bytes += gzipSync(await readFile(join('build', 'client', file))).length
	return bytes / 1024
}
