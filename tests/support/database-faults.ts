import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgres, type PostgresServer } from '../../local/postgres'
import { connectDatabase } from '../../local/supabase/db'
import { buildSeededDatabase } from '../../local/supabase/seed-buckets'

/** A process and all its descendants, parents first (Linux's /proc; PostgreSQL's processes are single-threaded). */
async function processTree(pid: number): Promise<number[]> {
	const listed = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
	const children = listed.split(/\s+/).filter(Boolean).map(Number)
	return [pid, ...(await Promise.all(children.map(processTree))).flat()]
}

/**
 * A database that stops answering without closing anything, as a host that hangs or a disk that stopped answering:
 * every process of the server stopped (SIGSTOP), the postmaster first so it forks no new one, their connections open
 * and unanswered, new ones queued. Stopping the postmaster alone would leave the connections already made answering.
 * Resolves to what lets it go again (SIGCONT), each process going on with what it was doing.
 */
export async function freezeDatabase(server: PostgresServer) {
	const stopped = await processTree(server.pid)
	for (const pid of stopped) process.kill(pid, 'SIGSTOP')
	return () => {
		for (const pid of [...stopped].reverse()) process.kill(pid, 'SIGCONT')
	}
}

/** A database gone: every process of the server killed (SIGKILL ends stopped ones too), its connections reset. */
export async function killDatabase(server: PostgresServer) {
	for (const pid of await processTree(server.pid)) process.kill(pid, 'SIGKILL')
}

/**
 * A PostgreSQL server of the test file's own, with one database migrated and seeded as the suite's (its seed's
 * Storage files in `storageDir`, for the stand-in's `storageFrom`), to freeze: stopping the suite's would stall
 * every other file.
 */
export async function startFreezablePostgres() {
	const server = await startPostgres()
	const name = 'kia'
	const storageDir = await mkdtemp(join(tmpdir(), 'kia-storage-seeded-'))
	await buildSeededDatabase(server.url, name, storageDir)
	let thaw: (() => void) | undefined
	const letGo = () => {
		thaw?.()
		thaw = undefined
	}
	return {
		database: () => connectDatabase(server.url(name)),
		storageDir,
		async freeze() {
			thaw = await freezeDatabase(server)
		},
		thaw: letGo,
		async stop() {
			letGo()
			await server.stop()
			await rm(storageDir, { recursive: true, force: true })
		},
	}
}
