import type { ActionResult } from '~/lib/action-result'
import { noAnswer } from './client'

/**
 * What supabase-js answers for a failed call: PostgREST's error and status, or, for a call that got no answer,
 * an error of its own without a code, and status 0.
 */
export type FailedWrite = { error: { message: string; code?: string | null }; status: number }

type Failure = Extract<ActionResult, { ok: false }>

/**
 * Whether a write that failed may all the same have been done. PostgREST runs each request in one transaction
 * and answers an error (with a code: PGRST…, or PostgreSQL's SQLSTATE) once it has rolled it back: a clean
 * refusal, except a lost database connection (class 08), which can come after the commit. A refusal before
 * PostgREST (4xx) did nothing. No answer, or a gateway's 5xx, leaves it unknown, unless the call never left.
 */
export function mayHaveApplied({ error, status }: FailedWrite) {
	if (error.code) return error.code.startsWith('08')
	if (status >= 400 && status < 500) return false
	return error.message !== `AbortError: ${noAnswer.unsent}`
}

/**
 * A failed write as the action answers it: `refused` when it was surely not done; when it may have been, the
 * `unconfirmed` message, which asks to send it again (a repeat is kept once: app/.server/http/submission-key.ts).
 */
export function writeFailure(failed: FailedWrite, refused: string, unconfirmed: string): Failure {
	return mayHaveApplied(failed)
		? { ok: false, message: unconfirmed, unconfirmed: true }
		: { ok: false, message: refused }
}
