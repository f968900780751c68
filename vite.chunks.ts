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
const portalLayouts = /\/app\/routes\/portal\/(.+\/)?(auth-)?layout\.tsx/

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

	for (const [name, layout] of Object.entries(layouts)) {
		const elsewhere = reachable(
			entries.filter((e) => !layout.routes.test(e)),
			getModuleInfo,
			{ dynamic: true },
		)
		const own = new Set([...reach(layout.entries)].filter((m) => !chunkOf.has(m) && !elsewhere.has(m)))
		// Rollup moves a manual chunk's unassigned imports into it, which would make other layouts'
		// pages load this one's chunk: a module stays out unless all it imports is already placed.
		for (let dropped = true; dropped;) {
			dropped = false
			for (const m of own) {
				if (getModuleInfo(m)?.importedIds.every((i) => own.has(i) || chunkOf.has(i))) continue
				own.delete(m)
				dropped = true
			}
		}
		for (const m of own) chunkOf.set(m, name)
	}
	return chunkOf
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
