import { createHash, randomUUID } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { errors } from './errors'

export type WrittenFile = { size: number; md5: string; lastModified: Date }

/**
 * Where the stand-in keeps objects' bytes: one file per version (the uuid in `storage.objects.version`),
 * never under the object's name, so no key (`../x` is a valid one) reaches outside the folder, and a new
 * upload never touches the bytes an older row still points at.
 */
export type FileStore = {
	/** Writes `body` aside, counting it, and moves it into place whole; over `maxBytes`, nothing is kept. */
	write: (
		version: string,
		body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
		maxBytes: number,
	) => Promise<WrittenFile>
	/** The file of a version, open for reading; undefined when there is none. */
	open: (version: string) => Promise<FileHandle | undefined>
	remove: (versions: (string | null | undefined)[]) => Promise<void>
	close: () => Promise<void>
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The files in `dir` (development keeps them in `.data/storage`), or in a temporary folder removed at
 * `close` when none is given (tests: one per stand-in, so per database). What a crash left half-written
 * is swept at start. `copyFrom`'s files are copied in first: those of the database this one was copied from.
 */
export async function openFileStore(dir: string | undefined, copyFrom?: string): Promise<FileStore> {
	const root = dir ?? (await mkdtemp(join(tmpdir(), 'kia-storage-')))
	await mkdir(root, { recursive: true })
	for (const name of await readdir(root)) {
		if (name.startsWith('.tmp-')) await rm(join(root, name), { force: true })
	}
	for (const name of copyFrom ? await readdir(copyFrom) : []) {
		if (copyFrom && uuidPattern.test(name)) await copyFile(join(copyFrom, name), join(root, name))
	}
	const pathOf = (version: string) => {
		if (!uuidPattern.test(version)) throw new Error(`not a version of the stand-in: ${version}`)
		return join(root, version)
	}
	return {
		async write(version, body, maxBytes) {
			const target = pathOf(version)
			const aside = join(root, `.tmp-${randomUUID()}`)
			const hash = createHash('md5')
			let size = 0
			const handle = await open(aside, 'wx')
			try {
				try {
					for await (const chunk of body) {
						size += chunk.byteLength
						if (size > maxBytes) throw errors.entityTooLarge()
						hash.update(chunk)
						await handle.write(chunk)
					}
					await handle.sync()
				} finally {
					await handle.close()
				}
				await rename(aside, target)
			} catch (error) {
				await rm(aside, { force: true })
				throw error
			}
			return { size, md5: hash.digest('hex'), lastModified: (await stat(target)).mtime }
		},
		async open(version) {
			try {
				return await open(pathOf(version), 'r')
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
				throw error
			}
		},
		async remove(versions) {
			for (const version of versions) {
				if (version && uuidPattern.test(version)) await rm(join(root, version), { force: true })
			}
		},
		close: async () => {
			if (!dir) await rm(root, { recursive: true, force: true })
		},
	}
}
