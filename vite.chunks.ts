import { type Rollup } from 'vite'

/**
 * Browser chunks by layout layer (decision 006). Left alone, Rollup makes one chunk per distinct set
 * of routes sharing a module, so `/` loaded 34 files, most under 1 KB, over HTTP/1.1's six
 * connections. Here the modules every page needs form one chunk, and those only a layout's own pages
 * need form one per layout, so a page loads about a dozen files and never code it does not use.
 */
const shell = /\/app\/(root|entry\.client)\.tsx/
const layouts = {
	site: { entries: /\/app\/routes\/site\/(bare-)?layout\.tsx/, routes: /\/app\/routes\/site\// },
	dashboard: {
		entries: /\/app\/routes\/portal\/dashboard\/layout\.tsx/,
		routes: /\/app\/routes\/portal\/dashboard\//,
	},
	admin: { entries: /\/app\/routes\/portal\/admin\/layout\.tsx/, routes: /\/app\/routes\/portal\/admin\// },
}
const helper = /\/app\/lib\/[^/]+\.ts$/
const portalLayouts = /\/app\/routes\/portal\/(.+\/)?(auth-)?layout\.tsx/
/**
 * The 404 wears the frame of whichever host it is on, so it imports every layout's frame. Counted as another
 * layer's page it would pull each frame out of its layout's chunk into a chunk of its own, one more file for
 * every page; it loads the layouts' chunks instead, a few kilobytes more on a page nobody meant to visit.
 */
const notFound = /\/app\/routes\/not-found\.tsx/

export function layerChunks(): Rollup.GetManualChunk {
	let chunkOf: Map<string, string> | undefined
	return (id, { getModuleIds, getModuleInfo }) => {
		chunkOf ??= assignLayers(
			[...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry),
			getModuleInfo,
		)
		return chunkOf.get(id)
	}
}

function assignLayers(entries: string[], getModuleInfo: Rollup.GetModuleInfo) {
	const reach = (pattern: RegExp) =>
		reachable(
			entries.filter((e) => pattern.test(e)),
			getModuleInfo,
		)
	const chunkOf = new Map<string, string>()
	// What both the site's and the portal's layouts import (skip link, phone menu, dialog frame) is
	// needed by every page but the 404, so it joins the shell rather than a chunk of its own.
	const sharedByLayouts = intersection(reach(layouts.site.entries), reach(portalLayouts))
	for (const m of [...reach(shell), ...sharedByLayouts]) chunkOf.set(m, 'app')
	// Pure helpers that pages of more than one layer use (booking rules, dates, SEO tags) weigh a few
	// hundred bytes each; left alone, Rollup gives each such set its own tiny chunk, one more request
	// for every page that needs it, so they join the shell too.
	const layers = Object.values(layouts).map((layout) => layout.routes)
	const layerReach = [
		...layers.map((routes) => reach(routes)),
		reachable(
			entries.filter((e) => !shell.test(e) && !layers.some((routes) => routes.test(e))),
			getModuleInfo,
		),
	]
	for (const m of sharedHelpers(layerReach, chunkOf, getModuleInfo)) chunkOf.set(m, 'app')

	for (const [name, layout] of Object.entries(layouts)) {
		const elsewhere = reachable(
			entries.filter((e) => !layout.routes.test(e) && !notFound.test(e)),
			getModuleInfo,
			{ dynamic: true },
		)
		// The layout's own modules, and the small helpers only its pages use (as for the shell above).
		const helpers = [...reach(layout.routes)].filter((m) => helper.test(m))
		const own = placeable(
			new Set([...reach(layout.entries), ...helpers].filter((m) => !chunkOf.has(m) && !elsewhere.has(m))),
			chunkOf,
			getModuleInfo,
		)
		for (const m of own) chunkOf.set(m, name)
	}
	return chunkOf
}

/** Modules of `app/lib` reached by more than one layer's pages whose own imports are all placed. */
function sharedHelpers(layerReach: Set<string>[], chunkOf: Map<string, string>, getModuleInfo: Rollup.GetModuleInfo) {
	const reachedBy = (m: string) => layerReach.filter((reached) => reached.has(m)).length
	const candidates = new Set(layerReach.flatMap((reached) => [...reached]))
	return placeable(
		new Set([...candidates].filter((m) => helper.test(m) && !chunkOf.has(m) && reachedBy(m) > 1)),
		chunkOf,
		getModuleInfo,
	)
}

/**
 * Rollup moves a manual chunk's unassigned imports into it, which would make other layouts' pages
 * load that chunk: a module stays out unless all it imports is already placed or goes with it.
 */
function placeable(modules: Set<string>, chunkOf: Map<string, string>, getModuleInfo: Rollup.GetModuleInfo) {
	for (let dropped = true; dropped;) {
		dropped = false
		for (const m of modules) {
			if (getModuleInfo(m)?.importedIds.every((i) => modules.has(i) || chunkOf.has(i))) continue
			modules.delete(m)
			dropped = true
		}
	}
	return modules
}

function reachable(from: string[], getModuleInfo: Rollup.GetModuleInfo, { dynamic = false } = {}) {
	const seen = new Set<string>()
	const stack = [...from]
	for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
		if (seen.has(id)) continue
		seen.add(id)
		const info = getModuleInfo(id)
		stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []))
	}
	return seen
}

function intersection<T>(a: Set<T>, b: Set<T>) {
	return new Set([...a].filter((x) => b.has(x)))
}
