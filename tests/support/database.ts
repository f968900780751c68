import { copyDatabase } from '../../local/supabase/db'
import { postgresPort } from './urls'

/** The database the run's PostgreSQL server holds migrated and seeded (tests/setup/services.ts). */
export const seededTemplate = 'kia_template'

const serverUrl = (database: string) =>
	`postgresql://postgres:postgres@127.0.0.1:${postgresPort()}/${encodeURIComponent(database)}`

/** A database of this test file's own, migrated and seeded; closing it drops it. */
export const seededDatabase = () => copyDatabase(serverUrl, seededTemplate)

/** An empty database (PostgreSQL's template1), for SQL of a test's own; closing it drops it. */
export const emptyDatabase = () => copyDatabase(serverUrl, 'template1')
