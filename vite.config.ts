import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
	// The server build is our Express handler (server/app.ts), which imports the React Router build.
	environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
})
