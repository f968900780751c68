import type { IncomingMessage } from 'node:http'

export type Reply = { status: number; headers?: Record<string, string>; body?: string | Buffer }

/** The API version the stand-in speaks: the one the installed SDK pins. */
export const apiVersion = '2026-11-18.endive'

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
	// Stripe pretty-prints its JSON; keeping that makes captured responses easy to compare.
	return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(value, null, 2) }
}

/** Stripe's hosted pages (Checkout, Billing Portal, invoices) refuse to be framed: so do the stand-in's. */
export function html(status: number, body: string): Reply {
	return {
		status,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
			'X-Frame-Options': 'DENY',
			'Cache-Control': 'no-store',
		},
		body,
	}
}

export function redirect(location: string, status = 303): Reply {
	return { status, headers: { Location: location } }
}

export type StripeErrorType = 'api_error' | 'idempotency_error' | 'invalid_request_error'

export type StripeErrorBody = {
	type: StripeErrorType
	code?: string
	message: string
	param?: string
	doc_url?: string
}

/** A failure the API reports as Stripe does: `{ error: { type, code, message, param } }`. */
export class StripeApiError extends Error {
	readonly body: StripeErrorBody

	constructor(
		readonly status: number,
		body: StripeErrorBody,
	) {
		super(body.message)
		this.body = body.code
			? { ...body, doc_url: `https://stripe.com/docs/error-codes/${body.code.replaceAll('_', '-')}` }
			: body
	}

	reply(): Reply {
		// The SDK retries 5xx answers unless told not to, and retrying cannot help here.
		const headers: Record<string, string> = this.status >= 500 ? { 'Stripe-Should-Retry': 'false' } : {}
		return json(this.status, { error: this.body }, headers)
	}
}

export function invalidRequest(message: string, param?: string, code?: string) {
	return new StripeApiError(400, {
		type: 'invalid_request_error',
		...(code ? { code } : {}),
		message,
		...(param ? { param } : {}),
	})
}

export function missingParam(param: string) {
	return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing')
}

/** Stripe names the missing object by its `object` value: "No such checkout.session: 'cs_…'". */
export function noSuch(kind: string, id: string, param = 'id', status = 404) {
	return new StripeApiError(status, {
		type: 'invalid_request_error',
		code: 'resource_missing',
		message: `No such ${kind}: '${id}'`,
		param,
	})
}

/** Real Stripe would accept it; the stand-in says plainly that it does not, instead of pretending. */
export function notImplemented(what: string) {
	return new StripeApiError(501, {
		type: 'api_error',
		code: 'not_implemented',
		message: `${what} is not implemented by the local Stripe stand-in (local/stripe).`,
	})
}

/** The secret key from `Authorization: Bearer sk_…` or, as Stripe also accepts, Basic auth with the key as user name. */
export function apiKeyOf(req: IncomingMessage): string | undefined {
	const header = req.headers.authorization
	if (!header) return undefined
	const bearer = /^Bearer\s+(.+)$/i.exec(header)
	if (bearer) return bearer[1]?.trim()
	const basic = /^Basic\s+(.+)$/i.exec(header)
	if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0]
	return undefined
}

/** Stripe never echoes a whole key: `sk_test_************kia`. */
export function redactKey(key: string) {
	const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? ''
	const tail = key.length - prefix.length > 4 ? key.slice(-4) : ''
	return `${prefix}${'*'.repeat(Math.max(key.length - prefix.length - tail.length, 4))}${tail}`
}
