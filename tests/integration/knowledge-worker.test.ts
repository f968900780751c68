import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type * as ProcessJob from '~/.server/knowledge/process-job'
import type * as Search from '~/.server/knowledge/search'
import type * as Worker from '~/.server/jobs/worker'
import type { DocumentType } from '~/lib/documents'
import {
	assistantOnPlan,
	docxFile,
	passwordPdf,
	pdfFile,
	prosePages,
	storeDocument,
	textPdf,
	windows1252Csv,
} from '../support/documents'
import { startStorageStandIn, type StorageStandIn } from '../support/storage'
import { createUser, serviceClient, type TestUser } from '../support/supabase'
import { uniqueEmail } from '../support/unique'

// The worker reads a client's documents (job 'documento.procesar'): real PDFs, DOCX and CSV made here, each kind
// of unreadable one failing with its reason, and the passages it writes answering 'Probar el asistente'.
let standIn: StorageStandIn
let worker: typeof Worker
let jobs: typeof ProcessJob
let search: typeof Search
let user: TestUser
let assistant: string

beforeAll(async () => {
	standIn = await startStorageStandIn()
	Object.assign(process.env, { SUPABASE_URL: standIn.supabase.url })
	vi.resetModules()
	worker = await import('~/.server/jobs/worker')
	jobs = await import('~/.server/knowledge/process-job')
	search = await import('~/.server/knowledge/search')
	user = await createUser(standIn.supabase.url, uniqueEmail('worker-docs'))
	assistant = await assistantOnPlan(standIn.supabase.url, user, 'enterprise')
})
afterAll(() => standIn.stop())

/** As the upload stores it: the file in the client's folder, then its row (which enqueues its job). */
const upload = (name: string, type: DocumentType, bytes: Buffer) => storeDocument(user, assistant, name, type, bytes)

const processDocuments = () =>
	worker.runDueJobs({
		handlers: { 'documento.procesar': jobs.processDocumentJob, 'documento.borrar': jobs.removeDocumentFileJob },
	})

async function documentRow(id: string) {
	const { data, error } = await user.client
		.from('documentos')
		.select('estado, motivo, paginas, pasajes')
		.eq('id', id)
		.single()
	if (error) throw error
	return data
}

describe('documents read', () => {
	test('a PDF page by page, a DOCX and a Windows-1252 CSV become passages with their pages', async () => {
		const pdf = await upload(
			'Condiciones de contratación.pdf',
			'pdf',
			await pdfFile([
				'Condiciones generales de KIA.',
				'La entrega del asistente tarda entre 2 y 4 semanas.\nEl pago se hace por adelantado.',
			]),
		)
		const docx = await upload(
			'Guía fiscal ñandú.docx',
			'docx',
			docxFile(['Recordatorios fiscales', 'El modelo 303 del IVA se presenta cada trimestre.']),
		)
		const csv = await upload(
			'Tarifas año 2026.csv',
			'csv',
			windows1252Csv('servicio;precio\nMantenimiento mensual;149 €\nFormación del equipo;180 €'),
		)
		await processDocuments()
		expect(await documentRow(pdf)).toEqual({ estado: 'listo', motivo: null, paginas: 2, pasajes: 2 })
		expect(await documentRow(docx)).toMatchObject({ estado: 'listo', paginas: null, pasajes: 1 })
		expect(await documentRow(csv)).toMatchObject({ estado: 'listo', pasajes: 1 })

		const delivery = await search.askDocuments(user.client, assistant, '¿Cuánto tarda la entrega?')
		expect(delivery).toEqual({
			kind: 'found',
			quotes: [
				{
					document: 'Condiciones de contratación.pdf',
					page: 2,
					text: expect.stringContaining('entre 2 y 4 semanas'),
				},
			],
		})
		// No accents, a typo: the same passage.
		const vat = await search.askDocuments(user.client, assistant, 'cuando se presenta el modleo del iva trimestral')
		expect(vat).toMatchObject({ kind: 'found', quotes: [{ document: 'Guía fiscal ñandú.docx', page: null }] })
		const training = await search.askDocuments(user.client, assistant, 'precio de la formacion')
		expect(training).toMatchObject({
			kind: 'found',
			quotes: [{ text: expect.stringContaining('Formación del equipo;180 €') }],
		})
		expect(await search.askDocuments(user.client, assistant, '¿Tenéis servicio de catering?')).toEqual({
			kind: 'not-found',
		})
	})

	test('a PDF of full pages is quoted by its paragraphs, each with its page', async () => {
		const pages = prosePages(3, { title: 'Manual de uso' })
		const id = await upload('Manual de uso.pdf', 'pdf', await textPdf(pages))
		await processDocuments()
		expect(await documentRow(id)).toMatchObject({ estado: 'listo', paginas: 3 })
		const normalized = (text: string) => text.replace(/\s+/g, ' ').trim()
		// A paragraph from the middle of the second page, asked in its own words.
		const paragraphs = (pages[1] ?? '').split('\n\n')
		const asked = paragraphs[Math.floor(paragraphs.length / 2)] ?? ''
		const answer = await search.askDocuments(user.client, assistant, asked.split(' ').slice(0, 30).join(' '))
		if (answer.kind !== 'found') throw new Error('the paragraph asked for was not found')
		const [first] = answer.quotes
		expect(first).toMatchObject({ document: 'Manual de uso.pdf', page: 2 })
		const quoted = (first?.text ?? '').split('\n\n').map(normalized)
		expect(quoted).toContain(normalized(asked))
		expect(quoted.length).toBeLessThan(paragraphs.length / 2)
		expect(paragraphs.map(normalized)).toEqual(expect.arrayContaining(quoted))
	})

	test.each([
		['a scanned PDF (no text)', 'Escaneado.pdf', 'pdf', () => pdfFile([null, null]), 'sin_texto'],
		['a password-protected PDF', 'Protegido.pdf', 'pdf', passwordPdf, 'protegido'],
		['a damaged PDF', 'Roto.pdf', 'pdf', async () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog'), 'danado'],
		[
			'a very long PDF',
			'Larguísimo.pdf',
			'pdf',
			() => pdfFile(Array.from({ length: 2001 }, () => '')),
			'demasiado_largo',
		],
		[
			'a DOCX whose text expands past the limit',
			'Enorme.docx',
			'docx',
			async () => docxFile(['a '.repeat(2_600_000)]),
			'texto_excesivo',
		],
	] as const)(
		'%s fails with its reason, at once',
		async (_, name, type, make, reason) => {
			const id = await upload(name, type, await make())
			await processDocuments()
			expect(await documentRow(id)).toMatchObject({ estado: 'fallido', motivo: reason, pasajes: 0 })
			const { data } = await serviceClient(standIn.supabase.url)
				.from('trabajos')
				.select('estado, intentos')
				.eq('datos->>documento', id)
			expect(data).toEqual([{ estado: 'fallido', intentos: 1 }])
		},
		60_000,
	)

	test('a document whose file cannot be read is retried, then fails as stuck', async () => {
		const id = await upload('Se perderá.txt', 'txt', Buffer.from('Texto que nadie leerá'))
		// Its file gone behind the row's back (Storage lost it): every attempt fails until the last.
		const { data: row } = await user.client.from('documentos').select('objeto').eq('id', id).single()
		await user.client.storage.from('documentos').remove([row?.objeto ?? ''])
		for (let attempt = 1; attempt <= 3; attempt += 1) {
			await processDocuments()
			await standIn.supabase.db.query(
				`update trabajos set disponible_desde = now() where datos ->> 'documento' = $1 and estado = 'pendiente'`,
				[id],
			)
		}
		expect(await documentRow(id)).toMatchObject({ estado: 'fallido', motivo: 'atascado' })
	}, 60_000)
})

describe('the search', () => {
	test('reads the rarest stems first and answers as a search of every passage would: those holding more than half', async () => {
		const archive = await assistantOnPlan(standIn.supabase.url, user, 'enterprise')
		const service = serviceClient(standIn.supabase.url)
		// Stems from one most passages hold to one a few do, each up to three times (how often counts in the rank).
		const stems = { comun: 0.9, frecuent: 0.6, medi: 0.3, poc: 0.1, rar: 0.03, unic: 0.01 }
		let seed = 7
		const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647
		const counts: Record<string, number> = {}
		for (const document of [1, 2]) {
			const id = randomUUID()
			const inserted = await service.from('documentos').insert({
				id,
				asistente_id: archive,
				user_id: user.id,
				nombre: `Archivo ${document}.txt`,
				objeto: `${user.id}/${archive}/${id}.txt`,
				tipo: 'txt',
				tamano: 1,
				sha256: createHash('sha256').update(id).digest('hex'),
				estado: 'procesando',
			})
			if (inserted.error) throw inserted.error
			const passages = Array.from({ length: 150 }, (_, n) => {
				const held = Object.entries(stems).filter(([, share]) => random() < share)
				for (const [stem] of held) counts[stem] = (counts[stem] ?? 0) + 1
				const terms = held.flatMap(([stem]) => Array.from({ length: 1 + Math.floor(random() * 3) }, () => stem))
				return { pagina: 1, texto: `Pasaje ${document}-${n}`, terminos: ['relleno', ...terms].join(' ') }
			})
			const saved = await service.rpc('guardar_pasajes', { documento: id, pasajes: passages, paginas: 1 })
			expect(saved.data).toBe(true)
		}
		const { rows: vocabulary } = await standIn.supabase.db.query<{ termino: string; pasajes: number }>(
			`select termino, pasajes from vocabulario where asistente_id = $1 and termino <> 'relleno' order by termino`,
			[archive],
		)
		expect(Object.fromEntries(vocabulary.map((row) => [row.termino, row.pasajes]))).toEqual(counts)

		/** The same order, reading every passage of the assistant. */
		const everyPassage = async (terms: string[]) => {
			const { rows } = await standIn.supabase.db.query<{ texto: string; coincidencias: number }>(
				`select texto, coincidencias from (
				   select p.id, p.texto, p.terminos,
				     (select count(*)::integer from unnest($2::text[]) t where p.terminos @@ t::tsquery) as coincidencias
				   from pasajes p where p.asistente_id = $1
				 ) p
				 where coincidencias >= cardinality($2::text[]) / 2 + 1
				 order by coincidencias desc, ts_rank(p.terminos, array_to_string($2::text[], ' | ')::tsquery) desc, p.id
				 limit 5`,
				[archive, terms],
			)
			return rows
		}
		const names = Object.keys(stems)
		const questions = Array.from({ length: 2 ** names.length - 1 }, (_, mask) =>
			names.filter((_, bit) => ((mask + 1) >> bit) & 1),
		)
		// Unknown stems count as asked; past eight stems the search reads the rarest ones' passages instead of groups.
		const more = [
			['comun', 'inexistent'],
			['rar', 'comun', 'inexistent'],
			[...names, 'relleno', 'inexistent', 'ningun'],
		]
		for (const terms of [...questions, ...more]) {
			const { data, error } = await user.client.rpc('buscar_pasajes', {
				asistente: archive,
				terminos: terms,
				cuantos: 5,
			})
			if (error) throw error
			expect({ terms, found: data.map(({ texto, coincidencias }) => ({ texto, coincidencias })) }).toEqual({
				terms,
				found: await everyPassage(terms),
			})
		}
	})
})
