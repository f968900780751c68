// `npm run db:types`: TypeScript types of the `public` schema, read from the catalog of a database built
// from supabase/migrations on a temporary local PostgreSQL server, in the shape `supabase gen types typescript` gives
// (postgres-meta's TypeScript template, with one-to-one relationship detection as the CLI turns on): the
// `Database` type, the `Tables`/`TablesInsert`/`TablesUpdate`/`Enums`/`CompositeTypes` helpers and
// `Constants`. Every Supabase client is typed with it. The output is committed and printed in the
// repository's style; tests/integration/database-types.test.ts fails when it no longer matches the migrations.
// Not covered (no view exists yet): relationships of views, which PostgREST infers from view definitions.
import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import * as prettier from 'prettier'
import { startPostgres } from '../../local/postgres'
import { buildDatabase, connectDatabase } from '../../local/supabase/db'
import { renderDatabaseTypes } from './print-types'
import { readCatalog } from './read-catalog'

export const outputFile = 'app/lib/database.types.ts'

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
