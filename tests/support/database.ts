import { once } from 'node:events'
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { connectDatabase, copyDatabase, type Database } from '../../local/supabase/db'
import { postgresPort } from './urls'

/** The database the run's PostgreSQL server holds migrated and seeded (tests/setup/services.ts). */
export const seededTemplate = 'kia_template'

const serverUrl = (database: string) =>
	`postgresql://postgres:postgres@127.0.0.1:${postgresPort()}/${encodeURIComponent(database)}`

/** A database of this test file's own, migrated and seeded; closing it drops it. */
export const seededDatabase = () => copyDatabase(serverUrl, seededTemplate)

/** An empty database (PostgreSQL's template1), for SQL of a test's own; closing it drops it. */
export const emptyDatabase = () => copyDatabase(serverUrl, 'template1')

/**
 * A database of this test file's own, reached through a TCP proxy of its own, so that a test can take PostgreSQL
 * away from whatever uses it (the Supabase stand-in): `kill()` ends every connection and refuses new ones, as a
 * PostgreSQL server that died does. Closing it drops the database.
 */
export async function killableDatabase(): Promise<{ database: Database; kill: () => Promise<void> }> {
	const copy = await seededDatabase()
	const sockets = new Set<Socket>()
	const proxy = createServer((client) => {
		const server = connect(postgresPort(), '127.0.0.1')
		for (const [socket, other] of [
			[client, server],
			[server, client],
		] as const) {
			sockets.add(socket)
			socket.on('error', () => socket.destroy())
			socket.once('close', () => {
				sockets.delete(socket)
				other.destroy()
			})
		}
		client.pipe(server).pipe(client)
	})
	proxy.listen(0, '127.0.0.1')
	await once(proxy, 'listening')
	const url = new URL(copy.url)
	url.port = String((proxy.address() as AddressInfo).port)
	const proxied = connectDatabase(url.toString())
	let killed: Promise<void> | undefined
	const kill = () =>
		(killed ??= new Promise<void>((resolve) => {
			proxy.close(() => resolve())
			for (const socket of sockets) socket.destroy()
		}))
	return {
		database: {
			...proxied,
			async close() {
				await proxied.close()
				await kill()
				await copy.close()
			},
		},
		kill,
	}
}
