// `npm run db:types`: TypeScript types of the `public` schema, read from the catalog of a database built
// from supabase/migrations on a temporary local PostgreSQL server, in the shape `supabase gen types typescript` gives
// (postgres-meta's TypeScript template, with one-to-one relationship detection as the CLI turns on): the
// `Database` type, the `Tables`/`TablesInsert`/`TablesUpdate`/`Enums`/`CompositeTypes` helpers and
// `Constants`. Every Supabase client is typed with it. The output is committed and printed in the
// repository's style; tests/unit/database-types.test.ts fails when it no longer matches the migrations.
// Not covered (no view exists yet): relationships of views, which PostgREST infers from view definitions.
import { writeFile } from 'node:fs/promises'
import * as prettier from 'prettier'
import { pathToFileURL } from 'node:url'
import { startPostgres } from '../local/postgres'
import { buildDatabase, connectDatabase, type Database } from '../local/supabase/db'

export const outputFile = 'app/lib/database.types.ts'

type Column = {
	relation_id: number
	name: string
	/** The column's type name, or its domain's base type name. */
	type: string
	nullable: boolean
	has_default: boolean
	identity: 'ALWAYS' | 'BY DEFAULT' | null
	updatable: boolean
}

type Relation = {
	id: number
	name: string
	kind: 'table' | 'view' | 'materialized_view' | 'foreign_table'
	updatable: boolean
}

type Relationship = {
	name: string
	relation: string
	columns: string[]
	is_one_to_one: boolean
	referenced_relation: string
	referenced_columns: string[]
}

type ArgumentMode = 'in' | 'out' | 'inout' | 'variadic' | 'table'
type Argument = { mode: ArgumentMode; name: string; type_id: number; has_default: boolean }

type DbFunction = {
	name: string
	args: Argument[]
	/** `pg_get_function_arguments`: a computed field's is its table's name. */
	argument_types: string
	return_type: string
	return_type_id: number
	return_relation_id: number | null
	set_returning: boolean
	/** The planner's row estimate of a set-returning function. */
	rows: number | null
}

type DbType = {
	id: number
	name: string
	schema: string
	format: string
	enums: string[]
	attributes: { name: string; type_id: number }[]
	relation_id: number | null
}

export type Catalog = {
	schema: string
	relations: Relation[]
	columns: Column[]
	relationships: Relationship[]
	functions: DbFunction[]
	/** Every type of every schema: columns and arguments may use types defined elsewhere. */
	types: DbType[]
}

const relationKinds = { r: 'table', p: 'table', f: 'foreign_table', v: 'view', m: 'materialized_view' } as const

/** Reads what the types are made of from the database's catalog. */
export async function readCatalog(db: Database, schema = 'public'): Promise<Catalog> {
	const relations = await db.query<Omit<Relation, 'kind'> & { kind: keyof typeof relationKinds }>(
		`select c.oid::int8 as id, c.relname as name, c.relkind as kind,
			c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
		from pg_class c join pg_namespace n on n.oid = c.relnamespace
		where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
		[schema],
	)
	const columns = await db.query<Column>(
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
	// Foreign keys between two relations of the schema (PostgREST embeds only those); one-to-one when the
	// referencing columns are exactly a primary key or unique constraint of their table.
	const relationships = await db.query<Relationship>(
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
	// Triggers are not callable through the API.
	const functions = await db.query<Omit<DbFunction, 'args'> & RawArguments>(
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
	const types = await db.query<DbType>(
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
	return {
		schema,
		relations: relations.rows.map((row) => ({ ...row, kind: relationKinds[row.kind] })),
		columns: columns.rows,
		relationships: relationships.rows,
		functions: functions.rows.map(({ modes, names, type_ids, default_count, ...fn }) => ({
			...fn,
			args: argumentsOf({ modes, names, type_ids, default_count }),
		})),
		types: types.rows,
	}
}

type RawArguments = { modes: string[]; names: string[]; type_ids: number[]; default_count: number }

const argumentModes: Record<string, ArgumentMode> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' }
const inputModes = new Set<ArgumentMode>(['in', 'inout', 'variadic'])

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

// Rendering ----------------------------------------------------------------------------------------

/** A type expression: text, or a structure printed over several lines. */
type Ts = string | { object: Member[] } | { tuple: Ts[] } | { arrayOf: Ts } | { union: Ts[] }

type Member = { key: string; optional?: boolean; type: Ts }

/** How the CLI writes a section with nothing in it. */
const noMembers: Member[] = [{ key: '[_ in never]', type: 'never' }]

/** The key as TypeScript needs it: bare when it is an identifier. */
const keyOf = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name))

function quote(text: string) {
	return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
}

const member = (name: string, type: Ts, optional = false): Member => ({ key: keyOf(name), type, optional })

function print(type: Ts, indent: string): string {
	if (typeof type === 'string') return type
	if ('object' in type) {
		if (type.object.length === 0) return '{}'
		const inner = `${indent}\t`
		const line = (m: Member) => {
			const value = print(m.type, inner)
			return `${inner}${m.key}${m.optional ? '?' : ''}:${value.startsWith('\n') ? '' : ' '}${value}\n`
		}
		return `{\n${type.object.map(line).join('')}${indent}}`
	}
	if ('tuple' in type) {
		if (type.tuple.every((item) => typeof item === 'string')) return `[${type.tuple.join(', ')}]`
		const inner = `${indent}\t`
		return `[\n${type.tuple.map((item) => `${inner}${print(item, inner)},\n`).join('')}${indent}]`
	}
	if ('arrayOf' in type) {
		const element = print(type.arrayOf, indent)
		return typeof type.arrayOf === 'string' && /[|&]/.test(element) ? `(${element})[]` : `${element}[]`
	}
	// Overloads: one object per line, each behind its `|`.
	if (type.union.filter((option) => typeof option !== 'string').length > 1) {
		const inner = `${indent}\t`
		return type.union.map((option) => `\n${inner}| ${print(option, inner)}`).join('')
	}
	return type.union.map((option) => print(option, indent)).join(' | ')
}

/** `unknown` already takes null. */
const nullable = (type: Ts, isNullable: boolean): Ts =>
	isNullable && type !== 'unknown' ? { union: [type, 'null'] } : type

const collator = new Intl.Collator('en')
const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name)

// The argument types PostgREST accepts for a function's single unnamed argument: json, jsonb and text.
const unnamedArgumentTypes = new Set([114, 3802, 25])

export function renderDatabaseTypes(catalog: Catalog) {
	const { schema } = catalog
	const typesById = new Map(catalog.types.map((type) => [type.id, type]))
	const relationTypes = new Map(
		catalog.types.filter((type) => type.relation_id !== null).map((type) => [type.id, type]),
	)
	const relations = [...catalog.relations].sort(byName)
	const relationNames = new Map(relations.map((relation) => [relation.id, relation.name]))
	const columnsOf = (relation: Relation) =>
		catalog.columns.filter((column) => column.relation_id === relation.id).sort(byName)
	const enums = catalog.types.filter((type) => type.schema === schema && type.enums.length > 0).sort(byName)
	const compositeTypes = catalog.types
		.filter((type) => type.schema === schema && type.attributes.length > 0)
		.sort(byName)

	/** By name, as the CLI does: enums, composite types, tables and views of the schema first. */
	function tsType(pgType: string): string {
		if (pgType === 'bool') return 'boolean'
		if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number'
		if (
			[
				'bytea',
				'bpchar',
				'varchar',
				'date',
				'text',
				'citext',
				'time',
				'timetz',
				'timestamp',
				'timestamptz',
				'uuid',
				'vector',
				'interval',
			].includes(pgType)
		) {
			return 'string'
		}
		if (pgType === 'json' || pgType === 'jsonb') return 'Json'
		if (pgType === 'void') return 'undefined'
		if (pgType === 'record') return 'Record<string, unknown>'
		if (pgType.startsWith('_')) return print({ arrayOf: tsType(pgType.slice(1)) }, '')
		const named = (candidates: DbType[]) => candidates.find((type) => type.schema === schema) ?? candidates[0]
		const enumType = named(catalog.types.filter((type) => type.name === pgType && type.enums.length > 0))
		if (enumType) {
			return enumType.schema === schema
				? `Database[${quote(schema)}]['Enums'][${quote(enumType.name)}]`
				: enumType.enums.map(quote).join(' | ')
		}
		const compositeType = named(catalog.types.filter((type) => type.name === pgType && type.attributes.length > 0))
		if (compositeType)
			return compositeType.schema === schema
				? `Database[${quote(schema)}]['CompositeTypes'][${quote(compositeType.name)}]`
				: 'unknown'
		const relation = relations.find(
			(candidate) => candidate.name === pgType && (candidate.kind === 'table' || candidate.kind === 'view'),
		)
		if (relation)
			return `Database[${quote(schema)}][${relation.kind === 'table' ? "'Tables'" : "'Views'"}][${quote(relation.name)}]['Row']`
		return 'unknown'
	}

	const tsTypeOfId = (id: number) => {
		const type = typesById.get(id)
		return type ? tsType(type.name) : 'unknown'
	}

	const columnMembers = (
		columns: Column[],
		shape: (column: Column) => { nullable: boolean; optional: boolean } | 'never',
	) =>
		columns.map((column) => {
			const how = shape(column)
			return how === 'never'
				? member(column.name, 'never', true)
				: member(column.name, nullable(tsType(column.type), how.nullable), how.optional)
		})

	/** The relation a function's rows come from: one of the schema, or any relation's row type by its name. */
	const returnedRelation = (fn: DbFunction) => {
		if (fn.return_relation_id === null) return null
		return relationNames.get(fn.return_relation_id) ?? relationTypes.get(fn.return_type_id)?.name ?? null
	}

	const returnsManyRows = (fn: DbFunction) => fn.rows !== null && fn.rows > 1

	const inputsOf = (fn: DbFunction) => [...fn.args].sort(byName).filter((arg) => inputModes.has(arg.mode))

	/** Functions PostgREST can call: named arguments, or one unnamed json/jsonb/text or row argument. */
	function isCallable(fn: DbFunction) {
		const inputs = inputsOf(fn)
		const only = inputs.length === 1 ? inputs[0] : undefined
		return (
			inputs.every((arg) => arg.name !== '') ||
			inputs.every((arg) => arg.name !== '' || (arg.has_default && unnamedArgumentTypes.has(arg.type_id))) ||
			(only !== undefined && (unnamedArgumentTypes.has(only.type_id) || relationTypes.has(only.type_id)))
		)
	}
	const functions = catalog.functions.filter(isCallable).sort(byName)

	function returnType(fn: DbFunction): Ts {
		const columnsReturned = [...fn.args].sort(byName).filter((arg) => arg.mode === 'table')
		if (columnsReturned.length > 0)
			return { object: columnsReturned.map((arg) => member(arg.name, tsTypeOfId(arg.type_id))) }
		const relation = relations.find((candidate) => candidate.id === fn.return_relation_id)
		if (relation)
			return {
				object: columnMembers(columnsOf(relation), (column) => ({ nullable: column.nullable, optional: false })),
			}
		return tsTypeOfId(fn.return_type_id)
	}

	/**
	 * What `rpc()` and embedding need to know about a function returning rows of a relation: `from` is the
	 * relation whose row it takes when it takes exactly one (it can then be embedded in that relation).
	 */
	function setofOptions(fn: DbFunction): Member | null {
		const to = returnedRelation(fn)
		if (!to) return null
		const source = fn.args.length === 1 ? relationTypes.get(fn.args[0]?.type_id ?? 0) : undefined
		return member('SetofOptions', {
			object: [
				member('from', source ? quote(source.format) : "'*'"),
				member('to', quote(to)),
				member('isOneToOne', String(!returnsManyRows(fn))),
				member('isSetofReturn', String(fn.set_returning)),
			],
		})
	}

	/** An overload PostgREST cannot choose, or a row argument it cannot match, as the CLI reports it. */
	function callError(fn: DbFunction, overloads: DbFunction[]) {
		const inputs = inputsOf(fn)
		const qualified = `${schema}.${fn.name}`
		if (overloads.length > 1 && inputs.length === 0) {
			const rival = overloads.find(
				(other) =>
					other !== fn &&
					inputsOf(other).length === 1 &&
					inputsOf(other)[0]?.name === '' &&
					inputsOf(other)[0]?.has_default,
			)
			if (rival) {
				const rivalType = typesById.get(rival.return_type_id)?.name ?? 'unknown'
				return `Could not choose the best candidate function between: ${qualified}(), ${qualified}( => ${rivalType}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`
			}
		}
		const only = inputs.length === 1 ? inputs[0] : undefined
		if (overloads.length > 1 && only && only.name !== '') {
			const rivals = overloads.filter((other) => {
				const otherInputs = inputsOf(other)
				return (
					other !== fn &&
					otherInputs.length === 1 &&
					otherInputs[0]?.name === only.name &&
					otherInputs[0]?.type_id !== only.type_id
				)
			})
			if (rivals.length > 0) {
				const signatures = [fn, ...rivals]
					.sort((a, b) => (inputsOf(a)[0]?.type_id ?? 0) - (inputsOf(b)[0]?.type_id ?? 0))
					.map(
						(f) =>
							`${qualified}(${inputsOf(f)
								.map((arg) => `${arg.name} => ${typesById.get(arg.type_id)?.name ?? 'unknown'}`)
								.join(', ')})`,
					)
				return `Could not choose the best candidate function between: ${signatures.join(', ')}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`
			}
		}
		if (only && only.name === '' && relationTypes.has(only.type_id) && !returnedRelation(fn)) {
			return `the function ${qualified} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`
		}
		return null
	}

	function signature(fn: DbFunction, overloads: DbFunction[]): Ts {
		const inputs = inputsOf(fn)
		const args: Ts =
			inputs.length === 0
				? 'never'
				: { object: inputs.map((arg) => member(arg.name, tsTypeOfId(arg.type_id), arg.has_default)) }
		const error = callError(fn, overloads)
		// A relation's rows estimated at one are typed as one row: postgrest-js reads SetofOptions to give the array back.
		const collapsesToOneRow = returnedRelation(fn) !== null && !returnsManyRows(fn)
		const returns: Ts = error
			? `{ error: true } & ${quote(error)}`
			: fn.set_returning && !collapsesToOneRow
				? { arrayOf: returnType(fn) }
				: returnType(fn)
		const options = setofOptions(fn)
		return { object: [member('Args', args), member('Returns', returns), ...(options ? [options] : [])] }
	}

	const functionsByName = new Map<string, DbFunction[]>()
	for (const fn of functions) functionsByName.set(fn.name, [...(functionsByName.get(fn.name) ?? []), fn])
	const functionMembers = [...functionsByName].map(([name, overloads]) => {
		const ordered = [...overloads].sort(
			(a, b) => collator.compare(a.argument_types, b.argument_types) || collator.compare(a.return_type, b.return_type),
		)
		const signatures = ordered.map((fn) => signature(fn, ordered))
		return member(name, signatures.length === 1 ? (signatures[0] ?? 'never') : { union: signatures })
	})

	/** A function taking one row of the relation is a computed column of it. */
	const computedFields = (relation: Relation) =>
		functions
			.filter((fn) => fn.argument_types === relation.name)
			.map((fn) => member(fn.name, nullable(returnType(fn), true)))

	const relationshipsOf = (relation: Relation): Ts => ({
		tuple: catalog.relationships
			.filter((relationship) => relationship.relation === relation.name)
			.sort(
				(a, b) =>
					collator.compare(a.name, b.name) ||
					collator.compare(a.referenced_relation, b.referenced_relation) ||
					collator.compare(JSON.stringify(a.referenced_columns), JSON.stringify(b.referenced_columns)),
			)
			.map((relationship) => ({
				object: [
					member('foreignKeyName', quote(relationship.name)),
					member('columns', { tuple: relationship.columns.map(quote) }),
					member('isOneToOne', String(relationship.is_one_to_one)),
					member('referencedRelation', quote(relationship.referenced_relation)),
					member('referencedColumns', { tuple: relationship.referenced_columns.map(quote) }),
				],
			})),
	})

	const tableMembers = relations
		.filter((relation) => relation.kind === 'table' || relation.kind === 'foreign_table')
		.map((table) => {
			const columns = columnsOf(table)
			const writable = (optional: (column: Column) => boolean) =>
				columnMembers(columns, (column) =>
					column.identity === 'ALWAYS' ? 'never' : { nullable: column.nullable, optional: optional(column) },
				)
			return member(table.name, {
				object: [
					member('Row', {
						object: [
							...columnMembers(columns, (column) => ({ nullable: column.nullable, optional: false })),
							...computedFields(table),
						],
					}),
					member('Insert', {
						object: writable((column) => column.nullable || column.identity !== null || column.has_default),
					}),
					member('Update', { object: writable(() => true) }),
					member('Relationships', relationshipsOf(table)),
				],
			})
		})

	const viewMembers = relations
		.filter((relation) => relation.kind === 'view' || relation.kind === 'materialized_view')
		.map((view) => {
			const columns = columnsOf(view)
			const writable = () =>
				columnMembers(columns, (column) => (column.updatable ? { nullable: true, optional: true } : 'never'))
			return member(view.name, {
				object: [
					member('Row', {
						object: [
							...columnMembers(columns, (column) => ({ nullable: column.nullable, optional: false })),
							...computedFields(view),
						],
					}),
					...(view.updatable
						? [member('Insert', { object: writable() }), member('Update', { object: writable() })]
						: []),
					member('Relationships', relationshipsOf(view)),
				],
			})
		})

	const enumMembers = enums.map((type) => member(type.name, type.enums.map(quote).join(' | ')))
	const compositeMembers = compositeTypes.map((type) =>
		member(type.name, {
			object: type.attributes.map((attribute) => member(attribute.name, nullable(tsTypeOfId(attribute.type_id), true))),
		}),
	)
	const orNever = (members: Member[]) => ({ object: members.length > 0 ? members : noMembers })

	const database = print(
		{
			object: [
				member(schema, {
					object: [
						member('Tables', orNever(tableMembers)),
						member('Views', orNever(viewMembers)),
						member('Functions', orNever(functionMembers)),
						member('Enums', orNever(enumMembers)),
						member('CompositeTypes', orNever(compositeMembers)),
					],
				}),
			],
		},
		'',
	)
	const constants = enums.map((type) => `\t\t\t${keyOf(type.name)}: [${type.enums.map(quote).join(', ')}],\n`).join('')

	return `// Generated by \`npm run db:types\` from supabase/migrations: do not edit by hand.

export type Json =
	| string
	| number
	| boolean
	| null
	| { [key: string]: Json | undefined }
	| Json[]

export type Database = ${database}

${helperTypes(schema)}
export const Constants = {
	${keyOf(schema)}: {
		Enums: {${constants ? `\n${constants}\t\t` : ''}},
	},
} as const
`
}

/** The CLI's helpers: a table's, view's or enum's type by name, in the default schema or another. */
function helperTypes(defaultSchema: string) {
	return `type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${quote(defaultSchema)}>]

export type Tables<
	DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
	TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
				DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
		: never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
			DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends { Row: infer R }
		? R
		: never
	: DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
		? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends { Row: infer R }
			? R
			: never
		: never

export type TablesInsert<
	DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
	TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
		: never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends { Insert: infer I }
		? I
		: never
	: DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
		? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
			? I
			: never
		: never

export type TablesUpdate<
	DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
	TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
		: never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends { Update: infer U }
		? U
		: never
	: DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
		? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
			? U
			: never
		: never

export type Enums<
	DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
	EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
		: never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
	: DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
		? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
		: never

export type CompositeTypes<
	PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
	CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
		? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
		: never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
	? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
	: PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
		? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
		: never
`
}

/**
 * The types of the schema the migrations make, read from a database built from them. Seeded, as the
 * database `supabase gen types --local` reads is: the seed adds rows only. A temporary server is started
 * for it unless `url` names a server that holds such a database.
 */
export async function generateDatabaseTypes(url?: string) {
	const server = url ? undefined : await startPostgres()
	try {
		let databaseUrl = url
		if (server) {
			await buildDatabase(server.url, { name: 'types' })
			databaseUrl = server.url('types')
		}
		const db = connectDatabase(databaseUrl ?? '')
		try {
			return await formatted(renderDatabaseTypes(await readCatalog(db)))
		} finally {
			await db.close()
		}
	} finally {
		await server?.stop()
	}
}

/** In the repository's own style, as `npm run lint` checks it, so a formatter run never makes the file stale. */
async function formatted(source: string) {
	const options = await prettier.resolveConfig(outputFile)
	return prettier.format(source, { ...options, filepath: outputFile })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	await writeFile(outputFile, await generateDatabaseTypes())
	console.info(`${outputFile} written from supabase/migrations`)
}
