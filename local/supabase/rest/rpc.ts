import type { Sql } from '../db'
import { RestError } from './errors'
import { quote, SqlParams } from './query'

type FunctionRow = {
	name: string
	arg_names: string[] | null
	arg_types: string[]
	default_count: number
	returns_set: boolean
}

/**
 * POST /rest/v1/rpc/<function> with named arguments in a JSON object, as
 * PostgREST calls it. The caller's role must have EXECUTE on the function. Arguments with a default may
 * be left out; the call then names only the given ones, as PostgREST's does. A set's first `maxRows`
 * rows are returned, as PostgREST's max-rows cuts a function's result like a table's.
 */
export async function callFunction(tx: Sql, name: string, body: unknown, maxRows: number) {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'RPC expects a JSON object of named arguments')
	}
	const args = body as Record<string, unknown>
	const found = await tx.query<FunctionRow>(
		`select p.proname as name, p.proargnames as arg_names,
		   array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
		   p.pronargdefaults as default_count, p.proretset as returns_set
		 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
		 where n.nspname = 'public' and p.proname = $1`,
		[name],
	)
	const fn = found.rows.find((row) => {
		const names = (row.arg_names ?? []).slice(0, row.arg_types.length)
		const required = names.slice(0, names.length - row.default_count)
		return Object.keys(args).every((key) => names.includes(key)) && required.every((arg) => arg in args)
	})
	if (!fn) {
		throw new RestError(
			404,
			'PGRST202',
			`Could not find the function public.${name}(${Object.keys(args).sort().join(', ')}) in the schema cache`,
		)
	}
	const params = new SqlParams()
	const given = (fn.arg_names ?? [])
		.slice(0, fn.arg_types.length)
		.map((arg, index) => ({ arg, type: fn.arg_types[index] ?? 'text' }))
		.filter(({ arg }) => arg in args)
	// As PostgREST reads a JSON body into arguments: json_to_record, so arrays and objects become
	// Postgres arrays and json values of the declared types.
	const record = given.map(({ arg, type }) => `${quote(arg)} ${type}`).join(', ')
	const source = given.length > 0 ? `json_to_record(${params.add(JSON.stringify(args))}::json) as _a(${record})` : ''
	const call = `public.${quote(fn.name)}(${given.map(({ arg }) => `${quote(arg)} => _a.${quote(arg)}`).join(', ')})`
	const sql = fn.returns_set
		? `select coalesce(json_agg(_l._r), '[]'::json)::text as body from (select _r from ${source ? `${source}, lateral ` : ''}${call} _r limit ${params.add(maxRows)}::bigint) _l`
		: `select to_json(${call})::text as body${source ? ` from ${source}` : ''}`
	const result = await tx.query<{ body: string | null }>(sql, params.values)
	return result.rows[0]?.body ?? 'null'
}
