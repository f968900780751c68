import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		include: ['tests/{unit,integration,http}/**/*.test.{ts,tsx}'],
		environment: 'node',
		// Node's own localStorage (22 and later) warns when read without a file, and msw's cookie store reads it.
		execArgv: ['--no-experimental-webstorage'],
		setupFiles: ['tests/setup/fail-on-console-error.ts'],
		globalSetup: ['tests/setup/services.ts'],
		testTimeout: 20_000,
		hookTimeout: 60_000,
	},
})
