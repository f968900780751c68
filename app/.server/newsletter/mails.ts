import { z } from 'zod'
import { newsletterCopy as copy } from '~/content/newsletter'
import type { MailTemplate } from '../jobs/mail-job'
import type { Job } from '../jobs/queue'
import { jobData } from '../jobs/worker'
import { createServiceClient } from '../supabase/client'
import { confirmationUrlFor, newsletterMail } from './newsletter'

const subscriberJob = z.object({ suscriptor: z.uuid() })

async function readSubscriber(job: Job) {
	// Service role: the list of subscribers is the server's alone.
	const { data, error } = await createServiceClient()
		.from('boletin_suscriptores')
		.select('id, email, estado, confirmacion_enviada_at')
		.eq('id', jobData(subscriberJob, job).suscriptor)
		.maybeSingle()
	if (error) throw error
	return data
}

/** The e-mails the outbox enqueues with a sign-up and its confirmation; none once they no longer apply. */
export const newsletterMailTemplates: Record<string, MailTemplate> = {
	/** The link as it is when sent: a sign-up repeated meanwhile has kept it, or issued the one that works now. */
	'boletin.confirmacion': async (job) => {
		const subscriber = await readSubscriber(job)
		if (subscriber?.estado !== 'pendiente' || !subscriber.confirmacion_enviada_at) return null
		const url = confirmationUrlFor(subscriber.id, subscriber.confirmacion_enviada_at)
		return {
			to: subscriber.email,
			subject: copy.email.confirmSubject,
			text: copy.email.confirmText(subscriber.email, url),
		}
	},
	'boletin.bienvenida': async (job) => {
		const subscriber = await readSubscriber(job)
		if (subscriber?.estado !== 'confirmado') return null
		return newsletterMail(subscriber, { subject: copy.email.welcomeSubject, text: copy.email.welcomeText })
	},
}
