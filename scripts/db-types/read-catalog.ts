import type { Database } from '../../local/supabase/db'
import {
	inputModes,
	type Argument,
	type ArgumentMode,
	type Catalog,
	type Column,
	type DbFunction,
	type DbType,
	type Relation,
	type Relationship,
} from './catalog'

const relationKinds = { r: 'table', p: 'table', f: 'foreign_table', v: 'view', m: 'materialized_view' } as const

/** Reads what the types are made of from the database's catalog. */
export async function readCatalog(db: Database, schema = 'public'): Promise<Catalog> {
	return {
		schema,
		relations: await readRelations(db, schema),
		columns: await readColumns(db, schema),
		relationships: await readRelationships(db, schema),
		functions: await readFunctions(db, schema),
		types: await readTypes(db),
	}
}

async function readRelations(db: Database, schema: string): Promise<Relation[]> {
	const { rows } = await db.query<Omit<Relation, 'kind'> & { kind: keyof typeof relationKinds }>(
		`select c.oid::int8 as id, c.relname as name, c.relkind as kind,
			c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
		from pg_class c join pg_namespace n on n.oid = c.relnamespace
		where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
		[schema],
	)
	return rows.map((row) => ({ ...row, kind: relationKinds[row.kind] }))
}

async function readColumns(db: Database, schema: string) {
	const { rows } = await db.query<Column>(
		`select c.oid::int8 as relation_id, a.attname as name, coalesce(bt.typname, t.typname) as type,
			not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
			a.atthasdef as has_default,
			case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity,
			c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
		from pg_attribute a
			join pg_class c on c.oid = a.attrelid
			join pg_namespace n on n.oid = c.relnamespace
			join pg_type t on t.oid = a.atttypid
			left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
		where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped`,
		[schema],
	)
	return rows
}

/**
 * Foreign keys between two relations of the schema (PostgREST embeds only those); one-to-one when the
 * referencing columns are exactly a primary key or unique constraint of their table.
 */
async function readRelationships(db: Database, schema: string) {
	const { rows } = await db.query<Relationship>(
		`with fk as (
			select con.conname, con.conrelid, con.confrelid,
				array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord)
					join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
				array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord)
					join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as referenced_columns
			from pg_constraint con
			where con.contype = 'f' and con.conparentid = 0
		)
		select fk.conname as name, tab.relname as relation, fk.columns, ref.relname as referenced_relation,
			fk.referenced_columns,
			exists (
				select 1 from pg_constraint u
				where u.conrelid = fk.conrelid and u.contype in ('p', 'u')
					and array(select a.attname from pg_attribute a
						where a.attrelid = u.conrelid and a.attnum = any (u.conkey) order by a.attnum) = fk.columns
			) as is_one_to_one
		from fk
			join pg_class tab on tab.oid = fk.conrelid
			join pg_namespace tn on tn.oid = tab.relnamespace
			join pg_class ref on ref.oid = fk.confrelid
			join pg_namespace rn on rn.oid = ref.relnamespace
		where tn.nspname = $1 and rn.nspname = $1`,
		[schema],
	)
	return rows
}

type RawArguments = { modes: string[]; names: string[]; type_ids: number[]; default_count: number }

/** Triggers are left out: they are not callable through the API. */
async function readFunctions(db: Database, schema: string): Promise<DbFunction[]> {
	const { rows } = await db.query<Omit<DbFunction, 'args'> & RawArguments>(
		`select p.proname as name,
			coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as modes,
			coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as names,
			coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as type_ids,
			p.pronargdefaults as default_count,
			pg_get_function_arguments(p.oid) as argument_types,
			pg_get_function_result(p.oid) as return_type,
			p.prorettype::int8 as return_type_id,
			nullif(rt.typrelid, 0)::int8 as return_relation_id,
			p.proretset as set_returning,
			case when p.proretset then nullif(p.prorows, 0)::float8 end as rows
		from pg_proc p
			join pg_namespace n on n.oid = p.pronamespace
			join pg_type rt on rt.oid = p.prorettype
		where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`,
		[schema],
	)
	return rows.map(({ modes, names, type_ids, default_count, ...fn }) => ({
		...fn,
		args: argumentsOf({ modes, names, type_ids, default_count }),
	}))
}

const argumentModes: Record<string, ArgumentMode> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' }

/** Defaults belong to the last input arguments. */
function argumentsOf({ modes, names, type_ids, default_count }: RawArguments): Argument[] {
	const inputs = modes.filter((mode) => inputModes.has(argumentModes[mode] ?? 'in')).length
	let input = 0
	return type_ids.map((type_id, i) => {
		const mode = argumentModes[modes[i] ?? 'i'] ?? 'in'
		const isInput = inputModes.has(mode)
		if (isInput) input += 1
		return { mode, name: names[i] ?? '', type_id, has_default: isInput && input > inputs - default_count }
	})
}

async function readTypes(db: Database) {
	const { rows } = await db.query<DbType>(
		`select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
			array(select e.enumlabel from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as enums,
			case when c.relkind = 'c' then coalesce((
				select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int8) order by a.attnum)
				from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
			), '[]') else '[]' end as attributes,
			nullif(t.typrelid, 0)::int8 as relation_id
		from pg_type t
			join pg_namespace n on n.oid = t.typnamespace
			left join pg_class c on c.oid = t.typrelid
		where t.typrelid = 0 or c.relkind in ('c', 'r', 'v', 'm', 'p')`,
	)
	return rows
}
