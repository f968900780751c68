import type { Sql } from '../db'
import type { Reply } from '../http'
import { RestError } from './errors'
import { splitTopLevel } from './parse'
import { checkWritableColumns, quote, representationSql, SqlParams, whereSql, type Node } from './query'
import {
	SingularMismatch,
	asRole,
	body,
	contentRange,
	contentType,
	singularError,
	type Auth,
	type RestContext,
	type RestRequest,
} from './handler'

type Statement = {
	sql: (params: SqlParams) => string
	kind: 'insert' | 'update' | 'delete'
	applied: string[]
	/** A PATCH with an empty body changes nothing. */
	empty?: boolean
	/** An upsert merging duplicates counts the rows it inserted in `pgrst.inserted`: none answers 200, not 201. */
	countsInserted?: boolean
}

export function parseJsonBody(req: RestRequest): unknown {
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

export function insertStatement(node: Node, req: RestRequest, prefer: Record<string, string>): Statement {
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

export function updateStatement(node: Node, req: RestRequest): Statement {
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

export function deleteStatement(node: Node): Statement {
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

export async function write(
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
