import { randomUUID, createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../../app/lib/database.types'
import { startStorageStandIn, type StorageStandIn } from '../../support/storage'
import { client, createUser, serviceClient, type TestUser } from '../../support/supabase'
import { uniqueEmail } from '../../support/unique'

// A client's documents (issue 67): the bucket's folders, the rows and passages, the plan's count under uploads at
// once and the duplicate refusal, as the migration's policies and functions enforce them through the API.
let standIn: StorageStandIn
let ana: TestUser
let beto: TestUser
let admin: SupabaseClient<Database>
let anaAssistant: string
let betoAssistant: string
const bucket = 'documentos'

const service = () => serviceClient(standIn.supabase.url)

async function assistantFor(user: TestUser, plan: 'starter' | 'business' | 'enterprise' | null) {
	const { data, error } = await service()
		.from('asistentes')
		.insert({ user_id: user.id, nombre: `Asistente de ${user.email}` })
		.select('id')
		.single()
	if (error) throw error
	if (plan) {
		const subscribed = await service()
			.from('suscripciones')
			.insert({
				id: `sub_${randomUUID()}`,
				user_id: user.id,
				customer_id: `cus_${user.id}`,
				price_id: 'price_x',
				plan,
				periodo: 'monthly',
				status: 'active',
			})
		if (subscribed.error) throw subscribed.error
	}
	return data.id
}

/** As the upload does it: the file in the client's folder, then its row. */
async function upload(user: TestUser, assistant: string, text: string, name = 'Tarifas de la gestoría.txt') {
	const id = randomUUID()
	const key = `${user.id}/${assistant}/${id}.txt`
	const stored = await user.client.storage.from(bucket).upload(key, Buffer.from(text), { contentType: 'text/plain' })
	if (stored.error) throw stored.error
	const registered = await user.client.rpc('registrar_documento', {
		id,
		asistente: assistant,
		nombre: name,
		tipo: 'txt',
		tamano: Buffer.byteLength(text),
		sha256: createHash('sha256').update(text).digest('hex'),
	})
	return { id, key, registered }
}

beforeAll(async () => {
	standIn = await startStorageStandIn()
	ana = await createUser(standIn.supabase.url, uniqueEmail('docs-ana'))
	beto = await createUser(standIn.supabase.url, uniqueEmail('docs-beto'))
	admin = client(standIn.supabase.url)
	await admin.auth.signInWithPassword({ email: 'admin@kia.test', password: 'kia-admin-2025' })
	anaAssistant = await assistantFor(ana, 'starter')
	betoAssistant = await assistantFor(beto, null)
})
afterAll(() => standIn.stop())

describe('the documents bucket', () => {
	test('is private, with its size limit and the types we read', async () => {
		const { rows } = await standIn.supabase.db.query(
			`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'documentos'`,
		)
		expect(rows[0]).toEqual({
			public: false,
			file_size_limit: 52428800,
			allowed_mime_types: [
				'application/pdf',
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
				'text/plain',
				'text/markdown',
				'text/csv',
			],
		})
	})

	test('a client writes, reads and removes in their own folder only', async () => {
		const own = `${ana.id}/${anaAssistant}/${randomUUID()}.txt`
		expect(
			(await ana.client.storage.from(bucket).upload(own, Buffer.from('hola'), { contentType: 'text/plain' })).error,
		).toBeNull()
		const intruding = await beto.client.storage
			.from(bucket)
			.upload(`${ana.id}/${anaAssistant}/${randomUUID()}.txt`, Buffer.from('x'), { contentType: 'text/plain' })
		expect(intruding.error).toMatchObject({ statusCode: '403' })
		// Storage answers another's object as missing, as it does one that does not exist.
		expect((await beto.client.storage.from(bucket).download(own)).error).toMatchObject({ statusCode: '404' })
		expect((await beto.client.storage.from(bucket).list(`${ana.id}/${anaAssistant}`)).data).toEqual([])
		expect((await beto.client.storage.from(bucket).createSignedUrl(own, 60)).error).not.toBeNull()
		expect((await beto.client.storage.from(bucket).remove([own])).data).toEqual([])
		expect(await (await ana.client.storage.from(bucket).download(own)).data?.text()).toBe('hola')
		expect((await client(standIn.supabase.url).storage.from(bucket).download(own)).error).not.toBeNull()
		expect((await ana.client.storage.from(bucket).remove([own])).data).toHaveLength(1)
	})

	test('a type the bucket does not take is refused, whatever the folder', async () => {
		const refused = await ana.client.storage
			.from(bucket)
			.upload(`${ana.id}/${anaAssistant}/${randomUUID()}.exe`, Buffer.from('MZ'), {
				contentType: 'application/x-msdownload',
			})
		expect(refused.error).toMatchObject({ statusCode: '415' })
	})
})

describe('registrar_documento', () => {
	test('a document with its file is registered, queued, and seen only by its owner and the admins', async () => {
		const { id, registered } = await upload(ana, anaAssistant, 'Plazo de entrega: 2 a 4 semanas.')
		expect(registered).toMatchObject({ error: null, data: { ok: true } })
		const row = await ana.client.from('documentos').select('nombre, estado, subido_por').eq('id', id).single()
		expect(row.data).toEqual({ nombre: 'Tarifas de la gestoría.txt', estado: 'en_cola', subido_por: ana.id })
		expect((await beto.client.from('documentos').select('id').eq('id', id)).data).toEqual([])
		expect((await admin.from('documentos').select('id').eq('id', id)).data).toEqual([{ id }])
		const { rows } = await standIn.supabase.db.query(
			`select tipo, max_intentos from trabajos where datos ->> 'documento' = $1`,
			[id],
		)
		expect(rows).toEqual([{ tipo: 'documento.procesar', max_intentos: 3 }])
	})

	test('the same content twice in one assistant is refused, naming the first', async () => {
		await upload(ana, anaAssistant, 'Contenido único', 'Primero.txt')
		const again = await upload(ana, anaAssistant, 'Contenido único', 'Segundo.txt')
		expect(again.registered.data).toEqual({ ok: false, error: 'duplicado', existente: 'Primero.txt' })
	})

	test('without its file, or for another client’s assistant, nothing is registered', async () => {
		const missing = await ana.client.rpc('registrar_documento', {
			id: randomUUID(),
			asistente: anaAssistant,
			nombre: 'Fantasma.txt',
			tipo: 'txt',
			tamano: 1,
			sha256: 'a'.repeat(64),
		})
		expect(missing.data).toEqual({ ok: false, error: 'sin_archivo' })
		const intruding = await beto.client.rpc('registrar_documento', {
			id: randomUUID(),
			asistente: anaAssistant,
			nombre: 'Intruso.txt',
			tipo: 'txt',
			tamano: 1,
			sha256: 'b'.repeat(64),
		})
		expect(intruding.error?.code).toBe('42501')
	})

	test('a client with no active plan is told so', async () => {
		const { registered } = await upload(beto, betoAssistant, 'Sin plan')
		expect(registered.data).toEqual({ ok: false, error: 'sin_plan' })
		expect((await beto.client.rpc('cupo_documentos', { asistente: betoAssistant })).data).toEqual({
			plan: null,
			limite: null,
			usados: 0,
		})
	})

	test('the plan’s count holds at its edge when uploads arrive at once', async () => {
		const carla = await createUser(standIn.supabase.url, uniqueEmail('docs-carla'))
		const assistant = await assistantFor(carla, 'starter')
		// 97 documents already: three more fit, of the eight sent together.
		await standIn.supabase.db.query(
			`insert into documentos (id, asistente_id, user_id, nombre, objeto, tipo, tamano, sha256)
			select g.id, $1::uuid, $2::uuid, 'Anterior ' || g.n || '.txt', $2 || '/' || $1 || '/' || g.id || '.txt', 'txt', 1,
				encode(sha256(g.n::text::bytea), 'hex')
			from (select gen_random_uuid() as id, n from generate_series(1, 97) n) g`,
			[assistant, carla.id],
		)
		const results = await Promise.all(
			Array.from({ length: 8 }, (_, n) => upload(carla, assistant, `Documento a la vez ${n}`)),
		)
		const answers = results.map((result) => result.registered.data)
		expect(answers.filter((answer) => JSON.stringify(answer) === '{"ok":true}')).toHaveLength(3)
		expect(answers.filter((answer) => JSON.stringify(answer) !== '{"ok":true}')).toEqual(
			Array.from({ length: 5 }, () => ({ ok: false, error: 'limite', plan: 'starter', limite: 100 })),
		)
		expect((await carla.client.rpc('cupo_documentos', { asistente: assistant })).data).toEqual({
			plan: 'starter',
			limite: 100,
			usados: 100,
		})
	})

	test('Enterprise has no limit', async () => {
		const dani = await createUser(standIn.supabase.url, uniqueEmail('docs-dani'))
		const assistant = await assistantFor(dani, 'enterprise')
		expect((await dani.client.rpc('cupo_documentos', { asistente: assistant })).data).toEqual({
			plan: 'enterprise',
			limite: null,
			usados: 0,
		})
	})
})

describe('passages and their search', () => {
	test('a client reads and searches only their own assistants’ passages; deleting a document takes them at once', async () => {
		const { id } = await upload(ana, anaAssistant, 'IVA trimestral')
		await service().rpc('empezar_documento', { documento: id })
		const saved = await service().rpc('guardar_pasajes', {
			documento: id,
			paginas: 1,
			pasajes: [{ pagina: 1, texto: 'El IVA se presenta cada trimestre.', terminos: 'iva present trimestr' }],
		})
		expect(saved.data).toBe(true)
		const found = await ana.client.rpc('buscar_pasajes', { asistente: anaAssistant, terminos: ['trimestr'] })
		expect(found.data?.map((row) => [row.documento, row.pagina, row.texto])).toEqual([
			['Tarifas de la gestoría.txt', 1, 'El IVA se presenta cada trimestre.'],
		])
		const typo = await ana.client.rpc('buscar_pasajes', { asistente: anaAssistant, terminos: ['trimestrr'] })
		expect(typo.data).toHaveLength(1)
		expect((await beto.client.from('pasajes').select('id').eq('documento_id', id)).data).toEqual([])
		const refused = await beto.client.rpc('buscar_pasajes', { asistente: anaAssistant, terminos: ['trimestr'] })
		expect(refused.error?.code).toBe('42501')
		expect((await beto.client.from('documentos').delete().eq('id', id).select('id')).data).toEqual([])
		expect((await ana.client.from('documentos').delete().eq('id', id).select('id')).data).toEqual([{ id }])
		const after = await ana.client.rpc('buscar_pasajes', { asistente: anaAssistant, terminos: ['trimestr'] })
		expect(after.data).toEqual([])
		const { rows } = await standIn.supabase.db.query(`select tipo from trabajos where datos ->> 'objeto' like $1`, [
			`%${id}%`,
		])
		expect(rows).toEqual([{ tipo: 'documento.borrar' }])
	})

	test('a document whose job fails for good fails with a reason; Reintentar puts it back in the queue', async () => {
		const { id } = await upload(ana, anaAssistant, 'Atascado')
		await standIn.supabase.db.query(
			`update trabajos set estado = 'fallido', terminado_at = now() where datos ->> 'documento' = $1`,
			[id],
		)
		const failed = await ana.client.from('documentos').select('estado, motivo').eq('id', id).single()
		expect(failed.data).toEqual({ estado: 'fallido', motivo: 'atascado' })
		expect((await ana.client.rpc('reprocesar_documento', { documento: id })).error?.code).toBe('42501')
		expect((await admin.rpc('reprocesar_documento', { documento: id })).data).toBe(true)
		const queued = await ana.client.from('documentos').select('estado, motivo').eq('id', id).single()
		expect(queued.data).toEqual({ estado: 'en_cola', motivo: null })
	})
})
