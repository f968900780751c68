import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const supabaseDir = join(root, 'supabase')
const bootstrapFile = join(dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql')
const authUpgradesFile = join(dirname(fileURLToPath(import.meta.url)), 'auth-upgrades.sql')
const snapshotDir = join(root, 'node_modules', '.cache', 'kia-local-supabase')

const extensions = { pg_trgm, pgcrypto, unaccent }

export type Database = {
	pg: PGlite
	/** Runs `work` in one transaction, after every earlier call has finished: PGlite has one connection. */
	transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>
	close: () => Promise<void>
}

export type OpenOptions = {
	/** Keep the data in this folder across restarts; in memory when absent. */
	dataDir?: string
	/** Load supabase/seed.sql into a new database (default true). */
	seed?: boolean
}

/**
 * A Postgres with what the Supabase platform provides, every migration of
 * supabase/migrations and the seed. In memory, a new database is restored
 * from a cached snapshot of that state, keyed on the SQL it was built from
 * and, with the seed, on the day: the seed's dates are relative to it.
 */
export async function openDatabase({ dataDir, seed = true }: OpenOptions = {}): Promise<Database> {
	if (dataDir) {
		const isNew = !existsSync(join(dataDir, 'PG_VERSION'))
		await mkdir(dataDir, { recursive: true })
		const pg = await PGlite.create({ dataDir, extensions })
		if (isNew) await build(pg, seed)
		else {
			await pg.exec(await readFile(authUpgradesFile, 'utf8'))
			await applyPendingMigrations(pg)
		}
		return wrap(pg)
	}
	const snapshot = await cachedSnapshot(seed)
	const pg = await PGlite.create({ loadDataDir: snapshot, extensions })
	return wrap(pg)
}

function wrap(pg: PGlite): Database {
	let queue: Promise<unknown> = Promise.resolve()
	return {
		pg,
		transaction(work) {
			const run = queue.then(() => pg.transaction(work))
			queue = run.catch(() => undefined)
			return run
		},
		close: () => pg.close(),
	}
}

async function build(pg: PGlite, seed: boolean) {
	await pg.exec(await readFile(bootstrapFile, 'utf8'))
	await pg.exec(await readFile(authUpgradesFile, 'utf8'))
	await applyPendingMigrations(pg)
	if (seed) await pg.exec(await readFile(join(supabaseDir, 'seed.sql'), 'utf8'))
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

/** Like `supabase migration up`: applies, in order, each migration not recorded yet. */
async function applyPendingMigrations(pg: PGlite) {
	const applied = await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
	const done = new Set(applied.rows.map((row) => row.version))
	for (const migration of await migrationFiles()) {
		if (done.has(migration.version)) continue
		await pg.transaction(async (tx) => {
			await tx.exec(migration.sql)
			await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
				migration.version,
				migration.name,
			])
		})
	}
}

async function cachedSnapshot(seed: boolean): Promise<Blob> {
	const hash = createHash('sha256')
	hash.update(await readFile(bootstrapFile))
	hash.update(await readFile(authUpgradesFile))
	for (const migration of await migrationFiles()) hash.update(migration.sql)
	// The seed's bookings and posts are dated from current_date and now(): a snapshot made on another
	// day would give yesterday's "tomorrow". PGlite's clock is UTC, hence the UTC date.
	if (seed)
		hash.update(`${await readFile(join(supabaseDir, 'seed.sql'), 'utf8')}\n${new Date().toISOString().slice(0, 10)}`)
	const file = join(snapshotDir, `${hash.digest('hex').slice(0, 16)}.tar.gz`)
	if (existsSync(file)) return new Blob([await readFile(file)])

	const pg = await PGlite.create({ extensions })
	await build(pg, seed)
	const dump = await pg.dumpDataDir('gzip')
	await pg.close()
	await mkdir(snapshotDir, { recursive: true })
	// Written aside, then renamed: processes starting together must never read a half-written snapshot.
	const partial = `${file}.${randomUUID()}.partial`
	await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
	await rename(partial, file)
	await removeOldSnapshots()
	return dump
}

/** A new snapshot a day: those of past days (and what a crash left half-written) go, once nobody can be reading them. */
async function removeOldSnapshots() {
	const before = Date.now() - 2 * 86_400_000
	for (const name of await readdir(snapshotDir)) {
		const path = join(snapshotDir, name)
		// Another process may have removed it meanwhile.
		const modified = (await stat(path).catch(() => undefined))?.mtimeMs
		if (modified !== undefined && modified < before) await rm(path, { force: true })
	}
}
