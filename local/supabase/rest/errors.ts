import type { DatabaseUnavailable } from '../db'
import { json, type Reply } from '../http'

/** PostgREST's error body: always these four keys. */
export class RestError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly details: string | null = null,
		readonly hint: string | null = null,
	) {
		super(message)
	}

	toReply(headers: Record<string, string> = {}): Reply {
		return json(
			this.status,
			{ code: this.code, details: this.details, hint: this.hint, message: this.message },
			headers,
		)
	}
}

/**
 * PostgREST's answers while it cannot use its database (src/PostgREST/Error.hs): no connection to be had (PGRST000),
 * or the one a request held lost under it (PGRST001).
 */
export function databaseUnavailable(error: DatabaseUnavailable) {
	return error.stage === 'connect'
		? new RestError(503, 'PGRST000', 'Database connection error.', error.message)
		: new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.', error.message)
}

/** While the schema cache cannot be read (PGRST002): read again on the next request, as PostgREST keeps retrying. */
export const noSchemaCache = () =>
	new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.')

/**
 * PostgREST sends every 503 with `Retry-After`, the seconds before its next attempt to reconnect, which it leaves at
 * 0 (v12 to v16: App.hs' addRetryHint reads a delay nothing writes): supabase-js then retries a read at once, three
 * times, rather than after 1, 2 and 4 s.
 */
export const retryHint = { 'Retry-After': '0' }

export const parseError = (message: string, details: string | null = null) =>
	new RestError(400, 'PGRST100', message, details)

/** SQLSTATE → HTTP status, as PostgREST maps them (SUPABASE-CONTRACT.md). */
export function statusForSqlState(code: string, isAnonymous: boolean) {
	if (code === '23505' || code === '23503') return 409
	if (code === '42501') return isAnonymous ? 401 : 403
	if (code === '42P01' || code === '42883') return 404
	if (code === 'P0001') return 400
	if (code.startsWith('08') || code === '57P01') return 503
	if (code.startsWith('53')) return code === '53400' ? 500 : 503
	if (code.startsWith('40') || code.startsWith('XX') || code.startsWith('57')) return 500
	return 400
}
