/**
 * The work queue's worker in this test process, as a server process runs it (app/.server/jobs/server-worker.ts),
 * started on the modules as they are loaded now: after `vi.resetModules()` with new settings, the new ones.
 * Only this file's database is its to work on.
 */
export async function restartWorker() {
	const { startServerWorker, stopServerWorker } = await import('~/.server/jobs/server-worker')
	await stopServerWorker()
	startServerWorker()
	return stopServerWorker
}

export async function stopWorker() {
	const { stopServerWorker } = await import('~/.server/jobs/server-worker')
	await stopServerWorker()
}
