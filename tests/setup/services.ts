import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMailCatcher } from '../../local/mail'
import { startPostgres } from '../../local/postgres'
import { connectDatabase } from '../../local/supabase/db'
import { buildSeededDatabase } from '../../local/supabase/seed-buckets'
import { seededTemplate } from '../support/database'
import { chooseRun } from '../support/unique'

/**
 * One PostgreSQL server and one mail catcher for the whole run. The server holds the migrated and seeded
 * template each test file copies its own database from (tests/support/database.ts), and a folder the seed's
 * Storage files, which each stand-in over a copy starts from. Where they are goes into the environment, which
 * the test workers, started after this, inherit (tests/support/urls.ts).
 */
export default async function setup() {
	const postgres = await startPostgres()
	const storageDir = await mkdtemp(join(tmpdir(), 'kia-storage-seeded-'))
	const mail = await startMailCatcher({ smtpPort: 0, webPort: 0 }).catch(async (error: unknown) => {
		await postgres.stop()
		throw error
	})
	const teardown = async () => {
		await mail.stop()
		await postgres.stop()
		await rm(storageDir, { recursive: true, force: true })
	}
	try {
		await buildSeededDatabase(postgres.url, seededTemplate, storageDir)
		chooseRun({ latestBooking: await latestBooking(postgres.url(seededTemplate)) })
	} catch (error) {
		await teardown()
		throw error
	}
	Object.assign(process.env, {
		TEST_POSTGRES_PORT: String(postgres.port),
		TEST_SEEDED_STORAGE_DIR: storageDir,
		TEST_MAIL_URL: mail.url,
		TEST_SMTP_PORT: String(mail.smtpPort),
	})
	return teardown
}

/** The seed's bookings fall in the coming weeks: the run's test slots come after them (tests/support/unique.ts). */
async function latestBooking(url: string) {
	const db = connectDatabase(url)
	try {
		const { rows } = await db.query<{ fecha: string | null }>('select max(fecha)::text as fecha from public.reservas')
		return rows[0]?.fecha ?? undefined
	} finally {
		await db.close()
	}
}
