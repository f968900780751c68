/**
 * A search term as a PostgREST filter value: quoted, so commas, parentheses
 * and dots typed by a person cannot change the filter's structure.
 */
export function ilikeAny(columns: readonly string[], term: string) {
	const value = `"*${term.replace(/["\\]/g, (char) => `\\${char}`)}*"`
	return columns.map((column) => `${column}.ilike.${value}`).join(',')
}

export const pageSize = 20

export function pageFrom(url: URL) {
	const page = Number(url.searchParams.get('page') ?? '1')
	return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1
}
