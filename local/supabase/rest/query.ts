import { RestError } from './errors'
import type { Filter, Order, SelectItem } from './parse'
import type { Column, ForeignKey, SchemaCache, Table } from './schema'

/** Identifiers are always quoted; values are always parameters. */
export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`

export class SqlParams {
	readonly values: unknown[] = []
	add(value: unknown) {
		this.values.push(value)
		return `$${this.values.length}`
	}
}

type Relation =
	| { kind: 'to-one'; fk: ForeignKey }
	| { kind: 'to-many'; fk: ForeignKey }
	| { kind: 'many-to-many'; junction: Table; toParent: ForeignKey; toChild: ForeignKey }

export type Node = {
	table: Table
	alias: string
	select: SelectItem[]
	filters: Filter[]
	order: Order[]
	limit?: number
	offset?: number
	embeds: Embed[]
}

type Embed = Node & { key: string; relation: Relation; inner: boolean; path: string }

export function missingColumn(table: Table, column: string) {
	return new RestError(400, '42703', `column ${table.name}.${column} does not exist`)
}

function columnOf(table: Table, name: string): Column {
	const column = table.columns.get(name)
	if (!column) throw missingColumn(table, name)
	return column
}

export function tableOf(cache: SchemaCache, name: string): Table {
	const table = cache.tables.get(name)
	if (!table) {
		throw new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`)
	}
	return table
}

function resolveRelation(cache: SchemaCache, parent: Table, name: string, hint: string | undefined) {
	const notFound = new RestError(
		400,
		'PGRST200',
		`Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
		`Searched for a foreign key relationship between '${parent.name}' and '${name}' in the schema 'public', but no matches were found.`,
	)
	const target = cache.tables.get(name)
	if (!target) throw notFound
	const candidates: Relation[] = []
	for (const fk of cache.foreignKeys) {
		if (fk.table === parent.name && fk.refTable === target.name) candidates.push({ kind: 'to-one', fk })
		if (fk.table === target.name && fk.refTable === parent.name && target !== parent)
			candidates.push({ kind: 'to-many', fk })
	}
	for (const junction of cache.tables.values()) {
		if (junction === parent || junction === target) continue
		const toParent = cache.foreignKeys.filter((fk) => fk.table === junction.name && fk.refTable === parent.name)
		const toChild = cache.foreignKeys.filter((fk) => fk.table === junction.name && fk.refTable === target.name)
		for (const a of toParent) {
			for (const b of toChild) {
				// PostgREST only treats a table as a junction when both keys are part of its primary key.
				const keyColumns = new Set(junction.primaryKey)
				if ([...a.columns, ...b.columns].every((column) => keyColumns.has(column))) {
					candidates.push({ kind: 'many-to-many', junction, toParent: a, toChild: b })
				}
			}
		}
	}
	const matching = hint
		? candidates.filter((relation) =>
				relation.kind === 'many-to-many'
					? relation.junction.name === hint || relation.toChild.name === hint
					: relation.fk.name === hint || relation.fk.columns.includes(hint),
			)
		: candidates
	if (matching.length === 0) throw notFound
	if (matching.length > 1) {
		throw new RestError(
			300,
			'PGRST201',
			`Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
			null,
			`Try changing '${name}' to one of the relationships with a hint (${name}!<constraint>)`,
		)
	}
	return { relation: matching[0] as Relation, target }
}

/** Builds the tree of tables a `select` reaches, checking every column and relationship. */
export function planNode(cache: SchemaCache, table: Table, select: SelectItem[], depth = 0, path = ''): Node {
	const alias = `t${depth}`
	const embeds: Embed[] = []
	for (const item of select) {
		if (item.kind === 'column') columnOf(table, item.name)
		if (item.kind !== 'embed') continue
		const { relation, target } = resolveRelation(cache, table, item.name, item.hint)
		const key = item.alias ?? item.name
		const childPath = path ? `${path}.${key}` : key
		const child = planNode(
			cache,
			target,
			item.select.length > 0 ? item.select : [{ kind: 'star' }],
			depth + 1,
			childPath,
		)
		embeds.push({ ...child, alias: `${alias}_${embeds.length}`, key, relation, inner: item.inner, path: childPath })
	}
	return { table, alias, select, filters: [], order: [], embeds }
}

/** Finds the embedded node a filter key like `blog_tags.name` refers to. */
export function findEmbed(node: Node, path: string[]): Node | undefined {
	if (path.length === 0) return node
	const [head, ...rest] = path
	const child = node.embeds.find((embed) => embed.key === head)
	return child ? findEmbed(child, rest) : undefined
}

function castValue(params: SqlParams, value: string, column: Pick<Column, 'type'>) {
	return `(${params.add(value)}::text)::${column.type}`
}

/**
 * What a filter compares: a column, or a path into a json column as PostgREST writes it
 * (`data->>email`, `data->address->>city`): `->` keeps json, `->>` gives text.
 */
function filterTarget(params: SqlParams, node: Node, name: string) {
	const [columnName = '', ...steps] = name.split(/(?=->)/)
	const column = columnOf(node.table, columnName)
	let ref = `${quote(node.alias)}.${quote(column.name)}`
	let type = column.type
	for (const step of steps) {
		const [, arrow = '', key = ''] = /^(->>?)(.+)$/.exec(step) ?? []
		if (!key) throw missingColumn(node.table, name)
		// As Postgres answers an arrow on a column that is not json (PostgREST: 404).
		if (!['json', 'jsonb'].includes(type))
			throw new RestError(404, '42883', `operator does not exist: ${type} ${arrow} unknown`)
		ref = `(${ref} ${arrow} ${/^-?\d+$/.test(key) ? Number(key) : `${params.add(key)}::text`})`
		type = arrow === '->>' ? 'text' : type
	}
	return { ref, column: { type } }
}

function conditionSql(params: SqlParams, node: Node, filter: Filter): string {
	if (filter.kind === 'logic') {
		const parts = filter.children.map((child) => conditionSql(params, node, child))
		const joined = parts.length === 0 ? 'true' : `(${parts.join(filter.op === 'and' ? ' and ' : ' or ')})`
		return filter.negate ? `not ${joined}` : joined
	}
	const { ref, column } = filterTarget(params, node, filter.column)
	let sql: string
	switch (filter.op) {
		case 'eq':
		case 'neq':
		case 'gt':
		case 'gte':
		case 'lt':
		case 'lte': {
			const symbol = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[filter.op]
			sql = `${ref} ${symbol} ${castValue(params, String(filter.value), column)}`
			break
		}
		case 'like':
		case 'ilike':
			sql = `${ref} ${filter.op} ${params.add(String(filter.value).replace(/\*/g, '%'))}::text`
			break
		case 'in': {
			const values = Array.isArray(filter.value) ? filter.value : [filter.value]
			sql =
				values.length === 0
					? 'false'
					: `${ref} in (${values.map((value) => castValue(params, value, column)).join(', ')})`
			break
		}
		case 'is': {
			const keyword = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[
				String(filter.value)
			]
			sql = `${ref} is ${keyword}`
			break
		}
	}
	return filter.negate ? `not (${sql})` : sql
}

function joinCondition(embed: Embed, parentAlias: string) {
	const child = quote(embed.alias)
	const parent = quote(parentAlias)
	const pairs = (left: string[], right: string[], leftAlias: string, rightAlias: string) =>
		left.map((column, i) => `${leftAlias}.${quote(column)} = ${rightAlias}.${quote(right[i] ?? '')}`).join(' and ')
	switch (embed.relation.kind) {
		case 'to-one':
			return { from: '', where: pairs(embed.relation.fk.refColumns, embed.relation.fk.columns, child, parent) }
		case 'to-many':
			return { from: '', where: pairs(embed.relation.fk.columns, embed.relation.fk.refColumns, child, parent) }
		case 'many-to-many': {
			const junction = quote(`${embed.alias}_j`)
			const { toChild, toParent } = embed.relation
			return {
				from: ` join public.${quote(embed.relation.junction.name)} as ${junction} on ${pairs(toChild.columns, toChild.refColumns, junction, child)}`,
				where: pairs(toParent.columns, toParent.refColumns, junction, parent),
			}
		}
	}
}

function projection(params: SqlParams, node: Node): string {
	const parts: string[] = []
	for (const item of node.select) {
		if (item.kind === 'star') parts.push(`${quote(node.alias)}.*`)
		else if (item.kind === 'column') {
			const expression = `${quote(node.alias)}.${quote(item.name)}${item.cast ? `::${item.cast}` : ''}`
			parts.push(`${expression} as ${quote(item.alias ?? item.name)}`)
		}
	}
	for (const embed of node.embeds) parts.push(`${embedSubquery(params, embed, node.alias)} as ${quote(embed.key)}`)
	return parts.length > 0 ? parts.join(', ') : 'null as "__empty"'
}

function embedSubquery(params: SqlParams, embed: Embed, parentAlias: string) {
	const join = joinCondition(embed, parentAlias)
	const where = [join.where, ...embed.filters.map((filter) => conditionSql(params, embed, filter))]
	const body = `select ${projection(params, embed)} from public.${quote(embed.table.name)} as ${quote(embed.alias)}${join.from} where ${where.join(' and ')}${orderSql(embed)}${limitSql(params, embed)}`
	return embed.relation.kind === 'to-one'
		? `(select row_to_json(_e) from (${body} limit 1) _e)`
		: `(select coalesce(json_agg(_e), '[]'::json) from (${body}) _e)`
}

/** `!inner` embeds filter the parent: only rows that have a matching (filtered) child remain. */
function innerEmbedConditions(params: SqlParams, node: Node): string[] {
	return node.embeds
		.filter((embed) => embed.inner)
		.map((embed) => {
			const join = joinCondition(embed, node.alias)
			const where = [
				join.where,
				...embed.filters.map((filter) => conditionSql(params, embed, filter)),
				...innerEmbedConditions(params, embed),
			]
			return `exists (select 1 from public.${quote(embed.table.name)} as ${quote(embed.alias)}${join.from} where ${where.join(' and ')})`
		})
}

export function whereSql(params: SqlParams, node: Node) {
	const conditions = [
		...node.filters.map((filter) => conditionSql(params, node, filter)),
		...innerEmbedConditions(params, node),
	]
	return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : ''
}

function orderSql(node: Node) {
	if (node.order.length === 0) return ''
	const parts = node.order.map((order) => {
		columnOf(node.table, order.column)
		const nulls = order.nulls ? ` nulls ${order.nulls}` : ''
		return `${quote(node.alias)}.${quote(order.column)} ${order.descending ? 'desc' : 'asc'}${nulls}`
	})
	return ` order by ${parts.join(', ')}`
}

function limitSql(params: SqlParams, node: Node) {
	const limit = node.limit === undefined ? '' : ` limit ${params.add(node.limit)}::bigint`
	const offset = node.offset === undefined ? '' : ` offset ${params.add(node.offset)}::bigint`
	return limit + offset
}

/**
 * PostgREST's max-rows on a read: the root and every to-many embed return at most `maxRows` rows, fewer
 * when the request's own limit is lower; the offset stays. Writes are not capped (their representation
 * holds the rows written), nor to-one embeds (one row at most anyway).
 */
export function capRows(node: Node, maxRows: number) {
	node.limit = Math.min(node.limit ?? maxRows, maxRows)
	for (const embed of node.embeds) if (embed.relation.kind !== 'to-one') capRows(embed, maxRows)
}

/** One JSON array of the selected rows, built by Postgres so types serialize as PostgREST's do. */
export function readSql(node: Node) {
	const params = new SqlParams()
	const from = `public.${quote(node.table.name)} as ${quote(node.alias)}`
	const inner = `select ${projection(params, node)} from ${from}${whereSql(params, node)}${orderSql(node)}${limitSql(params, node)}`
	return {
		sql: `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as rows from (${inner}) _r`,
		params: params.values,
	}
}

export function countSql(node: Node) {
	const params = new SqlParams()
	const sql = `select count(*)::int as total from public.${quote(node.table.name)} as ${quote(node.alias)}${whereSql(params, node)}`
	return { sql, params: params.values }
}

/** The rows a write returned, shaped by `select` (embeds included), from the `pgrst_source` CTE. */
export function representationSql(params: SqlParams, node: Node) {
	return `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as rows from (select ${projection(params, node)} from pgrst_source as ${quote(node.alias)}${orderSql(node)}) _r`
}

export function checkWritableColumns(table: Table, columns: string[]) {
	for (const column of columns) {
		if (!table.columns.has(column)) {
			throw new RestError(
				400,
				'PGRST204',
				`Could not find the '${column}' column of '${table.name}' in the schema cache`,
			)
		}
	}
}
