import { z } from 'zod'
import { adminCopy } from '~/content/admin'
import { supportRequestsCopy } from '~/content/support-requests'
import { isFormType } from '~/lib/inbox'
import { getPublicEnv } from '../env'
import type { MailTemplate } from '../jobs/mail-job'
import type { Job } from '../jobs/queue'
import { jobData } from '../jobs/worker'
import type { Mail } from '../mail'
import { createServiceClient } from '../supabase/client'
import { contactDestination } from './forms'
import { senderOf } from './items'

/** Where a client reads a request of theirs and its replies. */
export const clientRequestUrl = (id: string) => `${getPublicEnv().PORTAL_URL}/dashboard/soporte/${id}`

const adminRequestUrl = (id: string) => `${getPublicEnv().PORTAL_URL}/admin/soporte/${id}`

// Service role throughout: the worker writes to the company and to senders for the server, on any item.
async function readSubmission(id: string) {
	const { data, error } = await createServiceClient()
		.from('form_submissions')
		.select('id, form_type, data')
		.eq('id', id)
		.maybeSingle()
	if (error) throw error
	return data
}

async function readEvent(id: string) {
	const { data, error } = await createServiceClient()
		.from('form_submission_events')
		.select('subject, body, submission_id')
		.eq('id', id)
		.maybeSingle()
	if (error) throw error
	return data
}

type Sender = ReturnType<typeof senderOf>

/** A client's words from the portal, for the company: who, what, and where to answer it. */
function supportNotice(id: string, subject: string, sender: Sender, message: string): Mail {
	const who = sender.email ? `${sender.name ?? sender.email} <${sender.email}>` : (sender.name ?? '')
	return {
		to: contactDestination(),
		subject,
		text: `${supportRequestsCopy.email.companyText(who)}\n\n${message}\n\n${supportRequestsCopy.email.open(adminRequestUrl(id))}`,
	}
}

/**
 * Any other form of the site: every field it kept, by its label in the inbox. Answered from the mail app, the
 * answer goes to whoever wrote: their address, when it reads as one (the forms' own schemas check it).
 */
function formNotice(formType: string, data: Parameters<typeof senderOf>[0]): Mail {
	const { kinds, fields } = adminCopy.inbox
	const kind = isFormType(formType) ? kinds[formType] : formType
	const entries = data && typeof data === 'object' && !Array.isArray(data) ? Object.entries(data) : []
	const lines = entries
		.filter(([key, value]) => key !== 'destination' && typeof value === 'string' && value)
		.map(([key, value]) => `${key in fields ? fields[key as keyof typeof fields] : key}: ${String(value)}`)
	const { email } = senderOf(data)
	return {
		to: contactDestination(),
		...(email && z.email().safeParse(email).success && { replyTo: email }),
		subject: `Nuevo formulario: ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`,
		text: `Se ha recibido un formulario «${kind}» en la web:\n\n${lines.join('\n')}`,
	}
}

const submissionJob = z.object({ envio: z.uuid() })
const eventJob = z.object({ evento: z.uuid() })

/** The e-mails the outbox enqueues with the inbox's writes. */
export const inboxMailTemplates: Record<string, MailTemplate> = {
	/** Every new item of the inbox, told to the company. */
	'buzon.aviso': async (job: Job) => {
		const submission = await readSubmission(jobData(submissionJob, job).envio)
		if (!submission) return null
		const sender = senderOf(submission.data)
		if (submission.form_type !== 'soporte') return formNotice(submission.form_type, submission.data)
		const subject = supportRequestsCopy.email.companySubject(sender.subject ?? '')
		return supportNotice(submission.id, subject, sender, sender.message)
	},
	/** A reply of the team, to whoever wrote; their answer goes to the company's inbox. */
	'buzon.respuesta': async (job: Job) => {
		const event = await readEvent(jobData(eventJob, job).evento)
		const submission = event && (await readSubmission(event.submission_id))
		const to = submission && senderOf(submission.data).email
		if (!event || !submission || !to) return null
		const portalLink = supportRequestsCopy.email.portalLink(clientRequestUrl(submission.id))
		return {
			to,
			replyTo: contactDestination(),
			subject: event.subject ?? adminCopy.inbox.reply.defaultSubject,
			text: submission.form_type === 'soporte' ? `${event.body}\n\n—\n${portalLink}` : event.body,
		}
	},
	/** A client writing again on their request's thread. */
	'soporte.mensaje': async (job: Job) => {
		const event = await readEvent(jobData(eventJob, job).evento)
		const submission = event && (await readSubmission(event.submission_id))
		if (!event || !submission) return null
		const sender = senderOf(submission.data)
		const subject = supportRequestsCopy.email.companyFollowUpSubject(sender.subject ?? '')
		return supportNotice(submission.id, subject, sender, event.body)
	},
}
