import type { Worker } from './worker'

/**
 * The worker of this server process, if it runs one (server-worker.ts). Kept on `globalThis`: in development the
 * app's modules are loaded again after each edit, and the requests of the new copies must wake the worker the
 * first one started.
 */
export const processWorker = globalThis as typeof globalThis & { kiaWorker?: Worker }

/** After a write that enqueued work: this process does it now rather than at its next look at the queue. */
export function wakeWorker() {
	processWorker.kiaWorker?.wake()
}
