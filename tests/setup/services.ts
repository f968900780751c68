import type { TestProject } from 'vitest/node'
import { startMailCatcher } from '../../local/mail'
import { startSupabase } from '../../local/supabase/server'
import { latestBooking } from '../support/latest-booking'
import { chooseRun } from '../support/unique'

declare module 'vitest' {
	export interface ProvidedContext {
		mailUrl: string
		smtpPort: number
	}
}

/** One mail catcher for the whole run; each test file starts its own Supabase stand-in. */
export default async function setup(project: TestProject) {
	// Every file's database is fresh from the seed, whose bookings fall in the coming weeks: slots come after them.
	const seeded = await startSupabase({
		port: 0,
		log: false,
		mail: { host: '127.0.0.1', port: 1, from: 'kia@kia.test' },
	})
	try {
		chooseRun({ latestBooking: await latestBooking(seeded.url) })
	} finally {
		await seeded.stop()
	}
	const mail = await startMailCatcher({ smtpPort: 0, webPort: 0 })
	project.provide('mailUrl', mail.url)
	project.provide('smtpPort', mail.smtpPort)
	return () => mail.stop()
}
