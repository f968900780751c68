import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import type { z } from 'zod'
import { withBudget } from '../budget'
import { log } from '../log'
import { createServiceClient } from '../supabase/client'
import { claimJobs, failJob, finishJob, renewJobs, type Job } from './queue'

/**
 * Does one job; throws when it must be tried again, or a PermanentJobError when no retry would help. Its outside
 * calls share the job's time (withBudget), as a request's do.
 */
export type JobHandler = (job: Job) => Promise<void>

/** A failure no retry fixes (an address the mail server refuses for good, a booking that no longer exists). */
export class PermanentJobError extends Error {
	override name = 'PermanentJobError'
}

/** A job's data as its handler needs it; data no retry could make readable fails the job for good. */
export function jobData<Schema extends z.ZodType>(schema: Schema, job: Job): z.infer<Schema> {
	const parsed = schema.safeParse(job.datos)
	if (!parsed.success) {
		const fields = parsed.error.issues.map((issue) => `«${issue.path.join('.') || 'datos'}»`)
		throw new PermanentJobError(`datos no válidos: ${[...new Set(fields)].join(', ')}`)
	}
	return parsed.data
}

export type WorkerOptions = {
	handlers: Readonly<Record<string, JobHandler>>
	/** Jobs claimed and done side by side. */
	batch?: number
	/** How long a claim lasts without news from its worker: a worker that dies leaves its jobs for this long. */
	leaseSeconds?: number
	/** How long one job's outside calls may take, all together, before it counts as failed. */
	jobTimeoutMs?: number
	/** How often an idle worker looks for work it was not woken for (another process's, or a retry come due). */
	idleMs?: number
}

const defaults = { batch: 5, leaseSeconds: 15, jobTimeoutMs: 60_000, idleMs: 2_000 }

/** One name per worker process, seen in the jobs it holds: which machine, which process. */
const workerName = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`

/**
 * Claims the jobs due now and does them, batch after batch, until none is left; how many it did. Its claims are
 * renewed while its jobs run, so a slow job is not taken over from a live worker, and each outcome is reported
 * by this worker only: a worker whose claim ran out (it stalled) reports nothing.
 */
export async function runDueJobs(options: WorkerOptions, signal?: AbortSignal) {
	const settings = { ...defaults, ...options }
	let done = 0
	while (!signal?.aborted) {
		const client = createServiceClient()
		const jobs = await claimJobs(client, workerName, settings.batch, settings.leaseSeconds)
		if (jobs.length === 0) break
		const renewal = setInterval(
			() =>
				void renewJobs(
					createServiceClient(),
					workerName,
					jobs.map((job) => job.id),
					settings.leaseSeconds,
				).catch((error: unknown) => log.warn({ err: error }, '[jobs] could not renew the claims')),
			(settings.leaseSeconds * 1000) / 3,
		)
		try {
			await Promise.all(jobs.map((job) => runJob(job, settings)))
		} finally {
			clearInterval(renewal)
		}
		done += jobs.length
		if (jobs.length < settings.batch) break
	}
	return done
}

async function runJob(job: Job, settings: typeof defaults & WorkerOptions) {
	const handler = settings.handlers[job.tipo]
	const started = performance.now()
	try {
		if (!handler) throw new PermanentJobError(`no hay quien haga los trabajos «${job.tipo}»`)
		await withBudget(() => handler(job), settings.jobTimeoutMs)
	} catch (error) {
		await reportFailure(job, error)
		return
	}
	const client = createServiceClient()
	await finishJob(client, workerName, job.id).then(
		(finished) =>
			log.info(
				{ job: job.id, tipo: job.tipo, ms: Math.round(performance.now() - started), finished },
				`[jobs] ${job.tipo} done`,
			),
		// Done but not recorded: its claim runs out and it is done again, which its idempotency key makes harmless.
		(error: unknown) => log.error({ err: error, job: job.id }, `[jobs] ${job.tipo} done but not recorded`),
	)
}

async function reportFailure(job: Job, error: unknown) {
	const permanent = error instanceof PermanentJobError
	const reason = error instanceof Error ? error.message : String(error)
	try {
		const state = await failJob(createServiceClient(), workerName, job.id, reason, permanent)
		const level = state === 'fallido' ? 'error' : 'warn'
		log[level](
			{ job: job.id, tipo: job.tipo, attempt: job.intentos, state, reason },
			`[jobs] ${job.tipo} failed${state === 'fallido' ? ' for good' : '; it will be retried'}`,
		)
	} catch (reportError) {
		log.error({ err: reportError, job: job.id, reason }, `[jobs] ${job.tipo} failed and could not be reported`)
	}
}

export type Worker = {
	/** Looks for work now: this process just wrote something that enqueued a job. */
	wake: () => void
	/** Stops claiming; resolves once the jobs in hand are done (or their time ran out). */
	stop: () => Promise<void>
}

/** The loop that keeps a process doing the queue's work until it is stopped; a database outage only pauses it. */
export function startWorker(options: WorkerOptions): Worker {
	const settings = { ...defaults, ...options }
	const stopping = new AbortController()
	let woken = new AbortController()
	const loop = (async () => {
		let failures = 0
		while (!stopping.signal.aborted) {
			try {
				await runDueJobs(settings, stopping.signal)
				failures = 0
			} catch (error) {
				failures += 1
				if (failures === 1) log.error({ err: error }, '[jobs] the queue cannot be read; retrying')
			}
			const wait = failures === 0 ? settings.idleMs : Math.min(30_000, settings.idleMs * 2 ** failures)
			await sleep(wait, undefined, { signal: AbortSignal.any([stopping.signal, woken.signal]) }).catch(() => {})
			woken = new AbortController()
		}
	})()
	return {
		wake: () => woken.abort(),
		stop: async () => {
			stopping.abort()
			await loop
		},
	}
}
