import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database, Tables } from '~/lib/database.types'
import { createServiceClient } from '../supabase/client'

/**
 * The work queue's calls (migration 20261202110000_work_queue.sql): what a worker claims, renews, finishes and
 * fails, through the service role, which alone may touch jobs. The writes that ask for work enqueue it in the
 * database themselves, in their own transaction; the server never enqueues after the fact.
 */
export type Job = Tables<'trabajos'>

type Client = SupabaseClient<Database>

export async function claimJobs(client: Client, worker: string, count: number, leaseSeconds: number) {
	const { data, error } = await client.rpc('reclamar_trabajos', {
		trabajador: worker,
		cuantos: count,
		segundos: leaseSeconds,
	})
	if (error) throw error
	return data
}

export async function renewJobs(client: Client, worker: string, ids: number[], leaseSeconds: number) {
	const { error } = await client.rpc('renovar_trabajos', { trabajador: worker, ids, segundos: leaseSeconds })
	if (error) throw error
}

/** False when the job was no longer this worker's (its claim ran out and another took it). */
export async function finishJob(client: Client, worker: string, id: number) {
	const { data, error } = await client.rpc('terminar_trabajo', { id, trabajador: worker })
	if (error) throw error
	return data
}

/** What became of it: back in the queue ('pendiente') or failed for good ('fallido'). */
export async function failJob(client: Client, worker: string, id: number, reason: string, permanent: boolean) {
	const { data, error } = await client.rpc('fallar_trabajo', {
		id,
		trabajador: worker,
		error: reason,
		definitivo: permanent,
	})
	if (error) throw error
	return data
}

export const queueStatusSchema = z.object({
	pendientes: z.number(),
	vencidos: z.number(),
	en_curso: z.number(),
	/** In hand by a worker whose claim ran out: it died, and another will take the job. */
	atascados: z.number(),
	fallidos: z.number(),
	/** How long the oldest due job has waited. */
	espera_segundos: z.number(),
})

export type QueueStatus = z.infer<typeof queueStatusSchema>

/** What `estado_cola` answers, checked. */
export const parseQueueStatus = (data: unknown) => queueStatusSchema.parse(data)

/** The backlog at a glance (/readyz reads it with a request of its own: server/health.ts). */
export async function readQueueStatus(client: Client = createServiceClient()) {
	const { data, error } = await client.rpc('estado_cola')
	if (error) throw error
	return parseQueueStatus(data)
}
