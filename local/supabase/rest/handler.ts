import type { IncomingHttpHeaders } from 'node:http'
import type { Database, Sql } from '../db'
import { jsonHeaders, notImplemented, type Reply } from '../http'
import { verifyJwt, type Claims } from '../jwt'
import { RestError, statusForSqlState } from './errors'
import { callFunction } from './rpc'
import { parseCondition, parseLogic, parseNonNegativeInteger, parseOrder, parseSelect } from './parse'
import { capRows, countSql, findEmbed, planNode, readSql, tableOf, type Node } from './query'
import type { SchemaCache } from './schema'
import { deleteStatement, insertStatement, parseJsonBody, updateStatement, write } from './write'

export type RestContext = {
	db: Database
	schema: () => Promise<SchemaCache>
	/** PostgREST's `db-max-rows` (config.toml's `max_rows`): no read returns more rows, however asked. */
	maxRows: number
}

export type RestRequest = {
	method: string
	path: string
	query: URLSearchParams
	headers: IncomingHttpHeaders
	body: string
	bearer: string | undefined
}

const apiRoles = new Set(['anon', 'authenticated', 'service_role'])

const singularType = 'application/vnd.pgrst.object+json'

const reserved = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns'])

export type Auth = { role: string; claims: Claims }

export type RestOutcome = { reply: Reply; role: string }

export async function handleRest(req: RestRequest, ctx: RestContext): Promise<RestOutcome> {
	let role = 'anon'
	try {
		const auth = await authenticate(req.bearer)
		role = auth.role
		return { reply: await route(req, ctx, auth), role }
	} catch (error) {
		return { reply: toErrorReply(error, role), role }
	}
}

async function authenticate(bearer: string | undefined): Promise<Auth> {
	if (!bearer) return { role: 'anon', claims: { role: 'anon' } }
	const verified = await verifyJwt(bearer)
	if (!verified.ok) {
		throw verified.reason === 'expired'
			? new RestError(401, 'PGRST303', 'JWT expired')
			: new RestError(401, 'PGRST301', 'No suitable key or wrong key type', verified.message)
	}
	const role = verified.claims.role ?? 'anon'
	if (!apiRoles.has(role)) throw new RestError(401, 'PGRST301', `role "${role}" does not exist`)
	return { role, claims: verified.claims }
}

function toErrorReply(error: unknown, role: string): Reply {
	if (error instanceof RestError) return withAuthChallenge(error.toReply(), error)
	if (isDatabaseError(error)) {
		const status = statusForSqlState(error.code, role === 'anon')
		const restError = new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null)
		return withAuthChallenge(restError.toReply(), restError)
	}
	if (isConnectionFailure(error)) {
		return new RestError(
			503,
			'PGRST000',
			'Could not connect with the database due to an incorrect db-uri or due to the PostgreSQL service not running.',
			error.message,
		).toReply()
	}
	console.error('[supabase] unexpected REST failure', error)
	return new RestError(500, 'PGRST000', 'Internal error in the local stand-in').toReply()
}

function withAuthChallenge(reply: Reply, error: RestError): Reply {
	if (error.status !== 401) return reply
	const challenge = error.code.startsWith('PGRST3')
		? `Bearer error="invalid_token", error_description="${error.message}"`
		: 'Bearer'
	return { ...reply, headers: { ...reply.headers, 'WWW-Authenticate': challenge } }
}

type DatabaseErrorLike = Error & { code: string; detail?: string; hint?: string }

/** PostgreSQL refused or lost the connection (node-postgres says so in a socket's code or its own words): PostgREST's 503. */
function isConnectionFailure(error: unknown): error is Error {
	if (!(error instanceof Error)) return false
	const code = (error as Error & { code?: unknown }).code
	return (
		(typeof code === 'string' && /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code)) ||
		/^Connection terminated/.test(error.message)
	)
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
	const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined
	return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

function parsePrefer(headers: IncomingHttpHeaders) {
	const raw = [headers.prefer].flat().filter(Boolean).join(',')
	const prefer: Record<string, string> = {}
	for (const part of raw.split(',')) {
		const [key, value] = part.trim().split('=')
		if (key && value) prefer[key] = value
	}
	return prefer
}

async function route(req: RestRequest, ctx: RestContext, auth: Auth): Promise<Reply> {
	const profile = req.headers['accept-profile'] ?? req.headers['content-profile']
	if (profile && profile !== 'public') {
		throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null)
	}
	const segments = req.path.split('/').filter(Boolean)
	if (segments.length === 0) return notImplemented('The OpenAPI description (GET /rest/v1/)')
	if (segments[0] === 'rpc' && segments.length === 2 && req.method === 'POST') {
		const body = await asRole(ctx, req, auth, (tx) =>
			callFunction(tx, segments[1] ?? '', parseJsonBody(req), ctx.maxRows),
		)
		return { status: 200, headers: { 'Content-Type': jsonHeaders['Content-Type'] }, body }
	}
	if (segments[0] === 'rpc') return notImplemented(`${req.method} /rest/v1/rpc (only POST with named arguments)`)
	if (segments.length > 1) return notImplemented(`GET /rest/v1/${segments.join('/')}`)

	const cache = await ctx.schema()
	const table = tableOf(cache, segments[0] ?? '')
	const node = planNode(cache, table, parseSelect(req.query.get('select') ?? '*'))
	applyQueryParams(node, req.query)
	const prefer = parsePrefer(req.headers)
	const singular = String(req.headers.accept ?? '').includes(singularType)

	switch (req.method) {
		case 'GET':
		case 'HEAD':
			return read(req, ctx, auth, node, prefer, singular)
		case 'POST':
			return write(req, ctx, auth, node, prefer, singular, insertStatement(node, req, prefer))
		case 'PATCH':
			return write(req, ctx, auth, node, prefer, singular, updateStatement(node, req))
		case 'DELETE':
			return write(req, ctx, auth, node, prefer, singular, deleteStatement(node))
		default:
			return notImplemented(`${req.method} on /rest/v1`)
	}
}

/** Filters, order, limit and offset, for the root table or (prefixed `rel.`) an embedded one. */
function applyQueryParams(root: Node, query: URLSearchParams) {
	for (const [key, value] of query) {
		if (reserved.has(key)) continue
		const parts = key.split('.')
		const last = parts[parts.length - 1] ?? ''
		const negatedLogic = parts.length >= 2 && parts[parts.length - 2] === 'not' && (last === 'or' || last === 'and')
		const path = parts.slice(0, negatedLogic ? -2 : -1)
		const target = findEmbed(root, path)
		if (!target)
			throw new RestError(
				400,
				'PGRST108',
				`'${path.join('.')}' is not an embedded resource in this request`,
				null,
				`Verify that '${path.join('.')}' is included in the 'select' query parameter.`,
			)
		if (last === 'order') target.order = parseOrder(value)
		else if (last === 'limit') target.limit = parseNonNegativeInteger('limit', value)
		else if (last === 'offset') target.offset = parseNonNegativeInteger('offset', value)
		else if (last === 'or' || last === 'and') target.filters.push(parseLogic(last, negatedLogic, value))
		else target.filters.push(parseCondition(last, value))
	}
	const order = query.get('order')
	if (order) root.order = parseOrder(order)
	const limit = query.get('limit')
	if (limit !== null) root.limit = parseNonNegativeInteger('limit', limit)
	const offset = query.get('offset')
	if (offset !== null) root.offset = parseNonNegativeInteger('offset', offset)
}

/** Runs `work` as the request's role with its claims, exactly as PostgREST sets up a transaction. */
export function asRole<T>(ctx: RestContext, req: RestRequest, auth: Auth, work: (tx: Sql) => Promise<T>) {
	return ctx.db.transaction(async (tx) => {
		await tx.query(
			`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
			        set_config('request.method', $3, true), set_config('request.path', $4, true),
			        set_config('search_path', 'public, extensions', true)`,
			[auth.role, JSON.stringify(auth.claims), req.method, `/${req.path.replace(/^\//, '')}`],
		)
		return work(tx)
	})
}

function rangeHeader(req: RestRequest) {
	const range = /^(\d+)-(\d*)$/.exec(String(req.headers.range ?? '').trim())
	if (!range) return undefined
	const start = Number(range[1])
	const end = range[2] === '' ? undefined : Number(range[2])
	return { offset: start, limit: end === undefined ? undefined : Math.max(0, end - start + 1) }
}

export class SingularMismatch extends Error {
	constructor(readonly rows: number) {
		super('singular mismatch')
	}
}

export function singularError(rows: number) {
	return new RestError(
		406,
		'PGRST116',
		'Cannot coerce the result to a single JSON object',
		`The result contains ${rows} rows`,
	).toReply()
}

export function contentRange(offset: number, rows: number, total: number | undefined) {
	const totalText = total === undefined ? '*' : String(total)
	return rows > 0 ? `${offset}-${offset + rows - 1}/${totalText}` : `*/${totalText}`
}

export function body(text: string, singular: boolean) {
	if (!singular) return text
	const rows = JSON.parse(text) as unknown[]
	return JSON.stringify(rows[0])
}

export function contentType(singular: boolean) {
	return singular ? `${singularType}; charset=utf-8` : jsonHeaders['Content-Type']
}

async function read(
	req: RestRequest,
	ctx: RestContext,
	auth: Auth,
	node: Node,
	prefer: Record<string, string>,
	singular: boolean,
): Promise<Reply> {
	const range = rangeHeader(req)
	if (range && node.limit === undefined && node.offset === undefined) {
		node.offset = range.offset
		node.limit = range.limit
	}
	capRows(node, ctx.maxRows)
	const wantsCount = prefer.count === 'exact' || prefer.count === 'planned' || prefer.count === 'estimated'
	const result = await asRole(ctx, req, auth, async (tx) => {
		const total = wantsCount
			? (await tx.query<{ total: number }>(countSql(node).sql, countSql(node).params)).rows[0]?.total
			: undefined
		const { sql, params } = readSql(node)
		const row = (await tx.query<{ body: string; rows: number }>(sql, params)).rows[0]
		return { text: row?.body ?? '[]', rows: row?.rows ?? 0, total }
	})
	const offset = node.offset ?? 0
	if (result.total !== undefined && offset > 0 && offset >= result.total && result.rows === 0) {
		return new RestError(
			416,
			'PGRST103',
			'Requested range not satisfiable',
			`An offset of ${offset} was requested, but there are only ${result.total} rows.`,
		).toReply({
			'Content-Range': `*/${result.total}`,
		})
	}
	if (singular && result.rows !== 1) return singularError(result.rows)
	const headers: Record<string, string> = {
		'Content-Type': contentType(singular),
		'Content-Range': contentRange(offset, result.rows, result.total),
	}
	if (wantsCount) headers['Preference-Applied'] = `count=${prefer.count}`
	const partial = result.total !== undefined && result.rows < result.total
	return { status: partial ? 206 : 200, headers, body: req.method === 'HEAD' ? undefined : body(result.text, singular) }
}
