import { z } from 'zod'
import { sendMail, type Mail } from '../mail'
import type { Job } from './queue'
import { jobData, PermanentJobError, type JobHandler } from './worker'

/** What an e-mail job's template makes of it; null when there is nothing to send any more (the item is gone). */
export type MailTemplate = (job: Job) => Promise<Mail | null> | Mail | null

const mailJobData = z.object({ plantilla: z.string() })

/**
 * 'correo': the e-mail a template makes, written when it is sent (from the rows as they are then, or the
 * snapshot the outbox kept), sent under the job's key so a retry is the same message.
 */
export function mailJob(templates: Readonly<Record<string, MailTemplate>>): JobHandler {
	return async (job) => {
		const { plantilla } = jobData(mailJobData, job)
		const template = templates[plantilla]
		if (!template) throw new PermanentJobError(`no hay plantilla «${plantilla}»`)
		const mail = await template(job)
		if (mail) await sendMail(mail, job.clave ?? `trabajo:${job.id}`)
	}
}
