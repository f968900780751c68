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

export const parseError = (message: string, details: string | null = null) =>
	new RestError(400, 'PGRST100', message, details)

/** SQLSTATE → HTTP status, as PostgREST maps them (SUPABASE-CONTRACT.md). */
export function statusForSqlState(code: string, isAnonymous: boolean) {
	if (code === '23505' || code === '23503') return 409
	if (code === '42501') return isAnonymous ? 401 : 403
	if (code === '42P01' || code === '42883') return 404
	if (code === 'P0001') return 400
	if (code.startsWith('08')) return 503
	if (code.startsWith('40') || code.startsWith('XX') || code.startsWith('53')) return 500
	if (code === '57014') return 500
	return 400
}
