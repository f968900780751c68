import { readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { layerChunks } from './vite.chunks'
import { browserDependencies, serverDependencies } from './vite.deps'

export default defineConfig({
	// Where development keeps its pre-bundled packages; the dev-server e2e test starts from an empty one.
	cacheDir: process.env.DEV_CACHE_DIR,
	optimizeDeps: { include: browserDependencies, exclude: serverDependencies },
	// Issue #9's first-load budget (decision 006): terser packs the browser code a few percent smaller
	// than esbuild; the browser's chunks follow the layouts (vite.chunks.ts), and what is left under
	// 800 bytes is merged into others, so a first visit makes fewer requests for the same code.
	build: {
		minify: 'terser',
		terserOptions: { module: true, compress: { passes: 2 } },
		rollupOptions: { output: { experimentalMinChunkSize: 800 }, onwarn: withoutExpectedWarnings },
	},
	// The server build is our Express handler (server/app.ts), which imports the React Router build;
	// left readable, for its stack traces, and in one file: the server has no use for lazy chunks.
	environments: {
		client: { build: { rollupOptions: { output: { manualChunks: layerChunks() } } } },
		ssr: {
			build: { minify: false, rollupOptions: { input: './server/app.ts', output: { inlineDynamicImports: true } } },
		},
	},
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), reactRouterProductionBuild(), precompressedAssets()],
})

/**
 * React Router's package sends every import to its development build, production too (remix-run/react-router
 * #14102, open), whose checks and warnings run in every server render (decision 016 has the measure). Builds take
 * its production build, which the package ships beside it; the server bundles the two adapters that import React
 * Router too, so there is one copy of it. Development keeps the package as it is.
 */
function reactRouterProductionBuild(): Plugin {
	const production = (file: string) =>
		fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url))
	return {
		name: 'kia:react-router-production-build',
		apply: 'build',
		config: () => ({
			resolve: {
				alias: [
					{ find: /^react-router$/, replacement: production('index.mjs') },
					{ find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
				],
			},
			ssr: { noExternal: ['react-router', '@react-router/node', '@react-router/express'] },
		}),
	}
}

/**
 * Every compressible file of the browser build also as Brotli and gzip, beside it, at the highest levels: the
 * server sends those as they are (server.js, express-static-gzip) instead of compressing each download again.
 * Compressed per request, the scripts and the stylesheet of a first visit cost the server CPU while the page they
 * belong to was loading, and Brotli's files are smaller than gzip's (decision 006 has the figures). Under 1 KB a
 * file goes as it is, as `compression` would send it.
 * vite-plugin-compression2 does this too, but in React Router's two-environment build it also compressed
 * the server's files, whatever the environment it was given.
 */
function precompressedAssets(): Plugin {
	const compressible = /\.(js|css|svg)$/
	const brotli = promisify(brotliCompress)
	const gzipped = promisify(gzip)
	return {
		name: 'kia:precompressed-assets',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'client',
		// Once the files are written: Vite's own plugins still rewrite the scripts' code after every plugin's
		// generateBundle (the preload lists of lazy imports).
		async writeBundle({ dir = '' }, bundle) {
			const files = Object.keys(bundle).filter((fileName) => compressible.test(fileName))
			await Promise.all(
				files.map(async (fileName) => {
					const path = join(dir, fileName)
					const source = await readFile(path)
					if (source.length < 1024) return
					const [br, gz] = await Promise.all([
						brotli(source, {
							params: {
								[zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
								[zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
							},
						}),
						gzipped(source, { level: zlib.Z_BEST_COMPRESSION }),
					])
					await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
				}),
			)
		},
	}
}

/** Route modules without UI (resource routes, our only `.ts` route files). */
const resourceRoutes = new Set(
	readdirSync('app/routes', { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => basename(file, '.ts')),
)

/** Keeps the build's output to warnings someone can act on. */
function withoutExpectedWarnings(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
	// React Router gives every route a browser module, which a fetcher loads: a resource route's is empty.
	if (warning.code === 'EMPTY_BUNDLE' && warning.names?.every((name) => resourceRoutes.has(name))) return
	// A package's comment that mentions `@__PURE__` in prose (zod's): Rollup drops the comment, rightly.
	if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return
	warn(warning)
}
