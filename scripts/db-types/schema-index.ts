// The catalog indexed for printing, and the TypeScript type of a Postgres type name in it.
import type { Catalog, Column, DbType, Relation } from './catalog'
import { byName, member, nullable, print, quote } from './typescript'

export type SchemaIndex = ReturnType<typeof indexSchema>

export function indexSchema(catalog: Catalog) {
	const relations = [...catalog.relations].sort(byName)
	return {
		catalog,
		schema: catalog.schema,
		/** By name. */
		relations,
		relationNames: new Map(relations.map((relation) => [relation.id, relation.name])),
		typesById: new Map(catalog.types.map((type) => [type.id, type])),
		/** The row types of relations, by type id. */
		relationTypes: new Map(catalog.types.filter((type) => type.relation_id !== null).map((type) => [type.id, type])),
	}
}

export const columnsOf = (index: SchemaIndex, relation: Relation) =>
	index.catalog.columns.filter((column) => column.relation_id === relation.id).sort(byName)

/** How a column is written in one shape of its relation (Row, Insert, Update), or that it may not be. */
type ColumnShape = { nullable: boolean; optional: boolean } | 'never'

export const columnMembers = (index: SchemaIndex, columns: Column[], shape: (column: Column) => ColumnShape) =>
	columns.map((column) => {
		const how = shape(column)
		return how === 'never'
			? member(column.name, 'never', true)
			: member(column.name, nullable(tsType(index, column.type), how.nullable), how.optional)
	})

export const tsTypeOfId = (index: SchemaIndex, id: number) => {
	const type = index.typesById.get(id)
	return type ? tsType(index, type.name) : 'unknown'
}

/** By name, as the CLI does: enums, composite types, tables and views of the schema first. */
export function tsType(index: SchemaIndex, pgType: string): string {
	const builtIn = builtInTsType(pgType)
	if (builtIn !== undefined) return builtIn
	if (pgType.startsWith('_')) return print({ arrayOf: tsType(index, pgType.slice(1)) }, '')
	return enumTsType(index, pgType) ?? compositeTsType(index, pgType) ?? rowTsType(index, pgType) ?? 'unknown'
}

const numberTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'])
const stringTypes = new Set([
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
])

function builtInTsType(pgType: string) {
	if (pgType === 'bool') return 'boolean'
	if (numberTypes.has(pgType)) return 'number'
	if (stringTypes.has(pgType)) return 'string'
	if (pgType === 'json' || pgType === 'jsonb') return 'Json'
	if (pgType === 'void') return 'undefined'
	if (pgType === 'record') return 'Record<string, unknown>'
	return undefined
}

const namedType = (index: SchemaIndex, pgType: string, isOfKind: (type: DbType) => boolean) => {
	const candidates = index.catalog.types.filter((type) => type.name === pgType && isOfKind(type))
	return candidates.find((type) => type.schema === index.schema) ?? candidates[0]
}

/** An enum of another schema is spelled out: the types name only this one. */
function enumTsType(index: SchemaIndex, pgType: string) {
	const enumType = namedType(index, pgType, (type) => type.enums.length > 0)
	if (!enumType) return undefined
	return enumType.schema === index.schema
		? `Database[${quote(index.schema)}]['Enums'][${quote(enumType.name)}]`
		: enumType.enums.map(quote).join(' | ')
}

function compositeTsType(index: SchemaIndex, pgType: string) {
	const compositeType = namedType(index, pgType, (type) => type.attributes.length > 0)
	if (!compositeType) return undefined
	return compositeType.schema === index.schema
		? `Database[${quote(index.schema)}]['CompositeTypes'][${quote(compositeType.name)}]`
		: 'unknown'
}

function rowTsType(index: SchemaIndex, pgType: string) {
	const relation = index.relations.find(
		(candidate) => candidate.name === pgType && (candidate.kind === 'table' || candidate.kind === 'view'),
	)
	if (!relation) return undefined
	const section = relation.kind === 'table' ? "'Tables'" : "'Views'"
	return `Database[${quote(index.schema)}][${section}][${quote(relation.name)}]['Row']`
}
