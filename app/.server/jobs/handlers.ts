import { bookingCalendarJob, bookingLinkJob } from '../booking/links'
import { bookingMailTemplates } from '../booking/mails'
import { inboxMailTemplates } from '../inbox/mails'
import { processDocumentJob, removeDocumentFileJob } from '../knowledge/process-job'
import { newsletterMailTemplates } from '../newsletter/mails'
import { mailJob } from './mail-job'
import type { JobHandler } from './worker'

/** Every kind of job the outbox enqueues (migration 20261202110000), and who does it. */
export const jobHandlers: Readonly<Record<string, JobHandler>> = {
	correo: mailJob({ ...bookingMailTemplates, ...inboxMailTemplates, ...newsletterMailTemplates }),
	'reserva.enlace': bookingLinkJob,
	'reserva.calendario': bookingCalendarJob,
	'documento.procesar': processDocumentJob,
	'documento.borrar': removeDocumentFileJob,
}
