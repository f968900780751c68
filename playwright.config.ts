import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const chromiumFlags = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--no-first-run',
]

/** Debian's Chromium where it exists (no browser downloads here): what Lighthouse measures, as a visitor's browser. */
const fullChromium = '/usr/bin/chromium'
export const chromiumOptions = existsSync(fullChromium) ? { executablePath: fullChromium, args: chromiumFlags } : {}

/**
 * The tests' browser: Debian's build of the headless shell, the one Playwright's own headless runs use. Same
 * Blink and V8 as the full browser without its desktop shell; the two heaviest specs ran 15 % faster on it
 * (bench/results.md). Where it is missing, Debian's Chromium, then Playwright's own browser.
 */
const headlessShell = '/usr/bin/chromium-headless-shell'
export const launchOptions = existsSync(headlessShell)
	? { executablePath: headlessShell, args: chromiumFlags }
	: chromiumOptions

const devServer = /dev-server\.spec\.ts/

export default defineConfig<object, { ownStack: boolean }>({
	testDir: 'tests/e2e',
	outputDir: 'test-results',
	globalSetup: './tests/e2e/global-setup.ts',
	fullyParallel: true,
	workers: 2,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	// A test's whole budget, hooks included, for every test but the few that name a longer one. With one busy
	// loop per core (`npm run test:load`) the longest of the others took 55 s (twenty sign-ups, fifteen page
	// loads and sign-ins): 120 s keeps twice that. Each step still has its own bound (expect), so a hang fails
	// at that step, not at the end of this.
	timeout: 120_000,
	// What one step may take: a round trip through the app and the local Supabase is well under a second on an
	// idle machine, but with every core busy a booking, a booking that could not mail, and the slots of the booking
	// dialog each went past Playwright's 5 s and failed a test that was right; 15 s still stops a hang quickly.
	expect: { timeout: 15_000 },
	use: {
		// A failed test keeps its trace (each step and its log) and a screenshot of the end. The trace's DOM
		// snapshots, network and screencast cost about a quarter of the browser tests' time (bench/results.md);
		// `--trace on` adds them when a failure needs them.
		trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
		screenshot: 'only-on-failure',
		launchOptions,
	},
	// Workers take tests in the order of the projects. The dev server's tests run one after another for almost three
	// minutes: first, they share the two cores with the rest; last, they left one core idle at the end of a run.
	projects: [
		// `npm run dev` itself, on ports and folders of its own (issue #16): no stack of the worker's.
		{
			name: 'dev-server',
			use: { ...devices['Desktop Chrome'], launchOptions, ownStack: false },
			testMatch: devServer,
		},
		{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: devServer },
		{
			name: 'phone',
			use: { ...devices['Pixel 7'], launchOptions },
			grep: /@phone/,
			testIgnore: devServer,
		},
	],
})
