import { startPostgres } from '../../local/postgres'
import { buildDatabase, connectDatabase } from '../../local/supabase/db'
import { chooseRun } from '../support/unique'
import { e2eTemplate } from '../support/e2e-stack'

/**
 * One PostgreSQL server for the run, holding the migrated and seeded database each Playwright worker copies
 * for its own services and production server (tests/support/e2e-stack.ts): workers never see each other's
 * rows, mail or Stripe objects.
 */
export default async function globalSetup() {
	const postgres = await startPostgres()
	try {
		await buildDatabase(postgres.url, { name: e2eTemplate })
		const template = connectDatabase(postgres.url(e2eTemplate))
		const { rows } = await template
			.query<{ fecha: string | null }>('select max(fecha)::text as fecha from public.reservas')
			.finally(() => template.close())
		chooseRun({ latestBooking: rows[0]?.fecha ?? undefined })
	} catch (error) {
		await postgres.stop()
		throw error
	}
	process.env.TEST_POSTGRES_PORT = String(postgres.port)
	return () => postgres.stop()
}
