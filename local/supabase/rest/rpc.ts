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
 * be left out; the call then names only the given ones, as PostgREST's does.
 */
export async function callFunction(tx: Sql, name: string, body: unknown) {
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
	const names = (fn.arg_names ?? []).slice(0, fn.arg_types.length)
	const call = names
		.map((arg, index) => [arg, index] as const)
		.filter(([arg]) => arg in args)
		.map(([arg, index]) => {
			const value = args[arg]
			const text =
				value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value)
			return `${quote(arg)} => (${params.add(text)}::text)::${fn.arg_types[index] ?? 'text'}`
		})
		.join(', ')
	const sql = fn.returns_set
		? `select coalesce(json_agg(_r), '[]'::json)::text as body from public.${quote(fn.name)}(${call}) _r`
		: `select to_json(public.${quote(fn.name)}(${call}))::text as body`
	const result = await tx.query<{ body: string | null }>(sql, params.values)
	return result.rows[0]?.body ?? 'null'
}
