import type { Database } from '../db'

export type Column = { name: string; type: string }
export type Table = { name: string; columns: Map<string, Column>; primaryKey: string[] }
export type ForeignKey = { name: string; table: string; columns: string[]; refTable: string; refColumns: string[] }
export type SchemaCache = { tables: Map<string, Table>; foreignKeys: ForeignKey[] }

/** PostgREST's schema cache for `public`: tables and views, their columns, keys and relationships. */
export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
	const columns = await db.query<{ table_name: string; column_name: string; type: string }>(`
		select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
		from pg_class c
		join pg_namespace n on n.oid = c.relnamespace
		join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
		where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
		order by c.relname, a.attnum`)
	const keys = await db.query<{ table_name: string; columns: string[] }>(`
		select c.relname as table_name,
		  array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
		        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns
		from pg_constraint con
		join pg_class c on c.oid = con.conrelid
		join pg_namespace n on n.oid = c.relnamespace
		where n.nspname = 'public' and con.contype = 'p'`)
	const foreign = await db.query<{
		name: string
		table_name: string
		columns: string[]
		ref_table: string
		ref_columns: string[]
	}>(`
		select con.conname as name, c.relname as table_name, rc.relname as ref_table,
		  array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
		        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns,
		  array(select a.attname from unnest(con.confkey) with ordinality k(attnum, i)
		        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as ref_columns
		from pg_constraint con
		join pg_class c on c.oid = con.conrelid
		join pg_namespace n on n.oid = c.relnamespace
		join pg_class rc on rc.oid = con.confrelid
		join pg_namespace rn on rn.oid = rc.relnamespace
		where n.nspname = 'public' and rn.nspname = 'public' and con.contype = 'f'`)

	const tables = new Map<string, Table>()
	for (const row of columns.rows) {
		const table = tables.get(row.table_name) ?? { name: row.table_name, columns: new Map(), primaryKey: [] }
		table.columns.set(row.column_name, { name: row.column_name, type: row.type })
		tables.set(row.table_name, table)
	}
	for (const row of keys.rows) {
		const table = tables.get(row.table_name)
		if (table) table.primaryKey = row.columns
	}
	const foreignKeys = foreign.rows.map((row) => ({
		name: row.name,
		table: row.table_name,
		columns: row.columns,
		refTable: row.ref_table,
		refColumns: row.ref_columns,
	}))
	return { tables, foreignKeys }
}
