import { env } from '../env'
import { jobHandlers } from './handlers'
import { processWorker } from './wake'
import { startWorker } from './worker'

/** Every app process does the queue's work unless told not to, so one process is a whole deployment (decision 017). */
export function startServerWorker() {
	if (env.QUEUE_WORKER === 'off' || processWorker.kiaWorker) return
	processWorker.kiaWorker = startWorker({ handlers: jobHandlers })
}

/** Stops claiming; resolves once the jobs in hand are done or their time ran out. */
export async function stopServerWorker() {
	const worker = processWorker.kiaWorker
	processWorker.kiaWorker = undefined
	await worker?.stop()
}
