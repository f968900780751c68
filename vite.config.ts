import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig(({ isSsrBuild }) => ({
	build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}))
