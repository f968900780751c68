import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

/** Starts the run's PostgreSQL server and mail catcher, for the projects that need services. */
const services = ['tests/setup/services.ts']

export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		environment: 'node',
		// Node's own localStorage (22 and later) warns when read without a file, and msw's cookie store reads it.
		execArgv: ['--no-experimental-webstorage'],
		setupFiles: ['tests/setup/fail-on-console-error.ts'],
		testTimeout: 20_000,
		hookTimeout: 60_000,
		// Vitest's default is one file at a time on two cores, and these files mostly wait: on PostgreSQL, on a
		// production server, on answers padded to a fixed time (decision 014). Three files at once keep both cores busy.
		maxWorkers: 3,
		projects: [
			{ extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
			{
				extends: true,
				test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'], globalSetup: services },
			},
			{
				extends: true,
				test: {
					name: 'http',
					include: ['tests/http/**/*.test.{ts,tsx}'],
					globalSetup: services,
					// A file's tests are many round trips to a production server each (a walk of every action, forty-odd
					// sign-ins): Playwright's budget for a test, as these were browser-suite tests before.
					testTimeout: 120_000,
				},
			},
		],
	},
})
