import type { ChildProcess } from 'node:child_process'
import type { IncomingMessage } from 'node:http'
import { createServer } from 'node:net'

export type LocalService = {
	name: string
	url: string
	description: string
	stop: () => Promise<void>
}

/**
 * Polls until `url` answers, failing early if the process behind it has exited. Where another process may hold
 * the port (see `retryOnTakenPort`), `isOurs` tells its answer from theirs. The bound is generous: a
 * start that takes a second on an idle machine took over 20 s on a 2-core one kept busy by builds and tests.
 */
export async function waitForHttp(
	url: string,
	child?: ChildProcess,
	{ timeoutMs = 60_000, isOurs = (_: Response): boolean | Promise<boolean> => true } = {},
) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		if (child && (child.exitCode !== null || child.signalCode !== null))
			throw new Error(`${url}: the process exited (code ${child.exitCode ?? child.signalCode}).`)
		const answered = await fetch(url)
			.then(isOurs)
			.catch(() => false)
		if (answered) return
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`)
}

/**
 * A port found free is not held until the server binds it, and on a machine running tests side by side
 * another process's pick may take it first. A start on picked ports that meets a taken one is tried again,
 * on new ones; any other failure is thrown as it is.
 */
export async function retryOnTakenPort<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await start()
		} catch (error) {
			if (attempt >= attempts || !isPortTaken(error)) throw error
		}
	}
}

export function isPortTaken(error: unknown) {
	return /EADDRINUSE|already in use/i.test(error instanceof Error ? error.message : String(error))
}

/** Several distinct free ports: all are held open together, so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
	const servers = Array.from({ length: count }, () => createServer())
	const ports = await Promise.all(
		servers.map(
			(server) =>
				new Promise<number>((resolve, reject) => {
					server.on('error', reject)
					server.listen(0, '127.0.0.1', () => {
						const address = server.address()
						if (typeof address === 'object' && address) resolve(address.port)
						else reject(new Error('no port'))
					})
				}),
		),
	)
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
	return ports
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() =>
				typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
			)
		})
	})
}

/** A request body a stand-in cannot take: too large, or not what its content type says. */
export class BodyError extends Error {}

const maxBodyBytes = 1024 * 1024

/** A stand-in request's whole body, refused past 1 MB. */
export async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = []
	let size = 0
	for await (const chunk of req) {
		size += (chunk as Buffer).length
		if (size > maxBodyBytes) throw new BodyError('Request body too large')
		chunks.push(chunk as Buffer)
	}
	return Buffer.concat(chunks).toString('utf8')
}
