import type { IncomingHttpHeaders } from 'node:http'
import type { Database, Sql } from '../db'
import { jsonHeaders, notImplemented, type Reply } from '../http'
import { verifyJwt, type Claims } from '../jwt'
import { RestError, statusForSqlState } from './errors'
import { callFunction } from './rpc'
import { parseCondition, parseLogic, parseNonNegativeInteger, parseOrder, parseSelect, splitTopLevel } from './parse'
import {
	capRows,
	checkWritableColumns,
	countSql,
	findEmbed,
	planNode,
	quote,
	readSql,
	representationSql,
	SqlParams,
	tableOf,
	whereSql,
	type Node,
} from './query'
import type { SchemaCache } from './schema'

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

type Auth = { role: string; claims: Claims }

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
function asRole<T>(ctx: RestContext, req: RestRequest, auth: Auth, work: (tx: Sql) => Promise<T>) {
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

class SingularMismatch extends Error {
	constructor(readonly rows: number) {
		super('singular mismatch')
	}
}

function singularError(rows: number) {
	return new RestError(
		406,
		'PGRST116',
		'Cannot coerce the result to a single JSON object',
		`The result contains ${rows} rows`,
	).toReply()
}

function contentRange(offset: number, rows: number, total: number | undefined) {
	const totalText = total === undefined ? '*' : String(total)
	return rows > 0 ? `${offset}-${offset + rows - 1}/${totalText}` : `*/${totalText}`
}

function body(text: string, singular: boolean) {
	if (!singular) return text
	const rows = JSON.parse(text) as unknown[]
	return JSON.stringify(rows[0])
}

function contentType(singular: boolean) {
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

type Statement = {
	sql: (params: SqlParams) => string
	kind: 'insert' | 'update' | 'delete'
	applied: string[]
	/** A PATCH with an empty body changes nothing. */
	empty?: boolean
	/** An upsert merging duplicates counts the rows it inserted in `pgrst.inserted`: none answers 200, not 201. */
	countsInserted?: boolean
}

function parseJsonBody(req: RestRequest): unknown {
	if (req.body.trim() === '') return {}
	try {
		return JSON.parse(req.body) as unknown
	} catch (error) {
		throw new RestError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null)
	}
}

/**
 * PostgREST's count of an upsert's inserts (addConfigPgrstInserted): one up for each payload row, one down
 * for each that met a duplicate and was merged into it. Both conditions are always true.
 */
const countInserted = (add: boolean) =>
	`set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`

function insertStatement(node: Node, req: RestRequest, prefer: Record<string, string>): Statement {
	const parsed = parseJsonBody(req)
	const rows = Array.isArray(parsed) ? parsed : [parsed]
	if (!rows.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))) {
		throw new RestError(
			400,
			'PGRST102',
			'All object keys must match',
			'The request body must be a JSON object or an array of objects',
		)
	}
	const objects = rows as Record<string, unknown>[]
	const columnsParam = req.query.get('columns')
	const columns = columnsParam
		? splitTopLevel(columnsParam).map((column) => column.trim().replace(/^"|"$/g, ''))
		: Object.keys(objects[0] ?? {})
	checkWritableColumns(node.table, columns)
	const table = `public.${quote(node.table.name)}`
	const applied: string[] = []
	const resolution =
		prefer.resolution === 'merge-duplicates' || prefer.resolution === 'ignore-duplicates'
			? prefer.resolution
			: undefined
	const merging = resolution === 'merge-duplicates'
	const target =
		req.query
			.get('on_conflict')
			?.split(',')
			.map((column) => column.trim()) ?? node.table.primaryKey
	let conflict = ''
	// With neither a primary key nor on_conflict there is nothing to conflict on: PostgREST inserts and does not
	// say it applied the resolution.
	if (resolution && target.length > 0) {
		checkWritableColumns(node.table, target)
		// PostgREST sets every column of the payload, the conflict columns included.
		const sets = columns.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ')
		conflict =
			resolution === 'ignore-duplicates' || columns.length === 0
				? ` on conflict (${target.map(quote).join(', ')}) do nothing`
				: ` on conflict (${target.map(quote).join(', ')}) do update set ${sets}${merging ? ` where ${countInserted(false)}` : ''}`
		applied.push(`resolution=${resolution}`)
	}
	const counted = merging ? ` where ${countInserted(true)}` : ''
	return {
		kind: 'insert',
		applied,
		countsInserted: merging,
		sql: (params) => {
			const payload = `(${params.add(JSON.stringify(objects))}::text)::json`
			// No keys (`{}`, `[{}, {}]`, `[]`): a row of defaults for each object, as PostgREST inserts them.
			const source =
				columns.length === 0
					? `select from json_array_elements(${payload}) _b`
					: `select ${columns.map(quote).join(', ')} from json_populate_recordset(null::${table}, ${payload}) _b`
			const into = columns.length === 0 ? '' : ` (${columns.map(quote).join(', ')})`
			return `insert into ${table} as ${quote(node.alias)}${into} ${source}${counted}${conflict}`
		},
	}
}

function updateStatement(node: Node, req: RestRequest): Statement {
	const parsed = parseJsonBody(req)
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH expects a JSON object')
	}
	const columns = Object.keys(parsed)
	checkWritableColumns(node.table, columns)
	const table = `public.${quote(node.table.name)}`
	return {
		kind: 'update',
		applied: [],
		empty: columns.length === 0,
		sql: (params) => {
			const source = `(select * from json_populate_record(null::${table}, (${params.add(JSON.stringify(parsed))}::text)::json)) _b`
			const sets = columns.map((column) => `${quote(column)} = _b.${quote(column)}`).join(', ')
			return `update ${table} as ${quote(node.alias)} set ${sets} from ${source}${whereSql(params, node)}`
		},
	}
}

function deleteStatement(node: Node): Statement {
	return {
		kind: 'delete',
		applied: [],
		sql: (params) => `delete from public.${quote(node.table.name)} as ${quote(node.alias)}${whereSql(params, node)}`,
	}
}

async function insertedCount(tx: Sql) {
	const found = await tx.query<{ inserted: number | null }>(
		`select nullif(current_setting('pgrst.inserted', true), '')::int as inserted`,
	)
	return found.rows[0]?.inserted ?? 0
}

async function write(
	req: RestRequest,
	ctx: RestContext,
	auth: Auth,
	node: Node,
	prefer: Record<string, string>,
	singular: boolean,
	statement: Statement,
): Promise<Reply> {
	if (statement.empty) return { status: 204, headers: { 'Content-Range': '*/*' } }
	const representation = prefer.return === 'representation'
	const applied = [...statement.applied]
	if (prefer.return === 'representation' || prefer.return === 'minimal') applied.push(`return=${prefer.return}`)
	try {
		const result = await asRole(ctx, req, auth, async (tx) => {
			const params = new SqlParams()
			const mutation = statement.sql(params)
			let outcome: { text?: string; rows: number; inserted?: number }
			if (representation) {
				const sql = `with pgrst_source as (${mutation} returning ${quote(node.alias)}.*) ${representationSql(params, node)}`
				const row = (await tx.query<{ body: string; rows: number }>(sql, params.values)).rows[0]
				outcome = { text: row?.body ?? '[]', rows: row?.rows ?? 0 }
			} else {
				const done = await tx.query(mutation, params.values)
				outcome = { rows: done.rowCount ?? 0 }
			}
			// A singular request that does not affect exactly one row changes nothing.
			if (singular && outcome.rows !== 1) throw new SingularMismatch(outcome.rows)
			if (statement.countsInserted) outcome.inserted = await insertedCount(tx)
			return outcome
		})
		const headers: Record<string, string> = {
			'Content-Range': statement.kind === 'insert' && !representation ? '*/*' : contentRange(0, result.rows, undefined),
		}
		if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ')
		// Response.hs: an insert is 201, unless it merged duplicates and inserted nothing (`isInsertIfGTZero`).
		const insertStatus = result.inserted !== undefined && result.inserted <= 0 ? 200 : 201
		if (!representation || result.text === undefined) {
			return { status: statement.kind === 'insert' ? insertStatus : 204, headers }
		}
		return {
			status: statement.kind === 'insert' ? insertStatus : 200,
			headers: { ...headers, 'Content-Type': contentType(singular) },
			body: body(result.text, singular),
		}
	} catch (error) {
		if (error instanceof SingularMismatch) return singularError(error.rows)
		throw error
	}
}
