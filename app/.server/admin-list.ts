import type { PostgrestError } from '@supabase/supabase-js'
import { pageSize } from '~/lib/postgrest'

/** One page of an admin table, whatever the query: rows, total, page count and the spec's load error. */
export function pageResult<Row>(
	result: { data: unknown; count: number | null; error: PostgrestError | null },
	page: number,
	loadError: string,
) {
	// Past the last page PostgREST answers 416 (PGRST103): that is an empty page, not a failure.
	const failed = result.error !== null && result.error.code !== 'PGRST103'
	if (failed) console.error('[admin] list failed', result.error)
	const total = result.count ?? 0
	return {
		rows: (result.data ?? []) as Row[],
		total,
		page,
		pages: Math.max(1, Math.ceil(total / pageSize)),
		error: failed ? loadError : null,
	}
}
