import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgres } from '../../local/postgres'
import { connectDatabase } from '../../local/supabase/db'
import { buildSeededDatabase } from '../../local/supabase/seed-buckets'
import { chooseRun } from '../support/unique'
import { e2eTemplate } from '../support/e2e-stack'

/**
 * One PostgreSQL server for the run, holding the migrated and seeded database each Playwright worker copies
 * for its own services and production server (tests/support/e2e-stack.ts), and the seed's Storage files they
 * start from: workers never see each other's rows, files, mail or Stripe objects.
 */
export default async function globalSetup() {
	const postgres = await startPostgres()
	const storageDir = await mkdtemp(join(tmpdir(), 'kia-storage-seeded-'))
	const teardown = async () => {
		await postgres.stop()
		await rm(storageDir, { recursive: true, force: true })
	}
	try {
		await buildSeededDatabase(postgres.url, e2eTemplate, storageDir)
		const template = connectDatabase(postgres.url(e2eTemplate))
		const { rows } = await template
			.query<{ fecha: string | null }>('select max(fecha)::text as fecha from public.reservas')
			.finally(() => template.close())
		chooseRun({ latestBooking: rows[0]?.fecha ?? undefined })
	} catch (error) {
		await teardown()
		throw error
	}
	process.env.TEST_POSTGRES_PORT = String(postgres.port)
	process.env.TEST_SEEDED_STORAGE_DIR = storageDir
	return teardown
}
