import type { RouterContextProvider } from 'react-router'
import { getSupabase } from './supabase'

const pageSize = 20

/** `?page=` as a whole number from 1; anything else is the first page. */
function pageFrom(url: URL) {
	const page = Number(url.searchParams.get('page') ?? '1')
	return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1
}

/** `?q=` trimmed and capped: what the admin typed in the search box. */
function searchTermFrom(url: URL) {
	return url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
}

/**
 * One page of an admin table from its database function (the admin search migration says why these
 * are functions rather than table queries): rows, total, page count and the spec's load error.
 * Each function checks the caller is an admin, so RLS's rule holds although it reads past RLS.
 */
export async function loadAdminPage<Row>(
	context: Readonly<RouterContextProvider>,
	list: 'admin_reservas' | 'admin_usuarios',
	request: Request,
	loadError: string,
) {
	const url = new URL(request.url)
	const page = pageFrom(url)
	const { data, error } = await getSupabase(context).rpc(list, {
		termino: searchTermFrom(url),
		desde: (page - 1) * pageSize,
		cuantos: pageSize,
	})
	// 42501: not an admin. The page's role check, run alongside, sends them away; nothing to log.
	if (error && error.code !== '42501') console.error(`[admin] ${list} failed`, error)
	const result = (error ? null : data) as { total: number; rows: Row[] } | null
	const total = result?.total ?? 0
	return {
		rows: result?.rows ?? [],
		total,
		page,
		pages: Math.max(1, Math.ceil(total / pageSize)),
		error: error ? loadError : null,
	}
}
