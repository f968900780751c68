import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const supabaseDir = join(root, 'supabase')
const bootstrapFile = join(dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql')
const authUpgradesFile = join(dirname(fileURLToPath(import.meta.url)), 'auth-upgrades.sql')
const storageSchemaFile = join(dirname(fileURLToPath(import.meta.url)), 'storage', 'schema.sql')

/** What runs SQL: the pool itself, or one connection inside a transaction. */
export type Sql = Pick<pg.ClientBase, 'query'>

export type Database = {
	/** Its connection string. */
	url: string
	/** Statements outside any transaction, each on whichever connection is free. */
	query: pg.Pool['query']
	/** Runs `work` in one transaction on a connection of its own; other transactions run meanwhile. */
	transaction: <T>(work: (tx: Sql) => Promise<T>) => Promise<T>
	close: () => Promise<void>
}

/** PostgREST's default pool size (`db-pool`): at most this many requests hold a connection at once. */
const poolSize = 10

const parserOf = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (value: string) => unknown
/**
 * Arrays node-postgres leaves as text, read with the parser of an array of the same shape: int8[] and
 * oid[] as numbers (int4[]'s parseInt), name[] and "char"[] (the catalog's) as strings (text[]'s).
 */
const arraysReadAs = new Map([
	[1016, 1007],
	[1028, 1007],
	[1003, 1009],
	[1002, 1009],
])
/** int8 as a number too: the counts and catalog ids read here are all far below 2^53. */
const types = {
	getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
		if (oid === pg.types.builtins.INT8) return Number
		return parserOf(arraysReadAs.get(oid) ?? oid, format)
	}) as typeof pg.types.getTypeParser,
}

/**
 * The database could not be used at all: no connection could be made (`connect`: the server is down), or the one a
 * request held was lost (`session`: the server died under it). PostgREST answers each its own 503 (rest/errors.ts).
 */
export class DatabaseUnavailable extends Error {
	constructor(
		readonly stage: 'connect' | 'session',
		cause: unknown,
	) {
		super(cause instanceof Error ? cause.message : String(cause), { cause })
	}
}

/** A pool of connections to one database, as PostgREST and GoTrue each keep. */
export function connectDatabase(url: string): Database {
	const pool = new pg.Pool({ connectionString: url, max: poolSize, types })
	// An idle connection the server closed (a database dropped at the end of a test) is not our error.
	pool.on('error', () => undefined)
	return {
		url,
		query: pool.query.bind(pool) as pg.Pool['query'],
		async transaction(work) {
			const client = await pool.connect().catch((error: unknown) => {
				throw new DatabaseUnavailable('connect', error)
			})
			// A held connection that dies says so as an event too (its queries fail with the same error), which nobody
			// else listens to while it is held: unheard, it would end the process.
			const onLost = () => undefined
			client.on('error', onLost)
			let lost = false
			try {
				await client.query('begin')
				const result = await work(client)
				await client.query('commit')
				return result
			} catch (error) {
				// Lost is a connection that cannot even roll back: the work's own error may name a reset that was not
				// the database's (an upload whose client hung up).
				lost = await client.query('rollback').then(
					() => false,
					() => true,
				)
				throw lost ? new DatabaseUnavailable('session', error) : error
			} finally {
				client.off('error', onLost)
				// A lost connection is dropped rather than handed to the next request.
				client.release(lost)
			}
		},
		close: () => pool.end(),
	}
}

/**
 * Brings a database to what hosted Supabase would hold: on a new one, what the platform provides
 * (bootstrap.sql, Storage's schema), every migration of supabase/migrations and, when `seed`,
 * supabase/seed.sql; on a kept one, GoTrue's own schema upgrades, Storage's schema if it has none yet, and
 * the migrations not applied yet (as `supabase migration up`). `seeded` says seed.sql ran: its Storage objects
 * are then to be uploaded (seedBuckets), as the CLI does on a new database only.
 */
export async function migrate(db: Database, { seed = true }: { seed?: boolean } = {}) {
	const isNew = !(await hasSchema(db, 'supabase_migrations'))
	if (isNew) await db.query(await readFile(bootstrapFile, 'utf8'))
	await db.query(await readFile(authUpgradesFile, 'utf8'))
	if (!(await hasSchema(db, 'storage'))) await db.query(await readFile(storageSchemaFile, 'utf8'))
	await applyPendingMigrations(db)
	if (isNew && seed) await db.query(await readFile(join(supabaseDir, 'seed.sql'), 'utf8'))
	return { seeded: isNew && seed }
}

async function hasSchema(db: Database, name: string) {
	return Boolean((await db.query('select 1 from pg_namespace where nspname = $1', [name])).rowCount)
}

async function migrationFiles() {
	const dir = join(supabaseDir, 'migrations')
	const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
	return Promise.all(
		names.map(async (name) => ({
			version: name.split('_')[0] ?? name,
			name: name.replace(/^\d+_/, '').replace(/\.sql$/, ''),
			sql: await readFile(join(dir, name), 'utf8'),
		})),
	)
}

async function applyPendingMigrations(db: Database) {
	const applied = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
	const done = new Set(applied.rows.map((row) => row.version))
	for (const migration of await migrationFiles()) {
		if (done.has(migration.version)) continue
		await db.transaction(async (tx) => {
			await tx.query(migration.sql)
			await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
				migration.version,
				migration.name,
			])
		})
	}
}

/** A new database `name` on the server of `url`, migrated and (when `seed`) seeded; replaces one of that name. */
export async function buildDatabase(
	url: (database: string) => string,
	{ name, seed = true }: { name: string; seed?: boolean },
) {
	const admin = connectDatabase(url('postgres'))
	try {
		await admin.query(`drop database if exists ${pg.escapeIdentifier(name)}`)
		await admin.query(`create database ${pg.escapeIdentifier(name)}`)
	} finally {
		await admin.close()
	}
	const db = connectDatabase(url(name))
	try {
		await migrate(db, { seed })
	} finally {
		// Closed, so it can be a template: a database with a connection open cannot be copied.
		await db.close()
	}
}

let copies = 0

/**
 * A new database copied from `template` (`create database … template`, tens of milliseconds), so every
 * test file can own one; closing it drops it.
 */
export async function copyDatabase(url: (database: string) => string, template: string) {
	const name = `${template}_${process.pid}_${++copies}`
	const admin = new pg.Client({ connectionString: url('postgres') })
	await admin.connect()
	try {
		await admin.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`)
	} finally {
		await admin.end()
	}
	const db = connectDatabase(url(name))
	return {
		...db,
		async close() {
			await db.close()
			const dropper = new pg.Client({ connectionString: url('postgres') })
			await dropper.connect()
			try {
				await dropper.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)
			} finally {
				await dropper.end()
			}
		},
	} satisfies Database
}
