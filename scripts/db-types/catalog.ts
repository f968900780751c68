// What the reader takes from the database's catalog and the printer turns into TypeScript.

export type Column = {
	relation_id: number
	name: string
	/** The column's type name, or its domain's base type name. */
	type: string
	nullable: boolean
	has_default: boolean
	identity: 'ALWAYS' | 'BY DEFAULT' | null
	updatable: boolean
}

export type Relation = {
	id: number
	name: string
	kind: 'table' | 'view' | 'materialized_view' | 'foreign_table'
	updatable: boolean
}

export type Relationship = {
	name: string
	relation: string
	columns: string[]
	is_one_to_one: boolean
	referenced_relation: string
	referenced_columns: string[]
}

export type ArgumentMode = 'in' | 'out' | 'inout' | 'variadic' | 'table'
export type Argument = { mode: ArgumentMode; name: string; type_id: number; has_default: boolean }

export const inputModes = new Set<ArgumentMode>(['in', 'inout', 'variadic'])

export type DbFunction = {
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

export type DbType = {
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
