import { spawnSync } from 'node:child_process'
import { startPostgres } from '../../local/postgres'
import { buildDatabase, connectDatabase } from '../../local/supabase/db'

/**
 * A PostgreSQL server of the test file's own, with one database migrated and seeded as the suite's, that can be
 * frozen as a stalled server is (a host paused, a disk that stopped answering): the postmaster and every process
 * of it stopped (SIGSTOP), their connections open and unanswered, new ones queued, until it is let go (SIGCONT) and
 * each goes on with what it was doing. Its own server, since stopping the suite's would stall every other file.
 */
export async function startFreezablePostgres() {
	const server = await startPostgres()
	const { pid } = server
	if (pid === undefined) throw new Error('PostgreSQL started without a process id')
	const name = 'kia'
	await buildDatabase(server.url, { name })
	let stopped: number[] = []
	const thaw = () => {
		for (const id of stopped.reverse()) process.kill(id, 'SIGCONT')
		stopped = []
	}
	return {
		database: () => connectDatabase(server.url(name)),
		freeze() {
			// The postmaster first: it starts no new process meanwhile.
			process.kill(pid, 'SIGSTOP')
			stopped = [pid, ...childrenOf(pid)]
			for (const child of stopped.slice(1)) process.kill(child, 'SIGSTOP')
		},
		thaw,
		async stop() {
			thaw()
			await server.stop()
		},
	}
}

function childrenOf(pid: number) {
	const listed = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
	return listed.stdout.split('\n').filter(Boolean).map(Number)
}
