import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'

type LockEntry = {
	version?: string
	/** npm's flags: needed only by dev dependencies, only through optional dependencies (both for a dev tool's). */
	dev?: boolean
	optional?: boolean
	optionalDependencies?: Record<string, string>
	os?: string[]
	cpu?: string[]
	libc?: string[]
}

type Platform = { name: string; os: string; cpu: string; libc?: string }

/** Where the team and CI install: every package with native builds must lock one for each. */
const platforms: Platform[] = [
	{ name: 'linux-x64-gnu', os: 'linux', cpu: 'x64', libc: 'glibc' },
	{ name: 'linux-x64-musl', os: 'linux', cpu: 'x64', libc: 'musl' },
	{ name: 'linux-arm64-gnu', os: 'linux', cpu: 'arm64', libc: 'glibc' },
	{ name: 'linux-arm64-musl', os: 'linux', cpu: 'arm64', libc: 'musl' },
	{ name: 'darwin-x64', os: 'darwin', cpu: 'x64' },
	{ name: 'darwin-arm64', os: 'darwin', cpu: 'arm64' },
	{ name: 'win32-x64', os: 'win32', cpu: 'x64' },
]

const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> }
const lockedPackages = Object.entries(lock.packages).filter(([path]) => path !== '')

/** Node's lookup: the package's own node_modules first, then each enclosing one up to the root. */
function lockPathOf(dependency: string, from: string): string | undefined {
	let base = from
	for (;;) {
		const candidate = base === '' ? `node_modules/${dependency}` : `${base}/node_modules/${dependency}`
		if (candidate in lock.packages) return candidate
		if (base === '') return undefined
		const parent = base.lastIndexOf('/node_modules/')
		base = parent === -1 ? '' : base.slice(0, parent)
	}
}

function lockedOptionals(path: string, entry: LockEntry): LockEntry[] {
	return Object.keys(entry.optionalDependencies ?? {}).flatMap((name) => {
		const found = lockPathOf(name, path)
		return found ? [lock.packages[found] ?? {}] : []
	})
}

/**
 * Optional dependencies built for one CPU are a package's native builds (rollup, esbuild, …).
 * fsevents, macOS-only on any CPU, is an extra feature rather than one build of a set, so it is left out.
 */
function nativeBuilds(path: string, entry: LockEntry): LockEntry[] {
	return lockedOptionals(path, entry).filter((optional) => optional.cpu !== undefined)
}

/** npm's rule for `os`, `cpu` and `libc`: `!value` excludes, any plain value restricts to the listed ones. */
function allows(field: string[] | undefined, value: string | undefined): boolean {
	if (field === undefined || value === undefined) return true
	if (field.includes(`!${value}`)) return false
	const listed = field.filter((item) => !item.startsWith('!'))
	return listed.length === 0 || listed.includes(value)
}

function runsOn(build: LockEntry, platform: Platform): boolean {
	return allows(build.os, platform.os) && allows(build.cpu, platform.cpu) && allows(build.libc, platform.libc)
}

function packageName(path: string): string {
	return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
}

describe('package-lock.json', () => {
	test('locks every optional dependency, as `npm ci` requires', () => {
		const missing = lockedPackages.flatMap(([path, entry]) =>
			Object.keys(entry.optionalDependencies ?? {})
				.filter((name) => lockPathOf(name, path) === undefined)
				.map((name) => `${packageName(path)}@${entry.version} → ${name}`),
		)
		expect(missing, 'regenerate the lock from a registry that has these packages').toEqual([])
	})

	test('holds no optional dependency of production packages, which the image leaves out', () => {
		const productionOptionals = lockedPackages
			.filter(([, entry]) => entry.optional === true && entry.dev !== true)
			.map(([path, entry]) => `${packageName(path)}@${entry.version}`)
		expect(productionOptionals, 'the Dockerfile installs with --omit=optional: make it keep these').toEqual([])
	})

	test('finds the packages with native builds', () => {
		const withBuilds = lockedPackages
			.filter(([path, entry]) => nativeBuilds(path, entry).length > 0)
			.map(([path]) => packageName(path))
		expect(withBuilds).toEqual(expect.arrayContaining(['@tailwindcss/oxide', 'esbuild', 'lightningcss', 'rollup']))
	})

	test.each(platforms)('every package with native builds locks one for $name', (platform) => {
		const lacking = lockedPackages
			.filter(([path, entry]) => {
				const builds = nativeBuilds(path, entry)
				return builds.length > 0 && !builds.some((build) => runsOn(build, platform))
			})
			.map(([path, entry]) => `${packageName(path)}@${entry.version}`)
		expect(lacking, `pin versions whose ${platform.name} build is published (see package.json overrides)`).toEqual([])
	})
})
