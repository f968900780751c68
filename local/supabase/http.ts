import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { BodyError } from '../service'

/** An answer; a stream body (a stored file) is piped to the client. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string | Readable }

export const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8' }

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
	return { status, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(value) }
}

export function html(status: number, body: string): Reply {
	return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body }
}

export function redirect(location: string, status = 303): Reply {
	return { status, headers: { Location: location } }
}

/** What the stand-in does not implement says so, instead of pretending. */
export function notImplemented(what: string): Reply {
	return json(501, {
		code: 'not_implemented',
		message: `${what} is not implemented by the local Supabase stand-in (local/supabase).`,
	})
}

/** JSON bodies, plus the form posts of the local consent page. */
export function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> | unknown[] {
	if (raw.trim() === '') return {}
	if (contentType?.includes('application/x-www-form-urlencoded')) {
		return Object.fromEntries(new URLSearchParams(raw))
	}
	try {
		const value: unknown = JSON.parse(raw)
		if (value !== null && typeof value === 'object') return value as Record<string, unknown> | unknown[]
	} catch {
		// fall through
	}
	throw new BodyError('Could not parse the request body as JSON')
}

export function bearerToken(req: IncomingMessage) {
	const header = req.headers.authorization
	if (!header) return undefined
	const match = /^Bearer\s+(.+)$/i.exec(header)
	return match?.[1]
}
