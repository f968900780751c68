import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { layerChunks } from './vite.chunks'

export default defineConfig({
	// Issue #9's first-load budget (decision 006): terser packs the browser code a few percent smaller
	// than esbuild; the browser's chunks follow the layouts (vite.chunks.ts), and what is left under
	// 800 bytes is merged into others, so a first visit makes fewer requests for the same code.
	build: {
		minify: 'terser',
		terserOptions: { module: true, compress: { passes: 2 } },
		rollupOptions: { output: { experimentalMinChunkSize: 800 } },
	},
	// The server build is our Express handler (server/app.ts), which imports the React Router build;
	// left readable, for its stack traces.
	environments: {
		client: { build: { rollupOptions: { output: { manualChunks: layerChunks() } } } },
		ssr: { build: { minify: false, rollupOptions: { input: './server/app.ts' } } },
	},
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
})
