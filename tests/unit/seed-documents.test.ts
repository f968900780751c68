import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { objectsDir, seedDocuments } from '../../scripts/seed-documents'

// The seed's documents are committed files that supabase/seed.sql describes (issue 67): both must be what
// `npm run seed:documents` makes now.

test('the committed files are what `npm run seed:documents` makes, and nothing else is in the folder', async () => {
	const files = await seedDocuments()
	for (const file of files) {
		const committed = await readFile(join(objectsDir, file.key))
		expect(committed.equals(file.bytes), `${file.name} is stale: run npm run seed:documents`).toBe(true)
	}
	const listed = await readdir(objectsDir, { recursive: true, withFileTypes: true })
	const keys = listed
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(objectsDir.length + 1))
	expect(keys.sort()).toEqual(files.map((file) => file.key).sort())
})

test('seed.sql names each file with its size and hash', async () => {
	const seed = await readFile('supabase/seed.sql', 'utf8')
	const rows = [...seed.matchAll(/\('(d5[0-9a-f-]+)'::uuid, '([^']+)', (\d+),\s+'([0-9a-f]{64})'/g)].map(
		([, id, name, size, sha256]) => ({ id, name, size: Number(size), sha256 }),
	)
	const files = await seedDocuments()
	expect(rows).toEqual(
		files.map((file) => ({ id: file.id, name: file.name, size: file.bytes.byteLength, sha256: file.sha256 })),
	)
})
