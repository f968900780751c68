import { readFile } from 'node:fs/promises'
import type { PostgresServer } from '../../local/postgres'

/** A process and all its descendants, parents first (Linux's /proc; PostgreSQL's processes are single-threaded). */
async function processTree(pid: number): Promise<number[]> {
	const listed = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
	const children = listed.split(/\s+/).filter(Boolean).map(Number)
	return [pid, ...(await Promise.all(children.map(processTree))).flat()]
}

/**
 * A database that stops answering without closing anything, as a host that hangs: every process of the server
 * stopped (SIGSTOP), the postmaster first so it forks no new one. Stopping the postmaster alone would leave the
 * connections already made answering.
 */
export async function freezeDatabase(server: PostgresServer) {
	for (const pid of await processTree(server.pid)) process.kill(pid, 'SIGSTOP')
}

/** A database gone: every process of the server killed (SIGKILL ends stopped ones too), its connections reset. */
export async function killDatabase(server: PostgresServer) {
	for (const pid of await processTree(server.pid)) process.kill(pid, 'SIGKILL')
}
