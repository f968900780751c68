import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, join, relative, sep } from 'node:path'
import { cliContentType } from './cli-content-type'
import { bucketSeeds, readConfig, type BucketSeed } from './config'
import { buildDatabase, connectDatabase } from './db'
import { demoKey } from './jwt'
import { startSupabase } from './server'

/**
 * What `supabase seed buckets` does (internal/seed/buckets and pkg/storage/batch.go), without its prompts as
 * `supabase start` (on a new database) and `supabase db reset` run it: each bucket of config.toml's
 * `[storage.buckets]` given its properties (updated when it exists, created when not), then every regular file
 * under its `objects_path` uploaded to it at its path below that folder, replacing what is there. Through the
 * Storage API of `apiUrl` with the service role's key, as the CLI. Resolves to the objects uploaded, `bucket/key`.
 * `seeds` are config.toml's unless given (a test's).
 */
export async function seedBuckets(apiUrl: string, given?: BucketSeed[]): Promise<string[]> {
	const seeds = given ?? bucketSeeds((await readConfig()).storage)
	if (seeds.length === 0) return []
	const key = await demoKey('service_role')
	const call = async (method: string, path: string, body: BodyInit | null, headers: Record<string, string> = {}) => {
		const response = await fetch(`${apiUrl}/storage/v1${path}`, {
			method,
			body,
			headers: { apikey: key, Authorization: `Bearer ${key}`, ...headers },
		})
		const text = await response.text()
		if (response.status >= 400) throw new Error(`Error status ${response.status}: ${text}`)
		return text
	}
	const json = { 'Content-Type': 'application/json' }

	const existing = JSON.parse(await call('GET', '/bucket', null)) as { id: string; name: string }[]
	for (const seed of seeds) {
		const found = existing.find((bucket) => bucket.name === seed.name)
		if (found) await call('PUT', `/bucket/${encodeURIComponent(found.id)}`, JSON.stringify(properties(seed)), json)
		else await call('POST', '/bucket', JSON.stringify({ name: seed.name, ...properties(seed) }), json)
	}

	const uploaded: string[] = []
	for (const seed of seeds) {
		if (!seed.objectsPath) continue
		for (const file of await regularFiles(seed.objectsPath)) {
			const objectKey =
				file === seed.objectsPath ? basename(file) : relative(seed.objectsPath, file).split(sep).join('/')
			const contents = await readFile(file)
			await call('POST', `/object/${seed.name}/${objectKey.split('/').map(encodeURIComponent).join('/')}`, contents, {
				'Content-Type': cliContentType(file, contents),
				'Cache-Control': 'max-age=3600',
				'x-upsert': 'true',
			}).catch((error: unknown) => {
				throw new Error(`Uploading ${file} => ${seed.name}/${objectKey}: ${(error as Error).message}`, { cause: error })
			})
			uploaded.push(`${seed.name}/${objectKey}`)
		}
	}
	return uploaded
}

/** The CLI's Create/UpdateBucketRequest: every field omitted when empty (Go's omitempty). */
function properties(seed: BucketSeed) {
	return {
		...(seed.public === undefined ? {} : { public: seed.public }),
		...(seed.fileSizeLimit ? { file_size_limit: seed.fileSizeLimit } : {}),
		...(seed.allowedMimeTypes?.length ? { allowed_mime_types: seed.allowedMimeTypes } : {}),
	}
}

/** fs.WalkDir's regular files, in its lexical order: links and other kinds are skipped; a file alone is itself. */
async function regularFiles(path: string): Promise<string[]> {
	const info = await stat(path)
	if (info.isFile()) return [path]
	const found: string[] = []
	const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))
	for (const entry of entries) {
		const child = join(path, entry.name)
		if (entry.isDirectory()) found.push(...(await regularFiles(child)))
		else if (entry.isFile()) found.push(child)
	}
	return found
}

/**
 * A new database `name` as `supabase db reset` leaves one: migrated, seeded (seed.sql), and its buckets seeded
 * through a stand-in over it, their files in `storageDir`. A stand-in over a copy of it starts from those files
 * (`storageFrom`), so every object its rows list has its file.
 */
export async function buildSeededDatabase(url: (database: string) => string, name: string, storageDir: string) {
	await buildDatabase(url, { name })
	const supabase = await startSupabase({
		database: connectDatabase(url(name)),
		port: 0,
		storageDir,
		// Seeding sends no e-mail.
		mail: { host: '127.0.0.1', port: 0, from: 'KIA <no-reply@kia.test>' },
	})
	try {
		return await seedBuckets(supabase.url)
	} finally {
		// Closes the database, so it can be a template: one with a connection open cannot be copied.
		await supabase.stop()
	}
}
