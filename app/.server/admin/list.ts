import type { PostgrestError } from '@supabase/supabase-js'
import { redirect } from 'react-router'
import { z } from 'zod'
import { log } from '../log'

const pageSize = 20

/** `?page=` as a whole number from 1; anything else is the first page. */
function pageFrom(url: URL) {
	const page = Number(url.searchParams.get('page') ?? '1')
	return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1
}

/** `?q=` trimmed and capped: what the admin typed in the search box. */
export function searchTermFrom(url: URL) {
	return url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
}

/** What every admin list function takes: the search term and the page's rows. */
export type ListRange = { termino: string; desde: number; cuantos: number }

type ListCall = (range: ListRange) => PromiseLike<{ data: unknown; error: PostgrestError | null }>

/**
 * One page of an admin table from its database function (the admin search migration says why these
 * are functions rather than table queries): rows, total, page count and the spec's load error.
 * Each function checks the caller is an admin, so RLS's rule holds although it reads past RLS. Its JSON
 * is parsed with the list's row schema (app/lib/admin-rows.ts): one that does not fit is a failed load.
 * A page past the end answers with a redirect to the last one, not an empty 'Página 99 de 5'.
 */
export async function loadAdminPage<Row extends z.ZodType>(url: URL, loadError: string, row: Row, list: ListCall) {
	const page = pageFrom(url)
	const { data, error } = await list({ termino: searchTermFrom(url), desde: (page - 1) * pageSize, cuantos: pageSize })
	if (error) log.error({ err: error }, '[admin] list failed')
	const parsed = error ? null : z.object({ total: z.number(), rows: z.array(row) }).safeParse(data)
	if (parsed && !parsed.success) log.error({ err: parsed.error }, '[admin] list answered rows of another shape')
	const result = parsed?.success ? parsed.data : null
	const total = result?.total ?? 0
	const pages = Math.max(1, Math.ceil(total / pageSize))
	if (result && page > pages) {
		const last = new URL(url)
		last.searchParams.set('page', String(pages))
		throw redirect(`${last.pathname}${last.search}`)
	}
	return { rows: result?.rows ?? [], total, page, pages, error: result ? null : loadError }
}
