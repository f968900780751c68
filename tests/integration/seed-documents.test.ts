import { createHash } from 'node:crypto'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type * as ProcessJob from '~/.server/knowledge/process-job'
import type * as Search from '~/.server/knowledge/search'
import type * as Worker from '~/.server/jobs/worker'
import { startLocalServices } from '../../local'
import { cliContentType } from '../../local/supabase/cli-content-type'
import { seedBuckets } from '../../local/supabase/seed-buckets'
import { objectsDir } from '../../scripts/seed-documents'
import { docxFile } from '../support/documents'
import { listedVersions, startStorageStandIn, type StorageStandIn } from '../support/storage'
import { serviceClient, signedIn } from '../support/supabase'

// The lived-in seed's client has an assistant with documents (issue 67): on a new database, the seed's rows and
// their files in Storage, one for one, uploaded as `supabase db reset` uploads config.toml's buckets; the real
// worker reads them into passages, and 'Probar el asistente' answers the client's questions from them.
let standIn: StorageStandIn
let worker: typeof Worker
let jobs: typeof ProcessJob
let search: typeof Search

const client = 'c0000000-0000-4000-8000-000000000001'
const assistant = 'a5000000-0000-4000-8000-000000000001'

beforeAll(async () => {
	standIn = await startStorageStandIn()
	Object.assign(process.env, { SUPABASE_URL: standIn.supabase.url })
	vi.resetModules()
	worker = await import('~/.server/jobs/worker')
	jobs = await import('~/.server/knowledge/process-job')
	search = await import('~/.server/knowledge/search')
})
afterAll(() => standIn.stop())

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

type SeedRow = { id: string; nombre: string; objeto: string; tamano: number; sha256: string; estado: string }
type ObjectRow = { name: string; owner: string | null; size: number; mimetype: string; cache: string }

async function seedRows() {
	const { rows } = await standIn.supabase.db.query<SeedRow>(
		`select id, nombre, objeto, tamano, sha256, estado from documentos where asistente_id = $1 order by id`,
		[assistant],
	)
	return rows
}

describe('a freshly seeded database', () => {
	test('holds the client’s documents, each with its file in Storage and no file without its row', async () => {
		const rows = await seedRows()
		expect(rows.map(({ nombre, estado }) => [nombre, estado])).toEqual([
			['Calendario fiscal para clientes.pdf', 'en_cola'],
			['Tarifas y servicios.pdf', 'en_cola'],
			['Preguntas frecuentes de los clientes.pdf', 'en_cola'],
		])
		const { rows: objects } = await standIn.supabase.db.query<ObjectRow>(
			`select name, owner, (metadata ->> 'size')::int as size, metadata ->> 'mimetype' as mimetype,
			        metadata ->> 'cacheControl' as cache
			 from storage.objects where bucket_id = 'documentos' order by name`,
		)
		// What the CLI sends: the service role's upload (no owner), the sniffed type, storage-js's cache default.
		expect(objects).toEqual(
			rows.map((row) => ({
				name: `${client}/${assistant}/${row.id}.pdf`,
				owner: null,
				size: row.tamano,
				mimetype: 'application/pdf',
				cache: 'max-age=3600',
			})),
		)
		for (const row of rows) {
			const downloaded = await serviceClient(standIn.supabase.url).storage.from('documentos').download(row.objeto)
			if (downloaded.error) throw downloaded.error
			const bytes = new Uint8Array(await downloaded.data.arrayBuffer())
			expect(sha256(bytes), row.nombre).toBe(row.sha256)
			expect(bytes.byteLength, row.nombre).toBe(row.tamano)
			// The committed file (tests/unit/seed-documents.test.ts: what `npm run seed:documents` makes).
			expect(sha256(await readFile(join(objectsDir, row.objeto))), row.nombre).toBe(row.sha256)
		}
		expect(await standIn.storedFiles()).toEqual(await listedVersions(standIn.supabase))

		const { rows: queued } = await standIn.supabase.db.query<{ documento: string; estado: string }>(
			`select datos ->> 'documento' as documento, estado from trabajos where tipo = 'documento.procesar' order by 1`,
		)
		expect(queued).toEqual(rows.map((row) => ({ documento: row.id, estado: 'pendiente' })))
	})

	test('once the worker has read them, they are ready, and the client’s questions are answered from them', async () => {
		await worker.runDueJobs({
			handlers: { 'documento.procesar': jobs.processDocumentJob, 'documento.borrar': jobs.removeDocumentFileJob },
		})
		const { rows } = await standIn.supabase.db.query<{
			nombre: string
			estado: string
			paginas: number
			pasajes: number
		}>(`select nombre, estado, paginas, pasajes from documentos where asistente_id = $1 order by id`, [assistant])
		expect(rows).toEqual([
			{ nombre: 'Calendario fiscal para clientes.pdf', estado: 'listo', paginas: 8, pasajes: 8 },
			{ nombre: 'Tarifas y servicios.pdf', estado: 'listo', paginas: 2, pasajes: 2 },
			{ nombre: 'Preguntas frecuentes de los clientes.pdf', estado: 'listo', paginas: 5, pasajes: 5 },
		])

		// As the client, through buscar_pasajes, which only the assistant's owner (or an admin) may search.
		const { client: session } = await signedIn(standIn.supabase.url, 'cliente@kia.test', 'kia-cliente-2025')
		const ask = (question: string) => search.askDocuments(session, assistant, question)
		/** The best quote's document, page and text, its lines joined as the page shows them. */
		const best = async (question: string) => {
			const answer = await ask(question)
			if (answer.kind !== 'found') throw new Error(`no answer to '${question}'`)
			const [first] = answer.quotes
			return first && { ...first, text: first.text.replace(/\s+/g, ' ') }
		}
		expect(await best('¿Cuándo se presenta el modelo 303?')).toEqual({
			document: 'Calendario fiscal para clientes.pdf',
			page: 2,
			text: expect.stringContaining('se presentan del 1 al 20 de abril'),
		})
		expect(await best('¿Qué horario tenéis en agosto?')).toEqual({
			document: 'Preguntas frecuentes de los clientes.pdf',
			page: 1,
			text: expect.stringContaining('horario de verano: de 8:00 a 15:00'),
		})
		expect(await best('¿Cuánto cuesta la declaración de la renta?')).toEqual({
			document: 'Tarifas y servicios.pdf',
			page: 2,
			text: expect.stringContaining('60 euros la individual'),
		})
		expect(await ask('¿Hacéis la contabilidad de comunidades de vecinos?')).toEqual({ kind: 'not-found' })
	})
})

describe('the seeding is the CLI’s', () => {
	test('types as `supabase seed buckets` sends them: a PDF is one, a DOCX a zip, text text with a charset', async () => {
		expect(cliContentType('a.pdf', Buffer.from('%PDF-1.7\n'))).toBe('application/pdf')
		expect(cliContentType('a.docx', docxFile(['Hola']))).toBe('application/zip')
		expect(cliContentType('a.md', Buffer.from('# Preguntas\n'))).toBe('text/plain; charset=utf-8')
		expect(cliContentType('a.txt', Buffer.from('Hola'))).toBe('text/plain; charset=utf-8')
		expect(cliContentType('a.html', Buffer.from('hola'))).toBe('text/html; charset=utf-8')
		expect(cliContentType('a.csv', Buffer.from('a\u0000b'))).toBe('application/octet-stream')
	})

	test('a text file in the documents bucket’s folder is refused as the CLI’s would be: only PDFs can be seeded', async () => {
		const folder = await mkdtemp(join(tmpdir(), 'kia-seed-bucket-'))
		try {
			await writeFile(join(folder, 'notas.md'), '# Notas\n\nEl IVA se presenta cada trimestre.')
			const seeding = seedBuckets(standIn.supabase.url, [
				{
					name: 'documentos',
					public: undefined,
					fileSizeLimit: 50 * 1024 * 1024,
					allowedMimeTypes: undefined,
					objectsPath: folder,
				},
			])
			await expect(seeding).rejects.toThrow(/mime type text\/plain; charset=utf-8 is not supported/)
		} finally {
			await rm(folder, { recursive: true, force: true })
		}
	})
})

describe('the development services', () => {
	test('upload the seed’s objects on a new database, and not again on the one they keep', async () => {
		const dataDir = await mkdtemp(join(tmpdir(), 'kia-dev-data-'))
		// Reachable by the server's own user, which it runs as when the tests run as root (local/postgres.ts).
		await chmod(dataDir, 0o755)
		const start = () =>
			startLocalServices({
				ports: { supabase: 0, postgres: 0, smtp: 0, mailWeb: 0, stripe: 0 },
				dataDir: join(dataDir, 'postgres'),
			})
		const versions = async (services: Awaited<ReturnType<typeof start>>) =>
			(
				await services.database.query<{ name: string; version: string }>(
					`select name, version from storage.objects where bucket_id = 'documentos' order by name`,
				)
			).rows
		try {
			const first = await start()
			const uploaded = await versions(first).finally(() => first.stop())
			expect(uploaded).toHaveLength(3)
			const again = await start()
			expect(await versions(again).finally(() => again.stop())).toEqual(uploaded)
		} finally {
			await rm(dataDir, { recursive: true, force: true })
		}
	}, 120_000)
})
