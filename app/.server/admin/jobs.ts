import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { adminJobsCopy as copy, jobStates, type JobState } from '~/content/admin-jobs'
import { incompleteFormMessage } from '~/content/errors'
import type { ActionResult } from '~/lib/action-result'
import { adminJobRow } from '~/lib/admin-rows'
import type { Database } from '~/lib/database.types'
import { queueStatusSchema, type QueueStatus } from '../jobs/queue'
import { wakeWorker } from '../jobs/wake'
import { log } from '../log'
import { loadAdminPage } from './list'

type Client = SupabaseClient<Database>

/** ?estado= as one of the queue's states; anything else is "every job not done". */
export function jobStateFrom(url: URL): JobState | undefined {
	return z
		.enum(jobStates)
		.optional()
		.catch(undefined)
		.parse(url.searchParams.get('estado') ?? undefined)
}

/**
 * One page of /admin/trabajos under the admin's session (admin_trabajos checks the role), with the queue's
 * figures of the same moment; the figures are null when the page could not be read.
 */
export async function loadJobsPage(supabase: Client, url: URL) {
	const estado = jobStateFrom(url)
	const read: { summary: QueueStatus | null } = { summary: null }
	const page = await loadAdminPage(url, copy.loadError, adminJobRow, async (range) => {
		const result = await supabase.rpc('admin_trabajos', { ...range, estado })
		read.summary = z.object({ resumen: queueStatusSchema }).safeParse(result.data).data?.resumen ?? null
		return result
	})
	return { ...page, estado: estado ?? '', summary: read.summary }
}

/** The panel's line about the queue; null when it cannot be read, and the panel says so. */
export async function loadQueueSummary(supabase: Client) {
	const { data, error } = await supabase.rpc('admin_cola')
	// 42501: not an admin's session, which the panel's guard already refuses; anything else is a failure.
	if (error && error.code !== '42501') log.error({ err: error }, '[admin] queue figures')
	return error ? null : (queueStatusSchema.safeParse(data).data ?? null)
}

const retrySchema = z.object({ id: z.coerce.number().int().positive() })

/** 'Reintentar': a failed job from its first attempt, now; this process's worker is woken to take it. */
export async function retryJob(supabase: Client, form: FormData): Promise<ActionResult> {
	if (form.get('intent') !== 'retry') return { ok: false, message: incompleteFormMessage }
	const parsed = retrySchema.safeParse({ id: form.get('id') ?? undefined })
	if (!parsed.success) return { ok: false, message: copy.retry.badInput }
	const { data, error } = await supabase.rpc('reintentar_trabajo', { id: parsed.data.id })
	if (error) {
		log.error({ err: error, job: parsed.data.id }, '[admin] retry job')
		return { ok: false, message: copy.retry.error }
	}
	if (!data) return { ok: false, message: copy.retry.notFailed }
	log.info({ job: parsed.data.id }, '[admin] job retried')
	wakeWorker()
	return { ok: true }
}
