import type { TestProject } from 'vitest/node'
import { startMailCatcher } from '../../local/mail'
import { chooseRun } from '../support/unique'

declare module 'vitest' {
	export interface ProvidedContext {
		mailUrl: string
		smtpPort: number
	}
}

/** One mail catcher for the whole run; each test file starts its own Supabase stand-in. */
export default async function setup(project: TestProject) {
	// No booking to come after: every file's database is fresh from the seed.
	chooseRun()
	const mail = await startMailCatcher({ smtpPort: 0, webPort: 0 })
	project.provide('mailUrl', mail.url)
	project.provide('smtpPort', mail.smtpPort)
	return () => mail.stop()
}
