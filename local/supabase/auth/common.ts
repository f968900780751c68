import type { IncomingHttpHeaders } from 'node:http'
import { isAllowedRedirect, type AuthConfig } from '../config'
import type { Database } from '../db'
import { json } from '../http'
import type { EmailTemplates } from '../email-templates'
import type { Mailer } from '../mail'
import type { AuthLimiter } from './rate-limits'
import type { SessionSettings } from './sessions'

export type AuthContext = {
	db: Database
	config: AuthConfig
	mailer: Mailer
	/** supabase/config.toml's e-mail templates, read and checked at start-up. */
	templates: EmailTemplates
	/** e.g. http://127.0.0.1:54321 */
	apiUrl: string
	limits: AuthLimiter
}

export type AuthRequest = {
	method: string
	path: string
	query: URLSearchParams
	headers: IncomingHttpHeaders
	body: Record<string, unknown>
	bearer: string | undefined
	/** The caller's address, which Auth's per-address limits count by. */
	address: string
}

const apiVersionHeader = 'x-supabase-api-version'

/** GoTrue's error body: `{code, message}` for clients that send the API version header, the old shape otherwise. */
export function authError(
	req: AuthRequest,
	status: number,
	code: string,
	message: string,
	extra: Record<string, unknown> = {},
) {
	const version = req.headers[apiVersionHeader]
	if (typeof version === 'string' && version >= '2024-01-01') {
		return json(status, { code, message, ...extra }, { 'X-Supabase-Api-Version': '2024-01-01' })
	}
	return json(status, { code: status, error_code: code, msg: message, ...extra })
}

export const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
export const record = (value: unknown) =>
	value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function settingsOf(ctx: AuthContext): SessionSettings {
	return { issuer: `${ctx.apiUrl}/auth/v1`, expiresIn: ctx.config.jwt_expiry }
}

export function redirectTarget(ctx: AuthContext, requested: string | undefined) {
	return requested && isAllowedRedirect(requested, ctx.config) ? requested : ctx.config.site_url
}
